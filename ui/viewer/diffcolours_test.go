package viewer

import (
	"image/color"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/deck-tui/deck/theme"
)

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
