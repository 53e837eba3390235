package ui

import (
	"fmt"
	"image/color"
	"testing"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/vt"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/theme"
)

// unreadable lists the cells of the screen whose text a light terminal's
// white background hides: contrast under theme.DimContrast between the
// cell's colour and its background (the terminal's own where it sets none).
func (x *term) unreadable() (bad []string) {
	x.Emulator(func(emu *vt.Emulator) {
		for y := range emu.Height() {
			for col := range emu.Width() {
				c := emu.CellAt(col, y)
				if c == nil || c.Content == "" || c.Content == " " {
					continue
				}
				fg, bg := c.Style.Fg, c.Style.Bg
				if fg == nil {
					fg = color.Black // a light terminal's own text
				}
				if bg == nil {
					bg = color.White
				}
				if c.Style.Attrs&uv.AttrReverse != 0 {
					fg, bg = bg, fg
				}
				if r := theme.Contrast(fg, bg); r < theme.DimContrast {
					bad = append(bad, fmt.Sprintf("%q at %d,%d: contrast %.2f", c.Content, col, y, r))
				}
			}
		}
	})
	return bad
}

// With --theme light, the picker's filter, the search prompt, the hint bar
// and the help are readable on a white background (they were white on white).
func TestLightThemeIsReadable(t *testing.T) {
	dir := sessionsHome(t, map[string]string{"s-bash": testdata + "/harness/bash-tool-turn/session.jsonl"})
	x := start(t, Options{Roots: []catalog.Root{{Agent: catalog.AgentHarness, Dir: dir}}, Theme: "light"}, 100, 24)
	x.waitFor("filter:", "1 of 1")
	x.typeText("bash")
	x.waitFor("filter: bash")
	if bad := x.unreadable(); len(bad) > 0 {
		t.Errorf("the picker hides text on white: %v\n%s", bad, x.screen())
	}
	x.keys("enter")
	x.waitFor("$ echo TERMINAL_OK")
	x.keys("/")
	x.typeText("echo")
	x.waitFor("/echo")
	if bad := x.unreadable(); len(bad) > 0 {
		t.Errorf("the viewer hides text on white: %v\n%s", bad, x.screen())
	}
	x.keys("esc", "?")
	x.waitFor("deck — keys")
	if bad := x.unreadable(); len(bad) > 0 {
		t.Errorf("the help hides text on white: %v\n%s", bad, x.screen())
	}
	x.keys("j")
	x.quit()
}
