package acp_test

import (
	"fmt"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// Each prompt's response reports the session's usage so far: a turn keeps
// what its report adds (issue 15).
func TestUsageIsKeptPerTurn(t *testing.T) {
	prompt := func(id int) string {
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"session/prompt","params":{"sessionId":"s","prompt":[{"type":"text","text":"go"}]}}`, id)
	}
	done := func(id, in, out int) string {
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{"stopReason":"end_turn","usage":{"inputTokens":%d,"outputTokens":%d,"cachedReadTokens":0,"totalTokens":0}}}`, id, in, out)
	}
	s := readLog(t, prompt(1), done(1, 10, 4), prompt(2), done(2, 25, 9))
	got := sessiontest.TurnUsage(s)
	want := []session.TokenUsage{{Input: 10, Output: 4, Recorded: session.RecordedCache}, {Input: 15, Output: 5, Recorded: session.RecordedCache}}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("turns %+v, want %+v", got, want)
	}
}
