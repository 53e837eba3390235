package claude_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// progressTask is a Task whose subagent shows through n agent_progress
// copies: its prompt, then reads and their results in turn.
func progressTask(n int) *ccLog {
	l := &ccLog{}
	l.task("m", "tk", "dig")
	copyOf := func(msg obj) {
		l.add(obj{"type": "progress", "parentToolUseID": "tk", "toolUseID": "agent_msg_m",
			"data": obj{"type": "agent_progress", "agentId": "abc123", "message": msg}})
	}
	copyOf(obj{"type": "user", "message": obj{"role": "user", "content": []any{obj{"type": "text", "text": "dig"}}}})
	for i := 1; i < n; i++ {
		id := fmt.Sprintf("p-t%d", (i+1)/2)
		if i%2 == 1 {
			copyOf(obj{"type": "assistant", "message": obj{"id": "p" + id, "content": []any{obj{"type": "tool_use", "id": id, "name": "Read", "input": obj{"file_path": "x"}}}}})
		} else {
			copyOf(obj{"type": "user", "message": obj{"content": []any{obj{"type": "tool_result", "tool_use_id": id, "content": "     1→x"}}}})
		}
	}
	return l
}

// allocatedReading is how many bytes reading a log allocates.
func allocatedReading(text string) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	sessiontest.ReadString(text)
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// A Task's agent_progress records cost what each holds, however many came
// before: its work was copied whole at each one (the list of its entries,
// for the viewer), so reading n records allocated in n², and 80,000 of
// them took minutes. Four times the records allocate about four times the
// bytes; quadratic work allocates sixteen times.
func TestProgressRecordsAllocateLinearly(t *testing.T) {
	small, large := progressTask(1000).text(), progressTask(4000).text()
	allocatedReading(small) // the first read warms what is made once
	perSmall := float64(allocatedReading(small)) / 1000
	perLarge := float64(allocatedReading(large)) / 4000
	if perLarge > 1.5*perSmall {
		t.Errorf("a record allocates %.0f bytes among 4,000, %.0f among 1,000: the work grows with the records before it", perLarge, perSmall)
	}
}

// A Task whose subagent streams is shown as it stands after every Write,
// as a fresh read of the log so far shows it, and what a viewer took
// after one Write is never changed by the next.
func TestAStreamingTaskIsShownAsAFreshReadShowsIt(t *testing.T) {
	l := progressTask(9)
	l.result("tk", []any{obj{"type": "text", "text": "dug"}}, false, obj{"status": "completed", "content": []any{obj{"type": "text", "text": "dug"}}})
	r := source.NewReader()
	var held [][]session.Entry
	var shapes []string
	for i, line := range l.lines {
		r.Write([]byte(line + "\n"))
		c := r.Session().Call("tk")
		fresh := sessiontest.ReadString(strings.Join(l.lines[:i+1], "\n") + "\n").Call("tk")
		got, want := nestedShape(c.Nested), nestedShape(fresh.Nested)
		if got != want {
			t.Fatalf("after line %d the Task shows %q, a fresh read %q", i+1, got, want)
		}
		held, shapes = append(held, c.Nested), append(shapes, got)
	}
	for i, n := range held {
		if got := nestedShape(n); got != shapes[i] {
			t.Errorf("what was shown after line %d changed: %q, was %q", i+1, got, shapes[i])
		}
	}
}

// nestedShape is a Task's work in a line: each entry, and each call's
// state.
func nestedShape(es []session.Entry) string {
	var b strings.Builder
	for _, e := range es {
		b.WriteString(sessiontest.EntryKind(e))
		if c, ok := e.(*session.ToolCall); ok {
			fmt.Fprintf(&b, "/%v", c.Status())
		}
		b.WriteByte(' ')
	}
	return b.String()
}

// Reading a Task's agent_progress records, at two sizes: the time a record
// stays the same (issue 23: 80,000 took 104 s).
func BenchmarkProgressRecords(b *testing.B) {
	for _, n := range []int{20000, 80000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			text := progressTask(n).text()
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				sessiontest.ReadString(text)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/record")
		})
	}
}
