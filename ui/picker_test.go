package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/theme"
	"github.com/deck-tui/deck/ui/picker"
)

// listTop is the screen row of the picker's first session (under its
// title, a blank, the filter and the column heads), as a person counts it.
const listTop = 4

// manySessions is a harness home of n copies of one log, s-00 the newest.
func manySessions(t *testing.T, n int) string {
	logs := map[string]string{}
	for i := range n {
		logs[fmt.Sprintf("s-%02d", i)] = testdata + "/harness/bash-tool-turn/session.jsonl"
	}
	return sessionsHome(t, logs)
}

// PgUp/PgDn, Home/End and the mouse move through the picker; its rows show
// the time they are sorted by, in aligned columns, and at 60 columns the
// time and the size are whole.
func TestPickerKeysMouseAndColumns(t *testing.T) {
	dir := manySessions(t, 30)
	x := start(t, Options{Roots: []catalog.Root{{Agent: catalog.AgentHarness, Dir: dir}}}, 60, 14)
	s := x.waitFor("30 of 30", "Use the bash tool")
	rows := strings.Split(s, "\n")[listTop : listTop+3]
	for i, r := range rows { // newest first, each showing its own change time, whole
		want := fmt.Sprintf("2026-01-02 %s  9 KB", []string{"12:00", "11:59", "11:58"}[i])
		if !strings.HasSuffix(r, want) {
			t.Errorf("row %d %q does not end in %q", i, r, want)
		}
	}
	x.keys("end")
	x.waitFor("▌   Use the bash tool", "11:31")
	x.keys("home")
	x.waitFor("12:00")
	x.tm.Send(tea.KeyPressMsg{Code: tea.KeyPgDown})
	x.waitUntil("a page down", func(s string) bool { return !strings.Contains(s, "12:00") && strings.Contains(s, "11:5") })
	x.tm.Send(tea.KeyPressMsg{Code: tea.KeyPgUp})
	x.waitFor("12:00")
	x.tm.Send(tea.MouseClickMsg{X: 5, Y: listTop + 2, Button: tea.MouseLeft})
	x.waitUntil("the click chose the third row", func(s string) bool {
		return strings.HasPrefix(strings.Split(s, "\n")[listTop+2], "▌")
	})
	x.tm.Send(tea.MouseWheelMsg{X: 5, Y: 5, Button: tea.MouseWheelDown})
	x.waitUntil("the wheel moved the cursor", func(s string) bool {
		return strings.HasPrefix(strings.Split(s, "\n")[listTop+3], "▌")
	})
	x.tm.Send(tea.MouseClickMsg{X: 5, Y: listTop + 3, Button: tea.MouseLeft}) // the chosen row: opens it
	x.waitFor("› Use the bash tool to run exactly", "card 1 of 9")            // its system prompt is a card (v0: request/header)
	x.quit()
}

// esc or backspace in a session opened from the picker goes back to the
// picker (after esc has cleared a search); q quits.
func TestBackToThePicker(t *testing.T) {
	dir := sessionsHome(t, map[string]string{
		"s-edit": testdata + "/harness/fs-edit/session.jsonl",
		"s-bash": testdata + "/harness/bash-tool-turn/session.jsonl",
	})
	x := start(t, Options{Roots: []catalog.Root{{Agent: catalog.AgentHarness, Dir: dir}}}, 100, 24)
	x.waitFor("2 of 2", "Use the bash tool")
	x.keys("enter")
	x.waitFor("$ echo TERMINAL_OK")
	x.keys("/")
	x.typeText("echo")
	x.keys("enter")
	x.waitFor("match ")
	x.keys("esc") // clears the search first
	x.waitUntil("the search cleared", func(s string) bool { return !strings.Contains(s, "match ") && strings.Contains(s, "TERMINAL_OK") })
	x.keys("esc")
	x.waitFor("2 of 2 · ↑/↓ choose")
	x.keys("down", "enter")
	x.waitFor("First use the read tool")
	x.tm.Send(tea.KeyPressMsg{Code: tea.KeyBackspace})
	x.waitFor("2 of 2 · ↑/↓ choose")
	x.keys("enter")
	x.waitFor("card 1 of")
	x.quit()
}

// recorder is a model on screen that keeps the messages it is given.
type recorder struct{ got []tea.Msg }

func (r *recorder) Init() tea.Cmd { return nil }
func (r *recorder) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	r.got = append(r.got, msg)
	return r, nil
}
func (r *recorder) View() tea.View { return tea.NewView("") }

// A drawing asked for by a viewer closed since never reaches the viewer on
// screen: its rows would be another session's.
func TestAClosedViewersDrawingIsDropped(t *testing.T) {
	r := &recorder{}
	a := &app{model: r, picker: picker.New(theme.Dark(), "", nil), opened: 2}
	a.Update(scopedMsg{1, "another session's row"})
	if len(r.got) != 0 {
		t.Errorf("a closed viewer's drawing reached the open one: %v", r.got)
	}
	a.Update(scopedMsg{2, "its own row"})
	if len(r.got) != 1 || r.got[0] != "its own row" {
		t.Errorf("the open viewer's own drawing was dropped: %v", r.got)
	}
}

// -f and --no-follow reach a session opened from the picker: the picker's
// own guess (a log that changed lately is followed) gives way to what was
// said.
func TestThePickerOpensAsFollowSays(t *testing.T) {
	for _, c := range []struct {
		follow bool
		lately bool // the log changed just now, so the picker guesses "follow"
	}{{false, true}, {true, false}} {
		dir := sessionsHome(t, map[string]string{"s-bash": testdata + "/harness/bash-tool-turn/session.jsonl"})
		if c.lately {
			now := time.Now()
			logs, _ := filepath.Glob(filepath.Join(dir, "*", "*", "session.jsonl"))
			for _, l := range logs {
				os.Chtimes(l, now, now)
			}
		}
		x := start(t, Options{Roots: []catalog.Root{{Agent: catalog.AgentHarness, Dir: dir}}, Follow: &c.follow}, 100, 20)
		x.waitFor("Use the bash tool")
		x.keys("enter")
		s := x.waitUntil("the log read", func(s string) bool {
			return strings.Contains(s, " of 9 · ") && !strings.Contains(s, "reading")
		})
		if got := strings.Contains(s, "following"); got != c.follow {
			t.Errorf("follow %v, changed lately %v: the viewer follows: %v\n%s", c.follow, c.lately, got, s)
		}
		x.quit()
	}
}
