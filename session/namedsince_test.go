package session_test

import (
	"slices"
	"testing"

	"github.com/deck-tui/deck/session"
)

// NamedSince yields the calls named since it was last asked, each while it
// still holds its id: what a turn's end needs to look at, instead of every
// call of the session.
func TestNamedSince(t *testing.T) {
	b := session.NewBuilder()
	a, x := &session.ToolCall{CallID: "a"}, &session.ToolCall{CallID: "x"}
	b.Add(a)
	b.Add(x)
	b.Add(&session.ToolCall{}) // no id: not findable, not yielded
	if got := slices.Collect(b.NamedSince()); !slices.Equal(got, []*session.ToolCall{a, x}) {
		t.Fatalf("first turn: %v", got)
	}
	if got := slices.Collect(b.NamedSince()); len(got) != 0 {
		t.Fatalf("nothing named since: %v", got)
	}
	streamed, again := &session.ToolCall{}, &session.ToolCall{CallID: "a"}
	b.Add(streamed)
	b.SetCallID(streamed, "s")
	b.Add(again) // takes "a" from the first call
	if got := slices.Collect(b.NamedSince()); !slices.Equal(got, []*session.ToolCall{streamed, again}) {
		t.Fatalf("second turn: %v", got)
	}
	b.SetCallID(x, "y") // found by "x" and "y" now
	b.SetCallID(x, "a") // and by "a", which it takes: yielded for each new id
	if got := slices.Collect(b.NamedSince()); !slices.Equal(got, []*session.ToolCall{x, x}) {
		t.Fatalf("renamed: %v", got)
	}
}
