package viewer

import (
	"slices"
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
	if at := m.rowMatches(0, cards.Render(e, o), o.Width, m.holds(e)); len(at) != 1 || !at[0].whole {
		t.Fatalf("placed %+v", at)
	}
}

// A match longer than a row, which drawing wraps over three or four rows
// (a long path broken mid-word; a query of words and a path, wrapped at a
// space and then mid-word), is found across them all: counted once, gone
// to at its first row, and marked on every row it covers, no other.
func TestSearchFindsAMatchWrappedOverManyRows(t *testing.T) {
	const path = "/work/app/internal/storage/migrations/0042_add_the_index_of_sessions_by_folder_and_by_agent.sql"
	v := readViewer(t, promptsLog(t, "look at the file "+path+" first", "nothing here"))
	v.resize(30, 40)
	rows := v.rows(0)
	first := -1 // the path's first row
	for r, row := range rows {
		if strings.HasPrefix(strings.TrimSpace(ansi.Strip(row)), "/work/") {
			first = r
			break
		}
	}
	if first < 1 || first+3 > len(rows) {
		t.Fatalf("the card does not wrap the path over rows of its own:\n%s", ansi.Strip(strings.Join(rows, "\n")))
	}
	text := func(r int) string { // a row's text, its gutter and padding left out
		p := strings.TrimRight(ansi.Strip(rows[r]), " ")
		return p[gutter(p):]
	}
	for r := first; r < first+2; r++ {
		if cards.Width(strings.TrimRight(ansi.Strip(rows[r]), " ")) != v.cardWidth() {
			t.Fatalf("row %d does not break the path at the card's edge: %q", r, ansi.Strip(rows[r]))
		}
	}
	tail, head := text(first), text(first+2)
	for _, c := range []struct {
		name  string
		query string
		from  int // the rows it covers: from, and on
		n     int
	}{
		{"three rows", tail[len(tail)-5:] + text(first+1) + head[:5], first, 3},
		{"four rows", "the file " + text(first) + text(first+1) + head[:5], first - 1, 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(path, strings.TrimPrefix(c.query, "the file ")) || strings.Contains(text(c.from), c.query) {
				t.Fatalf("%q is not the path split over rows", c.query)
			}
			v.search.query = c.query
			drain(v, v.startSearch())
			if !v.search.done || v.search.total != 1 {
				t.Fatalf("%q: %q", c.query, v.search.fact())
			}
			press(v, "n")
			if m := v.currentMatch(); m == nil || v.indexOf(m.id) != 0 || m.row != c.from {
				t.Fatalf("n went to %+v, not row %d of the first card", m, c.from)
			}
			var marked []int
			for r := range rows {
				if ranges := v.marks(0, r, rows); len(ranges) > 0 {
					marked = append(marked, r)
				}
			}
			want := []int{}
			for r := c.from; r < c.from+c.n; r++ {
				want = append(want, r)
			}
			if !slices.Equal(marked, want) {
				t.Fatalf("rows %v marked; want %v:\n%s", marked, want, ansi.Strip(strings.Join(rows, "\n")))
			}
			var b strings.Builder
			v.writeCards(&b)
			drawn := 0
			for _, row := range strings.Split(b.String(), "\n") {
				if strings.Contains(row, v.th.Match.Prefix()) {
					drawn++
				}
			}
			if drawn != c.n {
				t.Errorf("%d rows drawn marked; want %d:\n%s", drawn, c.n, b.String())
			}
		})
	}
}

// Finding matches across rows reads, for each row, only the rows a match
// could run over (as many as hold the query's runes, at most
// unboundedReach for a pattern with no longest): a card of thousands of
// rows is read a bounded number of times a row, never once a row for
// each row before it (which would be 10,000 × 5,000 reads).
func TestMatchesAcrossRowsAreLinearInTheRows(t *testing.T) {
	const width = 40
	for _, c := range []struct {
		query string
		n     int // rows
		most  int // reads a row, at most
	}{
		{strings.Repeat("b", 80) + "cccc", 10000, 60}, // over three rows
		{`\[a-z]+`, 3000, 100},                        // over as many as unboundedReach runes fill
	} {
		rows := make([]string, c.n)
		for i := range rows {
			rows[i] = "  " + strings.Repeat(string(rune('a'+i%26)), width-2)
		}
		m, err := newMatcher(c.query)
		if err != nil {
			t.Fatal(err)
		}
		reads := 0
		counted := rowsAt{at: func(i int) string { reads++; return rows[i] }, n: c.n}
		for r := range rows {
			m.across(counted, r, width)
			m.highlights(counted, r, width, true)
		}
		if reads > c.most*c.n {
			t.Errorf("%q: %d rows read for %d", c.query, reads, c.n)
		}
	}
}
