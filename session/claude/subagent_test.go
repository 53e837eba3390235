package claude

import (
	"testing"

	"github.com/deck-tui/deck/session"
)

func TestClaudeSubagentPathIsSafe(t *testing.T) {
	d := New(session.NewBuilder(), "/p/s.jsonl")
	for _, id := range []string{"../../etc/passwd", "a/b", "", "x y"} {
		if f := d.agentFile(&task{agentID: id}); f != nil {
			t.Errorf("agent %q has a file: %v", id, f.paths)
		}
	}
}
