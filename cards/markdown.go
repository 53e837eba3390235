package cards

import (
	"runtime"
	"strings"
	"sync"
	"unicode/utf8"

	"charm.land/glamour/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/theme"
)

// mdKey names one glamour renderer: renderers are built once per theme,
// dimness and width and reused, never built per card.
type mdKey struct {
	theme string
	dim   bool
	width int
}

// mdPool holds the idle renderers of one key. A TermRenderer is not safe
// for concurrent use, so each card takes one for itself; cards drawn on
// several cores at once get one each, and they are kept for the next.
type mdPool chan *glamour.TermRenderer

var mdRenderers sync.Map // mdKey → mdPool

// takeRenderer returns an idle renderer for the key, or builds one.
func takeRenderer(th *theme.Theme, dim bool, width int) (*glamour.TermRenderer, mdPool) {
	key := mdKey{th.Name, dim, width}
	p, ok := mdRenderers.Load(key)
	if !ok {
		p, _ = mdRenderers.LoadOrStore(key, make(mdPool, runtime.GOMAXPROCS(0)))
	}
	pool := p.(mdPool)
	select {
	case r := <-pool:
		return r, pool
	default:
	}
	r, err := glamour.NewTermRenderer(
		glamour.WithStyles(th.Markdown(dim)),
		glamour.WithWordWrap(width),
		glamour.WithChromaFormatter("terminal16m"),
	)
	if err != nil {
		return nil, pool
	}
	return r, pool
}

// giveBack keeps a renderer for the next card, unless enough are idle.
func (p mdPool) giveBack(r *glamour.TermRenderer) {
	select {
	case p <- r:
	default:
	}
}

// markdown renders untrusted Markdown as lines of at most width cells. The
// text is made safe first (controls become visible marks), and glamour's
// output keeps only its own colours: links show their URL as text, never as
// an OSC 8 sequence.
func markdown(th *theme.Theme, text string, width int, dim bool) []string {
	text = safeMarkdown(text)
	for _, lang := range fenceLangs(text) { // glamour lexes code blocks: ready their lexers first
		budgetFence(lang)
	}
	if strings.TrimSpace(text) == "" {
		return nil
	}
	out := ""
	if r, pool := takeRenderer(th, dim, width); r != nil {
		rendered, err := r.Render(text)
		pool.giveBack(r)
		if err == nil {
			out = rendered
		}
	}
	if out == "" { // glamour failed: the text itself, wrapped
		st := th.Text
		if dim {
			st = th.Muted
		}
		var lines []string
		for _, l := range strings.Split(text, "\n") {
			for _, row := range safeLine(th, l, st).wrap(width) {
				lines = append(lines, row.String())
			}
		}
		return lines
	}
	var lines []string
	for _, l := range strings.Split(keepSGR(out), "\n") {
		l = trimRightSpace(l)
		for ansi.StringWidth(l) > width {
			head := ansi.Truncate(l, width, "")
			lines = append(lines, head+theme.Reset)
			l = ansi.TruncateLeft(l, width, "")
		}
		lines = append(lines, l)
	}
	return trimBlank(lines)
}

// fenceLangs lists the languages of the fenced code blocks in Markdown.
func fenceLangs(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimLeft(l, " ")
		for _, fence := range []string{"```", "~~~"} {
			if rest, ok := strings.CutPrefix(l, fence); ok {
				if f := strings.Fields(strings.TrimLeft(rest, "`~")); len(f) > 0 {
					out = append(out, f[0])
				}
			}
		}
	}
	return out
}

// safeMarkdown removes escape sequences, line by line, replaces every
// control and invisible character except newlines and tabs by its visible
// mark, and normalises line ends.
func safeMarkdown(text string) string {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	if hasEscapes(text) {
		lines := strings.Split(text, "\n")
		for i, l := range lines {
			lines[i] = clean(l)
		}
		text = strings.Join(lines, "\n")
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if r != '\n' && r != '\t' {
			if m := visibleMark(text, i, size, r); m != "" {
				b.WriteString(text[last:i])
				b.WriteString(m)
				last = i + size
			}
		}
		i += size
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}

// keepSGR drops every escape sequence but colours and styles (SGR).
func keepSGR(s string) string {
	if !strings.ContainsRune(s, 0x1B) {
		return s
	}
	var b strings.Builder
	var state byte
	p := ansi.GetParser()
	defer ansi.PutParser(p)
	for len(s) > 0 {
		seq, _, n, newState := ansi.DecodeSequence(s, state, p)
		switch {
		case ansi.HasCsiPrefix(seq):
			if p.Command() == 'm' {
				b.WriteString(seq)
			}
		case ansi.HasEscPrefix(seq) || ansi.HasOscPrefix(seq) || ansi.HasDcsPrefix(seq) ||
			ansi.HasApcPrefix(seq) || ansi.HasSosPrefix(seq) || ansi.HasPmPrefix(seq) || ansi.HasStPrefix(seq):
		case len(seq) == 1 && seq[0] < 0x20 && seq[0] != '\n' && seq[0] != '\t':
		default:
			b.WriteString(seq)
		}
		s, state = s[n:], newState
	}
	return b.String()
}

// trimRightSpace drops the trailing blanks glamour pads its lines with, and
// the styles that only painted them.
func trimRightSpace(l string) string {
	plain := ansi.Strip(l)
	if strings.TrimRight(plain, " ") == plain {
		return l
	}
	keep := ansi.StringWidth(strings.TrimRight(plain, " "))
	if keep == 0 {
		return ""
	}
	return trimTrailingSGR(ansi.Truncate(l, keep, "")) + theme.Reset
}

// trimTrailingSGR drops the style sequences at the end of a line, which
// style nothing.
func trimTrailingSGR(l string) string {
	for strings.HasSuffix(l, "m") {
		i := strings.LastIndex(l, "\x1b[")
		if i < 0 || strings.Trim(l[i+2:len(l)-1], "0123456789;:") != "" {
			break
		}
		l = l[:i]
	}
	return l
}

func trimBlank(lines []string) []string {
	for len(lines) > 0 && ansi.Strip(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && ansi.Strip(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}
