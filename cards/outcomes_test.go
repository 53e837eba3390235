package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/present"
	"github.com/deck-tui/deck/theme"
)

// Each way a turn ends (the v4/v5 ones too) reads as what happened, never
// as an unknown reason.
func TestEveryTurnEndReads(t *testing.T) {
	th := theme.Dark()
	for reason, want := range map[string]string{
		"completed":   "done",
		"aborted":     "cancelled",
		"interrupted": "interrupted: the harness stopped mid-turn",
		"forked":      "closed when the session was forked",
		"max-steps":   "stopped at the step limit",
		"max-tokens":  "stopped at the output token limit",
		"blocked":     "blocked",
		"new-thing":   "ended: new-thing",
	} {
		if got, _ := turnOutcome(th, &session.TurnEnd{Reason: reason}); got != want {
			t.Errorf("%s: %q, want %q", reason, got, want)
		}
	}
}

// Each approval outcome, the v6 allowed-session too, says what the person
// chose under the call.
func TestEveryApprovalOutcomeReads(t *testing.T) {
	for outcome, want := range map[session.ApprovalOutcome]string{
		"":                        "⚑ approval asked · waiting",
		session.AllowedOnce:       "⚑ approval asked · allowed once",
		session.AllowedAlways:     "⚑ approval asked · allowed always",
		session.AllowedForSession: "⚑ approval asked · allowed for the session",
		"rejected":                "⚑ approval asked · rejected",
	} {
		args := `{"command":"make"}`
		c := &session.ToolCall{Name: "bash", Arguments: args, Call: present.Call("bash", args), Approval: &session.Approval{Outcome: outcome}}
		if out := ansi.Strip(strings.Join(Render(c, Options{Width: 100}), "\n")); !strings.Contains(out, want) {
			t.Errorf("%q: no %q:\n%s", outcome, want, out)
		}
	}
}
