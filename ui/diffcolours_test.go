package ui

import (
	"image/color"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/vt"

	"github.com/deck-tui/deck/session/catalog"
)

// backgroundAt is the background of the first cell of the first row on
// screen holding text (at that cell).
func (x *term) backgroundAt(text string) (bg color.Color) {
	x.Emulator(func(emu *vt.Emulator) {
		for y := range emu.Height() {
			var row strings.Builder
			for col := range emu.Width() {
				if c := emu.CellAt(col, y); c != nil && c.Content != "" {
					row.WriteString(c.Content)
				} else {
					row.WriteByte(' ')
				}
			}
			if at := strings.Index(row.String(), text); at >= 0 {
				bg = emu.CellAt(len([]rune(row.String()[:at])), y).Style.Bg
				return
			}
		}
	})
	return bg
}

// leans says whether c is clearly more of one primary than of the others:
// 0 red, 1 green.
func leans(c color.Color, primary int) bool {
	if c == nil {
		return false
	}
	r, g, b, _ := c.RGBA()
	v := [3]int{int(r >> 8), int(g >> 8), int(b >> 8)}
	for i := range v {
		if i != primary && v[primary] < v[i]+32 {
			return false
		}
	}
	return true
}

// In a terminal of 256 colours the viewer draws a diff's lines in the
// theme's colours for 256, on green and red, not on the greys the true
// colour tints downsample to: opened on the log, and opened from the picker
// after the profile was told.
func TestTheViewerDrawsDiffsInTheTerminalsProfile(t *testing.T) {
	log := testdata + "/fixtures/edit-diffs.jsonl"
	check := func(x *term) {
		t.Helper()
		x.waitFor(`name := "deck"`)
		if bg := x.backgroundAt(`+     name := "deck"`); !leans(bg, 1) {
			t.Errorf("an added line's background is %v, not green\n%s", bg, x.screen())
		}
		if bg := x.backgroundAt(`-     name := "world"`); !leans(bg, 0) {
			t.Errorf("a removed line's background is %v, not red\n%s", bg, x.screen())
		}
		x.quit()
	}
	check(startIn(t, Options{Path: log, Follow: new(false)}, 100, 40, colorprofile.ANSI256))

	dir := sessionsHome(t, map[string]string{"s-diffs": log})
	x := startIn(t, Options{Roots: []catalog.Root{{Agent: catalog.AgentHarness, Dir: dir}}, Follow: new(false)}, 100, 40, colorprofile.ANSI256)
	x.waitFor("1 of 1")
	x.keys("enter")
	check(x)
}
