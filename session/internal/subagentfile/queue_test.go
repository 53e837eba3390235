package subagentfile

import "testing"

type part struct{ read, shown bool }

func (p *part) Read() { p.read = true }
func (p *part) Show() { p.shown = true }

// A queue that does not defer leaves nothing; one that does keeps each
// file, unread, for TakeFiles, which hands each out once.
func TestQueueLeavesFilesOnlyWhenDeferred(t *testing.T) {
	var q Queue
	if q.Leave(&part{}) || len(q.TakeFiles()) != 0 {
		t.Fatal("a queue that does not defer kept a file")
	}
	q.Defer()
	a, b := &part{}, &part{}
	if !q.Leave(a) || !q.Leave(b) {
		t.Fatal("a deferring queue did not keep its files")
	}
	got := q.TakeFiles()
	if len(got) != 2 || got[0] != a || got[1] != b || a.read || b.read {
		t.Fatalf("took %v", got)
	}
	if again := q.TakeFiles(); len(again) != 0 {
		t.Errorf("taken twice: %v", again)
	}
}
