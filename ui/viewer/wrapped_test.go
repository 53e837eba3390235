package viewer

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// A path too long for its row, which the card wraps onto the next, is
// found where it is split, as the index finds it in the card's text:
// counted, gone to, and marked on both rows.
func TestSearchFindsAPathTheCardWraps(t *testing.T) {
	const path = "/work/app/internal/storage/migrations/0042_add_the_index_of_sessions_by_folder.sql"
	v := readViewer(t, promptsLog(t, "look at "+path+" first", "nothing here"))
	v.resize(50, 20)
	idx := -1
	for i, it := range v.items {
		if u, ok := it.e.(*session.UserMessage); ok && strings.Contains(session.TextOf(u.Content), path) {
			idx = i
		}
	}
	if idx < 0 {
		t.Fatal("no card holds the path")
	}
	rows := v.rows(idx)
	query, at := "", -1 // the end of a row and the start of the next, which the path holds
	for r := 0; r+1 < len(rows) && at < 0; r++ {
		a := strings.TrimRight(ansi.Strip(rows[r]), " ")
		b := ansi.Strip(rows[r+1])
		b = b[gutter(b):]
		if len(a) >= 6 && len(b) >= 6 && strings.Contains(path, a[len(a)-6:]+b[:6]) {
			query, at = a[len(a)-6:]+b[:6], r
		}
	}
	if at < 0 {
		t.Fatalf("the card does not wrap the path:\n%s", strings.Join(rows, "\n"))
	}
	v.search.query = query
	drain(v, v.startSearch())
	if !v.search.done || v.search.total != 1 {
		t.Fatalf("%q, split over rows %d and %d: %q", query, at, at+1, v.search.fact())
	}
	press(v, "n")
	if m := v.currentMatch(); m == nil || v.items[v.indexOf(m.id)].id != v.items[idx].id || m.row != at {
		t.Fatalf("n went to %+v, not row %d of card %d", m, at, idx)
	}
	var b strings.Builder
	v.writeCards(&b)
	marked := 0
	for _, row := range strings.Split(b.String(), "\n") {
		plain := ansi.Strip(row)
		if strings.Contains(plain, query[:6]) || strings.Contains(plain, query[6:]) {
			if strings.Contains(row, v.th.Match.Prefix()) {
				marked++
			}
		}
	}
	if marked != 2 {
		t.Fatalf("%d of the two rows the match is split over are marked:\n%s", marked, b.String())
	}
}

// A reply whose Markdown the card draws otherwise than its text (code's
// backticks dropped) still has the match the index finds in its text:
// the card, counted once.
func TestSearchCountsACardWhoseTextHoldsTheQuery(t *testing.T) {
	e := &session.AssistantText{Text: "the setting is in `config.go` now"}
	m, err := newMatcher("`config.go`")
	if err != nil {
		t.Fatal(err)
	}
	o := cards.Options{Width: 60, Theme: theme.Dark(), Expanded: true, Plain: true}
	r := startRun(1, m, []session.Entry{e}, o, nil)
	if hits := collect(t, r); len(hits) != 1 || hits[0].n != 1 {
		t.Fatalf("counted %+v", hits)
	}
	if at := m.rowMatches(0, cards.Render(e, o), m.holds(e)); len(at) != 1 || !at[0].whole {
		t.Fatalf("placed %+v", at)
	}
}
