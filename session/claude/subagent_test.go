package claude

import (
	"regexp"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
)

func TestSubagentPathIsSafe(t *testing.T) {
	d := New(session.NewBuilder(), "/p/s.jsonl")
	for _, id := range []string{"../../etc/passwd", "a/b", "", "x y"} {
		if f := d.agentFile(&task{agentID: id}); f != nil {
			t.Errorf("agent %q has a file", id)
		}
	}
}

// A subagent's id is what the regexp it was said: 1 to 128 ASCII letters,
// digits, underscores and hyphens.
func TestAgentIDIsTheOldPattern(t *testing.T) {
	old := regexp.MustCompile(`^[A-Za-z0-9_-]{1,128}$`)
	for _, id := range []string{
		"", "a", "agent-1_B", strings.Repeat("x", 128), strings.Repeat("x", 129), "a.b", "a/b", "../x",
		"é", "a\n", "\na", "a b", "a\x00", "-", "_", "Z9", "a:b", "ａ",
	} {
		if got, want := isAgentID(id), old.MatchString(id); got != want {
			t.Errorf("%q: %v, want %v", id, got, want)
		}
	}
}
