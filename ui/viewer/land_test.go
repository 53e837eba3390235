package viewer

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
)

// A hit whose card is not in the log (it changed since it was indexed)
// opens the session at its top with the search set, and says so: the
// search's first match is current, and n goes on.
func TestLandingOnACardNoMoreThereSearchesFromTheTop(t *testing.T) {
	x := start(t, Options{Demo: true, Land: &landing{entry: 1 << 20, query: "healthz"}}, 100, 30)
	x.waitFor("the hit is not in the log now", "match 1 of")
	x.keys("n")
	x.waitFor("match 2 of")
	x.quit()
}

// A hit in a subagent's work (a Claude Code Task's nested transcript)
// opens its session at the Task's card, opened to the hit: the focus on
// the nested entry that holds the match (the status bar says which), and
// ] steps on from it to the subagent's next call.
func TestLandingInASubagentsWorkFocusesTheNestedEntry(t *testing.T) {
	const task, query = 13, "safe-array-concat" // the Task "Implement state management"; the query in one of its calls' output
	v := readViewer(t, longClaude)
	c, ok := v.items[task].e.(*session.ToolCall)
	if !ok || len(c.Nested) == 0 {
		t.Fatalf("entry %d is no Task with a subagent's work: %T", task, v.items[task].e)
	}
	holds := -1 // the nested entry whose text holds the query, depth first as the card draws them
	for k, it := range v.items[task].nested {
		texts, _ := cards.SearchText(it.e, "")
		if slices.ContainsFunc(texts, func(s string) bool { return strings.Contains(s, query) }) {
			holds = k
			break
		}
	}
	if holds < 1 {
		t.Fatalf("no nested entry but the first holds %q (%d)", query, holds)
	}
	x := start(t, Options{Path: longClaude, Follow: new(false), Land: &landing{entry: task, query: query}}, 120, 40)
	want := fmt.Sprintf("nested %d of %d", holds+1, len(v.items[task].nested))
	s := x.waitFor("match ", want)
	if !strings.Contains(s, query) {
		t.Fatalf("the match is not on screen:\n%s", s)
	}
	next := holds + 1 // ] goes on to the subagent's next call
	for next < len(v.items[task].nested) && !v.items[task].nested[next].tool {
		next++
	}
	x.keys("]")
	x.waitFor(fmt.Sprintf("nested %d of %d", next+1, len(v.items[task].nested)))
	x.quit()
}
