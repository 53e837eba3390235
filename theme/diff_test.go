package theme

import (
	"image/color"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
)

// shown is a cell as the terminal shows it in a profile: its colours
// downsampled, swapped when reversed; nil is the terminal's own background.
type shown struct{ fg, bg color.Color }

func shownAs(s Style, text color.Color, p colorprofile.Profile) shown {
	fg := s.Fg
	if fg == nil {
		fg = text
	}
	var c shown
	if fg != nil {
		c.fg = p.Convert(fg)
	}
	if s.Bg != nil {
		c.bg = p.Convert(s.Bg)
	}
	if s.Reverse {
		c.fg, c.bg = c.bg, c.fg
	}
	return c
}

// backgrounds is what a cell's background may be: its own, or the
// terminal's the theme is made for.
func backgrounds(name string, bg color.Color) []color.Color {
	if bg == nil {
		return Backgrounds(name)
	}
	return []color.Color{bg}
}

// hue is a colour's hue in degrees and its chroma (max − min of its RGB,
// 0–255): how far it is from a grey.
func hue(c color.Color) (deg float64, chroma int) {
	r32, g32, b32, _ := c.RGBA()
	r, g, b := int(r32>>8), int(g32>>8), int(b32>>8)
	hi, lo := max(r, g, b), min(r, g, b)
	chroma = hi - lo
	if chroma == 0 {
		return 0, 0
	}
	switch d := float64(chroma); hi {
	case r:
		deg = 60 * float64(g-b) / d
	case g:
		deg = 60*float64(b-r)/d + 120
	default:
		deg = 60*float64(r-g)/d + 240
	}
	if deg < 0 {
		deg += 360
	}
	return deg, chroma
}

// minChroma is how far from a grey a colour must be to count as a hue.
const minChroma = 16

func isGreen(c color.Color) bool {
	h, ch := hue(c)
	return ch >= minChroma && h >= 75 && h <= 165
}

func isRed(c color.Color) bool {
	h, ch := hue(c)
	return ch >= minChroma && (h >= 330 || h <= 30)
}

// TestDiffColoursHoldInEveryProfile: in each theme, as each profile shows
// it, an added line is green (its tint, else its text) and its sign green, a
// removed one red; the changed words are the same hue, stronger (more
// chroma than the line's background); and the text on each reads: the
// code's every colour (or the line's ink), the sign and the changed words
// reach the theme's contrast (dim code colours its dim one). Where a cell
// has no background of its own in 16 colours, the terminal's palette,
// made for its background, decides (as for every foreground: Readable).
func TestDiffColoursHoldInEveryProfile(t *testing.T) {
	type side struct {
		name             string
		line, emph, mark Style
		hued             func(color.Color) bool
	}
	for _, name := range Names {
		base, _ := ByName(name)
		p := base.Palette
		code := map[color.Color]float64{p.Fg: TextContrast, p.Keyword: TextContrast, p.Type: TextContrast,
			p.Func: TextContrast, p.String: TextContrast, p.Number: TextContrast, p.Operator: TextContrast,
			p.Constant: TextContrast, p.Comment: DimContrast, p.Muted: DimContrast} // Muted: punctuation
		for _, prof := range TerminalProfiles {
			th := base.For(prof)
			reads := func(what string, fg, bg color.Color, min float64) {
				t.Helper()
				if prof < colorprofile.ANSI256 && (fg == nil || bg == nil) {
					return // the terminal's palette decides
				}
				for _, f := range backgrounds(name, fg) {
					for _, b := range backgrounds(name, bg) {
						if c := Contrast(f, b); c < min {
							t.Errorf("%s at %v: %s %s on %s: contrast %.2f, want ≥ %.1f", name, prof, what, hexOf(f), hexOf(b), c, min)
						}
					}
				}
			}
			for _, s := range []side{
				{"added", th.DiffAdd, th.DiffAddEmph, th.DiffAddMark, isGreen},
				{"removed", th.DiffDel, th.DiffDelEmph, th.DiffDelMark, isRed},
			} {
				line := shownAs(s.line, nil, prof)
				switch {
				case line.bg != nil && !s.hued(line.bg):
					t.Errorf("%s at %v: the %s lines' background is %s", name, prof, s.name, hexOf(line.bg))
				case line.bg == nil && (line.fg == nil || !s.hued(line.fg)):
					t.Errorf("%s at %v: the %s lines have neither a background nor text of their hue", name, prof, s.name)
				}
				if mark := shownAs(s.mark, nil, prof); !s.hued(mark.fg) {
					t.Errorf("%s at %v: the %s lines' sign is %s", name, prof, s.name, hexOf(mark.fg))
				} else {
					reads(s.name+" sign", mark.fg, mark.bg, TextContrast)
				}
				if s.line.Fg != nil { // one ink over the code
					reads(s.name+" text", line.fg, line.bg, TextContrast)
				} else {
					for c, min := range code {
						reads(s.name+" code", prof.Convert(c), line.bg, min)
					}
				}
				// the changed words: a background of the line's hue, stronger,
				// under each of the code's colours (or the ink)
				emph := shownAs(s.emph, p.Fg, prof)
				if emph.bg == nil || !s.hued(emph.bg) {
					t.Errorf("%s at %v: the %s words' background is not of the line's hue", name, prof, s.name)
					continue
				}
				_, strong := hue(emph.bg)
				for _, b := range backgrounds(name, line.bg) {
					if _, weak := hue(b); strong <= weak {
						t.Errorf("%s at %v: the %s words (%s) are no stronger than their line (%s)", name, prof, s.name, hexOf(emph.bg), hexOf(b))
					}
				}
				for c, min := range code {
					emph := shownAs(s.emph, c, prof)
					reads(s.name+" changed words", emph.fg, emph.bg, min)
				}
			}
		}
	}
}

