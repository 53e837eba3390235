package viewer

import (
	"testing"

	"github.com/deck-tui/deck/session"
)

// Hiding injected context hides what the harness put before the model:
// the runtime context, injected text and the system prompt, never a
// person's prompt.
func TestHidingInjectedContextHidesTheSystemPrompt(t *testing.T) {
	for role, hidden := range map[session.MessageRole]bool{
		session.RoleContext:            true,
		session.RoleInjected:           true,
		session.RoleSystemPrompt:       true,
		session.RoleSystemPromptUpdate: true,
		session.RoleHuman:              false,
	} {
		it := describe(&session.UserMessage{Role: role})
		if got := !noInjected.keeps(it); got != hidden {
			t.Errorf("role %d: hidden %v, want %v", role, got, hidden)
		}
	}
}
