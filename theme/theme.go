// Package theme owns every colour deck draws with: the dark and light
// palettes, the text styles cards paint with, the chroma style for code, the
// glamour style for Markdown, the colour-profile decision at output, and
// the diff's colours in each profile (For).
package theme

import (
	"fmt"
	"image/color"

	"github.com/charmbracelet/colorprofile"
)

// Theme is a palette and the styles derived from it, built once.
type Theme struct {
	Name    string
	Palette Palette
	// Profile is the colour profile the diff's colours are chosen for
	// (For): TrueColor for the palette's own.
	Profile colorprofile.Profile

	Text, Muted, Faint, Title, Accent, Path        Style
	MarkPending, MarkDone, MarkFailed, MarkStopped Style
	MarkPreparing, MarkDenied                      Style
	Notice, Error, Control, Match                  Style
	Reasoning                                      Style
	GutterNum, GutterSep                           Style
	DiffAdd, DiffAddEmph, DiffAddMark              Style
	DiffDel, DiffDelEmph, DiffDelMark              Style
	ExitOK, ExitFail, Success                      Style

	syntax *syntaxStyles
}

// Names lists the built-in themes.
var Names = []string{"dark", "light"}

var (
	dark   = build("dark", darkPalette)
	light  = build("light", lightPalette)
	themes = map[string]map[colorprofile.Profile]*Theme{"dark": inProfiles(dark), "light": inProfiles(light)}
)

// inProfiles is a theme as each profile writes it: itself in true colour,
// copies with their own diff colours in 256 and 16 (diffIn).
func inProfiles(t *Theme) map[colorprofile.Profile]*Theme {
	out := map[colorprofile.Profile]*Theme{colorprofile.TrueColor: t}
	for p, d := range diffIn[t.Name] {
		in := *t
		in.Profile = p
		in.setDiff(d)
		out[p] = &in
	}
	return out
}

// Dark is the theme for dark terminal backgrounds (the default).
func Dark() *Theme { return dark }

// Light is the theme for light terminal backgrounds.
func Light() *Theme { return light }

// ByName returns a built-in theme.
func ByName(name string) (*Theme, error) {
	switch name {
	case "dark":
		return dark, nil
	case "light":
		return light, nil
	}
	return nil, fmt.Errorf("unknown theme %q (want dark or light)", name)
}

func fg(c color.Color) Style { return Style{Fg: c}.Make() }

func build(name string, p Palette) *Theme {
	t := &Theme{Name: name, Palette: p, Profile: colorprofile.TrueColor}
	t.Text = fg(p.Fg)
	t.Muted = fg(p.Muted)
	t.Faint = fg(p.Faint)
	t.Title = Style{Fg: p.Fg, Bold: true}.Make()
	t.Accent = Style{Fg: p.Accent, Bold: true}.Make()
	t.Path = fg(p.Info)
	t.MarkPending = Style{Fg: p.Warn, Bold: true}.Make()
	t.MarkDone = Style{Fg: p.OK, Bold: true}.Make()
	t.MarkFailed = Style{Fg: p.Err, Bold: true}.Make()
	t.MarkStopped = Style{Fg: p.Warn, Bold: true}.Make() // amber, as the web client's stopped
	t.MarkPreparing = fg(p.Faint)                        // nothing runs yet: the model is still writing the call
	t.MarkDenied = Style{Fg: p.Err, Bold: true}.Make()   // red, as the web client's error row; its own mark
	t.Notice = fg(p.Warn)
	t.Error = fg(p.Err)
	t.Control = Style{Fg: p.Special, Bold: true}.Make()
	t.Match = Style{Fg: p.Warn, Bold: true, Underline: true}.Make()
	t.Reasoning = Style{Fg: p.Muted, Italic: true}.Make()
	t.GutterNum = fg(p.Muted)
	t.GutterSep = fg(p.Faint)
	t.setDiff(truecolorDiff(p))
	t.ExitOK = Style{Fg: p.OK, Bold: true}.Make()
	t.ExitFail = Style{Fg: p.Err, Bold: true}.Make()
	t.Success = fg(p.OK)
	t.syntax = newSyntaxStyles(name, p)
	return t
}

// ANSIColor is the theme's colour for one of the 16 colours a command's
// output names (0–7 normal, 8–15 bright).
func (t *Theme) ANSIColor(i int) color.Color { return t.Palette.ANSI[i&15] }

// hexOf formats a colour as #RRGGBB, the form glamour and chroma take.
func hexOf(c color.Color) string {
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("#%02X%02X%02X", r>>8, g>>8, b>>8)
}
