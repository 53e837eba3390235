package theme

import (
	"image/color"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Style is a text style: colours and attributes turned into one SGR prefix
// when the style is made, so painting a span costs two string joins. Cards
// paint many small spans (one per syntax token), which is why this is not a
// lipgloss.Style: those re-measure and re-wrap on every Render.
type Style struct {
	Fg, Bg                                          color.Color
	Bold, Faint, Italic, Underline, Strike, Reverse bool

	prefix string
}

// Reset ends every style; cards end each styled span with it so nothing bleeds.
const Reset = "\x1b[m"

// Make computes the style's SGR prefix. Styles built by hand must be made
// before use; the theme's own styles already are.
func (s Style) Make() Style {
	var a ansi.Style
	if s.Bold {
		a = a.Bold()
	}
	if s.Faint {
		a = a.Faint()
	}
	if s.Italic {
		a = a.Italic(true)
	}
	if s.Underline {
		a = a.Underline(true)
	}
	if s.Strike {
		a = a.Strikethrough(true)
	}
	if s.Reverse {
		a = a.Reverse(true)
	}
	if s.Fg != nil {
		a = a.ForegroundColor(s.Fg)
	}
	if s.Bg != nil {
		a = a.BackgroundColor(s.Bg)
	}
	s.prefix = ""
	if len(a) > 0 {
		s.prefix = a.String()
	}
	return s
}

// Render paints text, which must hold no escape of its own. Empty text stays
// empty so padding never carries stray sequences.
func (s Style) Render(text string) string {
	if !s.paints(text) {
		return text
	}
	return s.prefix + text + Reset
}

// RenderTo writes Render(text) to b: a row of many spans is painted into
// one buffer of its size (RenderedLen), not a string a span.
func (s Style) RenderTo(b *strings.Builder, text string) {
	if !s.paints(text) {
		b.WriteString(text)
		return
	}
	b.WriteString(s.prefix)
	b.WriteString(text)
	b.WriteString(Reset)
}

// RenderedLen is len(Render(text)).
func (s Style) RenderedLen(text string) int {
	if !s.paints(text) {
		return len(text)
	}
	return len(s.prefix) + len(text) + len(Reset)
}

// paints reports whether Render adds escapes to text.
func (s Style) paints(text string) bool { return s.prefix != "" && text != "" }

// Prefix is the style's opening SGR sequence ("" for the plain style).
func (s Style) Prefix() string { return s.prefix }

// With returns s with the colours and attributes of o laid over it.
func (s Style) With(o Style) Style {
	if o.Fg != nil {
		s.Fg = o.Fg
	}
	if o.Bg != nil {
		s.Bg = o.Bg
	}
	s.Bold = s.Bold || o.Bold
	s.Faint = s.Faint || o.Faint
	s.Italic = s.Italic || o.Italic
	s.Underline = s.Underline || o.Underline
	s.Strike = s.Strike || o.Strike
	s.Reverse = s.Reverse || o.Reverse
	return s.Make()
}