// The downsampler keeps the colours a profile's diff is pinned to: Encode
// writes the 256-colour and 16-colour themes' tints and signs as they are.
func TestEncodeKeepsThePinnedDiffColours(t *testing.T) {
	for _, c := range []struct {
		prof colorprofile.Profile
		want []string
	}{
		{colorprofile.ANSI256, []string{"48;5;22m", "38;5;120;48;5;22m", "48;5;52m", "38;5;210;48;5;52m"}},
		{colorprofile.ANSI, []string{"\x1b[92m", "\x1b[1;92m", "\x1b[7;92m", "\x1b[91m", "\x1b[1;91m", "\x1b[7;91m"}},
	} {
		th := Dark().For(c.prof)
		var b strings.Builder
		for _, s := range []Style{th.DiffAdd, th.DiffAddMark, th.DiffAddEmph, th.DiffDel, th.DiffDelMark, th.DiffDelEmph} {
			b.WriteString(s.Render("x") + "\n")
		}
		got := Encode(b.String(), c.prof)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%v: %q lacks %q", c.prof, got, w)
			}
		}
	}
}

// For gives a profile of no colour, and true colour, the theme itself; a
// theme in a profile is that profile's whichever it came from, and keeps
// every style but the diff's.
func TestForChoosesByProfile(t *testing.T) {
	for _, name := range Names {
		th, _ := ByName(name)
		for _, p := range []colorprofile.Profile{colorprofile.NoTTY, colorprofile.ASCII, colorprofile.TrueColor} {
			if th.For(p) != th {
				t.Errorf("%s: For(%v) is not the theme", name, p)
			}
		}
		for _, p := range []colorprofile.Profile{colorprofile.ANSI256, colorprofile.ANSI} {
			in := th.For(p)
			if in == th || in.Profile != p || in.Name != name || in.For(p) != in || in.For(colorprofile.TrueColor) != th {
				t.Errorf("%s: For(%v) is not the theme in %v", name, p, p)
			}
			if in.Text != th.Text || in.Success != th.Success || in.syntax != th.syntax {
				t.Errorf("%s: For(%v) changed more than the diff", name, p)
			}
		}
	}
}
