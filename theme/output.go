package theme

import (
	"image/color"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// A command's output names colours of its own, which no test of the theme
// can check in advance. Readable holds them to the theme's floor for text
// that may be quiet but never unreadable (DimContrast), judged as written.

// TerminalProfiles are the profiles deck writes a terminal's text in: cards
// are drawn once, in true colour, and downsampled at output, so a colour
// must read in each. PageProfiles is the page's: its CSS holds the hex.
var (
	TerminalProfiles = []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI256, colorprofile.ANSI}
	PageProfiles     = []colorprofile.Profile{colorprofile.TrueColor}
)

// Readable is the foreground and background to draw output's text in, given
// the ones it named (nil: the default) after they were mapped onto the
// theme, for the profiles in:
//   - a foreground alone too close to the backgrounds the theme is made for
//     (black on the dark theme, white or yellow on the light) is drawn as
//     the basic colour it is nearest, which the theme maps onto a colour
//     made to read there, as it does 30 (black) on the dark theme: navy
//     becomes the theme's blue, not a grey;
//   - a pair, the default foreground standing for a missing one, whose
//     contrast is below DimContrast in any of the profiles keeps its
//     background with black or white text, whichever reads better on it
//     (a test runner's green PASS badge stays a green badge, and text in
//     its own background shows); when neither reads in every profile, the
//     pair is dropped: the text shows in the default colours.
//
// A foreground alone is judged in true colour and 256 colours only, as
// every colour of the theme is: of 16 colours the terminal's own palette,
// made for its background, decides the shade (by xterm's values, which
// colorprofile assumes, the theme's own blue, 94, would not read on black).
// A pair is judged in 16 colours too, by those values: two colours that
// downsample to one basic colour hide the text on any palette.
func (t *Theme) Readable(fg, bg color.Color, in []colorprofile.Profile) (color.Color, color.Color) {
	if fg != nil && bg == nil && !t.readsOnBackground(fg, in) {
		fg = t.ANSIColor(int(ansi.Convert16(fg)))
	}
	if bg != nil && !legible(cmpColor(fg, t.Palette.Fg), bg, in) {
		if i := ink(bg, in); legible(i, bg, in) {
			return i, bg
		}
		return nil, nil
	}
	return fg, bg
}

// ink is black or white, whichever reads better on bg in the worst of the
// profiles. In one profile one of the two always reads (their ratios on a
// colour multiply to 21), but a light colour may downsample to a dark one
// (a pastel blue to 16 colours' blue), which neither reads on in both.
func ink(bg color.Color, in []colorprofile.Profile) color.Color {
	worst := func(c color.Color) float64 {
		w := 21.0
		for _, p := range in {
			w = min(w, Contrast(p.Convert(c), p.Convert(bg)))
		}
		return w
	}
	if worst(inks[1]) > worst(inks[0]) {
		return inks[1]
	}
	return inks[0]
}

// inks are the text colours a background that hid its text is given
// instead: black and white, which every profile writes as they are.
var inks = [2]color.Color{color.RGBA{0, 0, 0, 255}, color.RGBA{255, 255, 255, 255}}

// readsOnBackground reports whether text in c reads on each background the
// theme is made for (the terminal's own, which is never downsampled).
func (t *Theme) readsOnBackground(c color.Color, in []colorprofile.Profile) bool {
	for _, p := range in {
		if p < colorprofile.ANSI256 {
			continue // the terminal's palette: see Readable
		}
		for _, bg := range Backgrounds(t.Name) {
			if Contrast(p.Convert(c), bg) < DimContrast {
				return false
			}
		}
	}
	return true
}

// legible reports whether text in fg reads on bg in each profile, both
// downsampled to it.
func legible(fg, bg color.Color, in []colorprofile.Profile) bool {
	for _, p := range in {
		if Contrast(p.Convert(fg), p.Convert(bg)) < DimContrast {
			return false
		}
	}
	return true
}

func cmpColor(c, otherwise color.Color) color.Color {
	if c != nil {
		return c
	}
	return otherwise
}
