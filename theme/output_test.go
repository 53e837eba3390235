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
// but downsamples to one basic colour is kept there, dropped for a terminal.
func TestAPageIsJudgedInTrueColour(t *testing.T) {
	fg, bg := hex("#AFD7FF"), hex("#0000D7")
	if f, b := Dark().Readable(fg, bg, PageProfiles); f != fg || b != bg {
		t.Errorf("page: %v on %v", f, b)
	}
	if f, b := Dark().Readable(fg, bg, TerminalProfiles); f != nil || b != nil {
		t.Errorf("terminal: %v on %v", f, b)
	}
	if colorprofile.ANSI.Convert(fg) != colorprofile.ANSI.Convert(bg) {
		t.Fatal("the pair was meant to be one basic colour in 16 colours")
	}
}
