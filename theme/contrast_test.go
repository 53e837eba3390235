package theme

import (
	"fmt"
	"image/color"
	"testing"

	"github.com/charmbracelet/colorprofile"
)

// pairing is a colour the theme draws text in, over a background, and the
// contrast it needs: 4.5 for text, 3 for dim text (WCAG AA).
type pairing struct {
	role   string
	fg, bg color.Color
	min    float64
}

func pairings(name string, p Palette) []pairing {
	var out []pairing
	text := map[string]color.Color{
		"Fg": p.Fg, "Accent": p.Accent, "Info": p.Info, "OK": p.OK, "Warn": p.Warn,
		"Err": p.Err, "Special": p.Special, "Keyword": p.Keyword, "Type": p.Type,
		"Func": p.Func, "String": p.String, "Number": p.Number, "Operator": p.Operator,
		"Constant": p.Constant,
	}
	dim := map[string]color.Color{"Muted": p.Muted, "Faint": p.Faint, "Comment": p.Comment}
	for i, c := range p.ANSI {
		// a command's "black" (dark theme) or "white" (light) is meant to
		// be dim there: only the other colours are text
		if (name == "dark" && i%8 == 0) || (name == "light" && i%8 == 7) {
			dim[fmt.Sprintf("ANSI %d", i)] = c
			continue
		}
		text[fmt.Sprintf("ANSI %d", i)] = c
	}
	for _, bg := range Backgrounds(name) {
		for role, c := range text {
			out = append(out, pairing{role, c, bg, TextContrast})
		}
		for role, c := range dim {
			out = append(out, pairing{role, c, bg, DimContrast})
		}
	}
	return out
}

// TestEveryColourIsReadableOnItsBackground checks each colour a theme draws
// text in against the terminal backgrounds it is made for, in true colour
// and downsampled to 256. A diff's text on its own backgrounds, chosen per
// profile, is TestDiffColoursHoldInEveryProfile's.
func TestEveryColourIsReadableOnItsBackground(t *testing.T) {
	for _, name := range Names {
		th, _ := ByName(name)
		for _, prof := range []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI256} {
			for _, pr := range pairings(name, th.Palette) {
				fg, bg := prof.Convert(pr.fg), pr.bg // the terminal's background is never downsampled
				if c := Contrast(fg, bg); c < pr.min {
					t.Errorf("%s at %v: %s %s on %s: contrast %.2f, want ≥ %.1f", name, prof, pr.role, hexOf(fg), hexOf(bg), c, pr.min)
				}
			}
		}
	}
}

// TestSearchHitsStandApart: a hit is not drawn in a colour code uses.
func TestSearchHitsStandApart(t *testing.T) {
	for _, name := range Names {
		th, _ := ByName(name)
		p := th.Palette
		for _, prof := range []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI256} {
			hit := hexOf(prof.Convert(th.Match.Fg))
			for _, c := range []color.Color{p.Fg, p.Accent, p.Info, p.Keyword, p.Type, p.Func, p.String, p.Number, p.Operator, p.Constant, p.Comment} {
				if hexOf(prof.Convert(c)) == hit {
					t.Errorf("%s at %v: search hits are %s, a colour code is drawn in", name, prof, hit)
				}
			}
		}
	}
}
