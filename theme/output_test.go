package theme

import (
	"image/color"
	"testing"

	"github.com/charmbracelet/colorprofile"
)

// A foreground too close to the background becomes a colour of the theme's
// basic sixteen, each of which reads there in every profile it is judged
// in, so Readable never swaps one hidden colour for another; and what
// Readable returns it returns again.
func TestAHiddenForegroundBecomesOneThatReads(t *testing.T) {
	for _, name := range Names {
		th, _ := ByName(name)
		for i := range 16 {
			if c := th.ANSIColor(i); !th.readsOnBackground(c, TerminalProfiles) {
				t.Errorf("%s: ANSI %d, %s, does not read on the theme's backgrounds", name, i, hexOf(c))
			}
		}
		for _, c := range []color.Color{hex("#000000"), hex("#FFFFFF"), hex("#808080"), hex("#FFFF00"), hex("#000080")} {
			for _, bg := range []color.Color{nil, hex("#000000"), hex("#FFFFFF"), hex("#005F00")} {
				fg, b := th.Readable(c, bg, TerminalProfiles)
				if fg2, b2 := th.Readable(fg, b, TerminalProfiles); fg2 != fg || b2 != b {
					t.Errorf("%s: %v on %v is drawn %v on %v, then %v on %v", name, c, bg, fg, b, fg2, b2)
				}
			}
		}
	}
}

// A page is judged by the hex it writes: a pair that reads in true colour
// but downsamples to one basic colour is kept there; for a terminal its
// ground is kept with white text, which reads on it in every profile.
func TestAPageIsJudgedInTrueColour(t *testing.T) {
	fg, bg := hex("#AFD7FF"), hex("#0000D7")
	if f, b := Dark().Readable(fg, bg, PageProfiles); f != fg || b != bg {
		t.Errorf("page: %v on %v", f, b)
	}
	if f, b := Dark().Readable(fg, bg, TerminalProfiles); f != inks[1] || b != bg {
		t.Errorf("terminal: %v on %v", f, b)
	}
	if colorprofile.ANSI.Convert(fg) != colorprofile.ANSI.Convert(bg) {
		t.Fatal("the pair was meant to be one basic colour in 16 colours")
	}
}

// A pair that hides its text keeps its ground with black or white text
// when one of them reads on it in every profile (a badge stays a badge,
// text in its own background shows), and is dropped when neither does (a
// pastel blue that is bright blue in 16 colours).
func TestAHidingPairKeepsAGroundThatTakesInk(t *testing.T) {
	th := Dark()
	green := th.ANSIColor(2)
	if f, b := th.Readable(th.ANSIColor(0), green, TerminalProfiles); b != green || f != inks[0] {
		t.Errorf("30;42: %v on %v", f, b)
	}
	kept := 0
	for r := 0; r < 256; r += 15 {
		for g := 0; g < 256; g += 15 {
			for b := 0; b < 256; b += 15 {
				bg := color.RGBA{uint8(r), uint8(g), uint8(b), 255}
				switch f, gr := th.Readable(bg, bg, TerminalProfiles); {
				case gr == nil && f == nil:
				case gr == bg && legible(f, gr, TerminalProfiles):
					kept++
				default:
					t.Fatalf("%v on itself: %v on %v", bg, f, gr)
				}
			}
		}
	}
	if kept == 0 {
		t.Error("no ground was kept")
	}
	blue := hex("#82AAFF")
	if legible(inks[0], blue, TerminalProfiles) || legible(inks[1], blue, TerminalProfiles) {
		t.Fatal("the blue was meant to take no ink")
	}
	if f, b := th.Readable(blue, blue, TerminalProfiles); f != nil || b != nil {
		t.Errorf("blue on blue: %v on %v", f, b)
	}
}
