package subagentfile

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
)

// A file over the limit is read up to it: the whole lines before it, not
// the line it cuts, and a notice that says so.
func TestLinesStopAtTheLimit(t *testing.T) {
	line := strings.Repeat("x", 99) + "\n" // 100 bytes
	text := strings.Repeat(line, (1<<20)/100+5)
	b := session.NewBuilder()
	var got int
	linesUpTo(strings.NewReader(text), 1<<20, func(_ int, l []byte) {
		if len(l) != 99 {
			t.Fatalf("a line of %d bytes was applied: a cut line", len(l))
		}
		got++
	}, b, "chat")
	if want := (1 << 20) / 100; got != want {
		t.Errorf("%d lines applied, want %d", got, want)
	}
	n := b.Notices()
	if len(n) != 1 || n[0].Text != "the subagent's chat is larger than 1 MB; only its start is shown" {
		t.Errorf("notices %v", n)
	}
}

// A file of exactly the limit is whole: its last line, with no newline,
// is read, and nothing is said.
func TestLinesOfExactlyTheLimitAreWhole(t *testing.T) {
	text := strings.Repeat("y", 1<<20)
	b := session.NewBuilder()
	var got []int
	linesUpTo(strings.NewReader(text), 1<<20, func(num int, l []byte) { got = append(got, len(l)) }, b, "chat")
	if len(got) != 1 || got[0] != 1<<20 {
		t.Errorf("lines %v, want one of %d bytes", got, 1<<20)
	}
	if n := b.Notices(); len(n) != 0 {
		t.Errorf("notices %v", n)
	}
}
