package copilot_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// BenchmarkALongSubagent reads a log whose one subagent makes 5,000
// calls: its card is copied once a Write, not once a line.
func BenchmarkALongSubagent(b *testing.B) {
	l := newLog().add("user.message", obj{"content": "hi"}).add("assistant.message", message("m", "", request("t", "task", obj{}))).
		add("subagent.started", obj{"toolCallId": "t"}, "agentId", "a")
	for i := range 5000 {
		id := fmt.Sprintf("c%d", i)
		l.add("assistant.message", message("s"+id, "", request(id, "bash", obj{"command": "ls"})), "agentId", "a")
		l.add("tool.execution_complete", done(id, "x\n<exited with exit code 0>"), "agentId", "a")
	}
	log := []byte(strings.Join(*l, "\n") + "\n")
	b.SetBytes(int64(len(log)))
	for b.Loop() {
		sessiontest.ReadBytes(log, 64<<10)
	}
}
