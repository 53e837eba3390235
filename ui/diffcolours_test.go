package ui

import (
	"image/color"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/theme"
)

// backgroundAt is the background of the first cell of the first row on
// screen holding text (at that cell).
func (x *term) backgroundAt(text string) color.Color {
	x.mu.Lock()
	defer x.mu.Unlock()
	for y := range x.emu.Height() {
		var row strings.Builder
		for col := range x.emu.Width() {
			if c := x.emu.CellAt(col, y); c != nil && c.Content != "" {
				row.WriteString(c.Content)
			} else {
				row.WriteByte(' ')
			}
		}
		if at := strings.Index(row.String(), text); at >= 0 {
			return x.emu.CellAt(len([]rune(row.String()[:at])), y).Style.Bg
		}
	}
	return nil
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

// The terminal's background picks the theme and keeps the profile it was
// drawn for; the profile keeps the theme.
func TestProfileAndBackgroundChooseTheTheme(t *testing.T) {
	v := testViewer(testdata+"/fixtures/edit-diffs.jsonl", false)
	v.themeFixed = false
	v.Update(tea.ColorProfileMsg{Profile: colorprofile.ANSI256})
	if v.th != theme.Dark().For(colorprofile.ANSI256) {
		t.Fatalf("after a 256-colour profile: %s in %v", v.th.Name, v.th.Profile)
	}
	v.Update(tea.BackgroundColorMsg{Color: color.White})
	if v.th != theme.Light().For(colorprofile.ANSI256) {
		t.Fatalf("after a white background: %s in %v", v.th.Name, v.th.Profile)
	}
	v.Update(tea.ColorProfileMsg{Profile: colorprofile.TrueColor})
	if v.th != theme.Light() {
		t.Fatalf("after true colour: %s in %v", v.th.Name, v.th.Profile)
	}
	v.src.stop()
}
