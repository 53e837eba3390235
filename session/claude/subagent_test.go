package claude

import (
	"testing"

	"github.com/deck-tui/deck/session"
)

func TestClaudeSubagentPathIsSafe(t *testing.T) {
	d := New(session.NewBuilder(), "/p/s.jsonl")
	for _, id := range []string{"../../etc/passwd", "a/b", "", "x y"} {
		if _, ok := d.readSubagent(id); ok {
			t.Errorf("read agent %q", id)
		}
	}
}
