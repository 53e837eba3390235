package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// The system prompt is a card collapsed to its label, as the harness's
// web client draws it: in a transcript drawn expanded too (deck render),
// where only a card expanded on its own (enter, in the viewer) shows it.
func TestTheSystemPromptIsACollapsedCard(t *testing.T) {
	text := []session.ContentBlock{{Type: "text", Text: "You are careful.\nNever guess."}}
	s := &session.Session{Format: session.FormatHarness, Entries: []session.Entry{
		&session.UserMessage{Role: session.RoleSystemPrompt, Content: text},
		&session.UserMessage{Role: session.RoleSystemPromptUpdate, Content: text},
	}}
	var out []string
	err := EachCard(s, Options{Width: 80, Theme: theme.Dark(), Expanded: true}, func(rows []string) error {
		out = append(out, ansi.Strip(strings.Join(rows, "\n")))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(out, "\n")
	for _, want := range []string{"› system prompt · 2 lines", "› system prompt update · 2 lines"} {
		if !strings.Contains(all, want) {
			t.Errorf("no %q in:\n%s", want, all)
		}
	}
	if strings.Contains(all, "careful") {
		t.Errorf("an expanded transcript shows the system prompt's text:\n%s", all)
	}
	card := ansi.Strip(strings.Join(Render(s.Entries[0], Options{Width: 80, Theme: theme.Dark(), Expanded: true}), "\n"))
	if !strings.Contains(card, "Never guess.") {
		t.Errorf("the card expanded on its own does not show the prompt:\n%s", card)
	}
}
