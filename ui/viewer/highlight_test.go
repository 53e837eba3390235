package viewer

import (
	"testing"
	"time"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/vt"
)

// A card with code shows at once, unhighlighted, and is repainted
// highlighted when its drawing off the update loop is done.
func TestCodeIsHighlightedOffTheLoop(t *testing.T) {
	x := start(t, Options{Demo: true}, 100, 30)
	x.toTheDemosRead()
	deadline := time.Now().Add(5 * time.Second)
	for { // "package" on the read's first line, in the keyword colour
		var c uv.Cell
		x.Emulator(func(emu *vt.Emulator) {
			if at := emu.CellAt(8, 1); at != nil {
				c = *at // a copy: the emulator goes on writing
			}
		})
		if c.Content == "p" && c.Style.Fg != nil {
			r, g, b, _ := c.Style.Fg.RGBA()
			if r>>8 == 0xBB && g>>8 == 0x9A && b>>8 == 0xF7 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the read card was never highlighted: %+v", c)
		}
		time.Sleep(10 * time.Millisecond)
	}
	x.quit()
}
