package attach

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/session/live"
	"github.com/deck-tui/deck/session/live/livetest"
	"github.com/deck-tui/deck/theme"
)

// While a reading of the list is under way, asking again (r, or the
// picker's own refresh every few seconds) asks the host nothing more: a
// host slow to answer is never asked again and again.
func TestTheHostPickerAsksForOneListAtATime(t *testing.T) {
	h := livetest.New(t, livetest.Resume)
	c, err := live.New(h.URL(), live.Options{})
	if err != nil {
		t.Fatal(err)
	}
	info, err := c.Describe(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	p := New(theme.Dark(), c, info, nil)
	var asked []tea.Cmd
	for range 3 { // r, r, r: no answer has come yet
		if _, cmd := p.Update(tea.KeyPressMsg{Code: 'r', Text: "r"}); cmd != nil {
			asked = append(asked, cmd)
		}
	}
	var answers []tea.Msg
	for _, cmd := range asked {
		answers = append(answers, cmd())
	}
	if n := len(h.Calls("session.list")); n != 1 {
		t.Fatalf("three r before an answer asked the host %d times", n)
	}
	for _, a := range answers {
		p.Update(a)
	}
	if _, cmd := p.Update(tea.KeyPressMsg{Code: 'r', Text: "r"}); cmd != nil {
		p.Update(cmd())
	}
	if n := len(h.Calls("session.list")); n != 2 || len(p.sessions) != 5 {
		t.Fatalf("r after the answer: asked %d times in all, %d sessions listed", n, len(p.sessions))
	}
}

// A session the host keeps in an older format is marked ↑, and the foot
// says what the mark means while one is listed.
func TestTheHostPickerMarksASessionToMigrate(t *testing.T) {
	c, err := live.New("http://127.0.0.1:1", live.Options{}) // never asked: the list is given
	if err != nil {
		t.Fatal(err)
	}
	p := New(theme.Dark(), c, live.HostInfo{}, []live.SessionInfo{
		{ID: "a", Title: "current one", UpdatedAt: 2, FormatStatus: live.FormatCurrent},
		{ID: "b", Title: "older one", UpdatedAt: 1, FormatStatus: live.FormatMigrationRequired},
	})
	p.width, p.height = 120, 20
	screen := ansi.Strip(p.View().Content)
	if !strings.Contains(screen, "↑ older one") || strings.Contains(screen, "↑ current one") {
		t.Errorf("the rows:\n%s", screen)
	}
	if !strings.Contains(screen, "↑ an older format, migrated when next written") {
		t.Errorf("the foot does not say what ↑ means:\n%s", screen)
	}
	p.set([]live.SessionInfo{{ID: "a", Title: "current one", UpdatedAt: 2}})
	if strings.Contains(ansi.Strip(p.View().Content), "older format") {
		t.Error("a list with no such session explains the mark")
	}
}
