package session

import "testing"

func TestClaudeSubagentPathIsSafe(t *testing.T) {
	d := NewClaudeDecoder(NewBuilder(), "/p/s.jsonl")
	for _, id := range []string{"../../etc/passwd", "a/b", "", "x y"} {
		if _, ok := d.readSubagent(id); ok {
			t.Errorf("read agent %q", id)
		}
	}
}
