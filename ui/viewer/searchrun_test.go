package viewer

import (
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/demo"
	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/theme"
)

// everyRow is the search done the slow way, every card drawn (drawn: each
// entry's rows, without their styles, width wide) and its text read: what
// the quick one must find.
func everyRow(m matcher, entries []session.Entry, drawn [][]string, width int) []match {
	var out []match
	for i, e := range entries {
		out = append(out, m.rowMatches(session.Base(e).ID, drawn[i], width, m.holds(e))...)
	}
	return out
}

// drawEvery draws every entry, its rows without their styles.
func drawEvery(entries []session.Entry, o cards.Options) [][]string {
	drawn := make([][]string, len(entries))
	for i, e := range entries {
		for _, row := range cards.Render(e, o) {
			drawn[i] = append(drawn[i], ansi.Strip(row))
		}
	}
	return drawn
}

// collect takes a run's messages to its end.
func collect(t *testing.T, r *searchRun) []cardHits {
	t.Helper()
	var out []cardHits
	deadline := time.After(10 * time.Second)
	for {
		done := make(chan searchedMsg, 1)
		go func() { done <- r.next()().(searchedMsg) }()
		select {
		case msg := <-done:
			out = append(out, msg.hits...)
			if msg.done {
				return out
			}
		case <-deadline:
			t.Fatal("the search never ended")
		}
	}
}

// placeAll places every match a run counted, as the view goes to them.
func placeAll(m matcher, hits []cardHits, entries []session.Entry, o cards.Options) []match {
	s := newSearch()
	s.m, s.opts = m, o
	s.opts.Plain = true
	for _, h := range hits {
		s.add(h)
	}
	byID := map[int]session.Entry{}
	for _, e := range entries {
		byID[session.Base(e).ID] = e
	}
	var out []match
	for i := range s.total {
		h, k := s.cardOf(i)
		if p := s.place(h.id, k, byID[h.id]); p != nil {
			out = append(out, *p)
		}
	}
	return out
}

// The search that reads each card's text and counts its plain rows finds
// every match that drawing every card finds, as many in each card, and
// places them where drawing finds them, in the same order: in the demo,
// every fixture and the corpus, for rare and common queries (a letter,
// /func, in nearly every card).
func TestSearchFindsWhatDrawingEveryCardFinds(t *testing.T) {
	sessions := map[string]*session.Session{"demo": demo.Session()}
	logs, _ := filepath.Glob(testdata + "/fixtures/*")
	corpus, _ := filepath.Glob(testdata + "/corpus/*/*")
	for _, f := range append(logs, corpus...) {
		if s, err := source.Open(f); err == nil {
			sessions[f] = s
		}
	}
	if len(sessions) < 30 {
		t.Fatalf("%d sessions", len(sessions))
	}
	queries := []string{"e", "health", "Health", "func", "config", "err", `\err(or)?`, "test", "ok", "return", "the", "go", "/", "http", `"`, "é", ":"}
	if raceEnabled { // each query the prefilter does not take draws every card, ten times slower: one, a regexp, and those it takes
		queries = []string{"e", `\err(or)?`, "health", "Health", "func", "config", "test", "return"}
	}
	o := cards.Options{Width: 100, Theme: theme.Dark(), Expanded: true, NoHighlight: true}
	for name, s := range sessions {
		o.Cwd = s.Header.Cwd
		replies := newReplyRows() // the first query draws the replies, the others count the rows it kept
		drawn := drawEvery(s.Entries, o)
		for _, q := range queries {
			m, err := newMatcher(q)
			if err != nil {
				t.Fatal(err)
			}
			want := everyRow(m, s.Entries, drawn, o.Width)
			hits := collect(t, startRun(1, m, s.Entries, o, replies))
			total := 0
			for _, h := range hits {
				total += h.n
			}
			got := placeAll(m, hits, s.Entries, o)
			if total != len(want) || !reflect.DeepEqual(got, want) {
				for _, w := range want {
					if !slices.Contains(got, w) {
						for _, e := range s.Entries {
							if session.Base(e).ID == w.id {
								t.Logf("missed %q: %T %q", q, e, ansi.Strip(cards.Render(e, o)[w.row]))
							}
						}
					}
				}
				t.Errorf("%s, /%s: %d matches counted, %d placed, drawing every card finds %d", name, q, total, len(got), len(want))
			}
		}
	}
}

// A cancelled run sends nothing more and its worker returns.
func TestCancelledSearchEnds(t *testing.T) {
	s := demo.Session()
	m, _ := newMatcher("e")
	r := startRun(1, m, s.Entries, cards.Options{Width: 80, Theme: theme.Dark(), Expanded: true, NoHighlight: true}, nil)
	r.stop()
	select {
	case <-r.ended:
	case <-time.After(5 * time.Second):
		t.Fatal("the cancelled search went on")
	}
}

// Matches a cleared search's run had already sent are dropped when they
// come: the search they belong to is gone (they once reached a nil run,
// and deck panicked, when esc came while a search streamed).
func TestMatchesOfAClearedSearchAreDropped(t *testing.T) {
	v := &Viewer{search: newSearch()}
	v.search.gen = 3
	v.search.done = false
	v.search.clear()
	if cmd := v.searched(searchedMsg{gen: 3, hits: []cardHits{{id: 1, n: 2}}}); cmd != nil {
		cmd()
	}
	if len(v.search.hits) != 0 || v.search.total != 0 {
		t.Errorf("a cleared search took matches: %v", v.search.hits)
	}
}

// The prefilter (a card's text read before it is drawn) skips no card
// whose drawing holds the query: short queries that decorations make
// (labels, counts, notes, marks: a letter, a digit, "tion", "no", "→")
// are never skipped in a card whose drawing holds them, in the demo, every
// fixture and the corpus. (TestSearchFindsWhatDrawingEveryCardFinds pins
// what a card not skipped counts.)
func TestPrefilterSkipsNoCardItsDrawingMatches(t *testing.T) {
	sessions := map[string]*session.Session{"demo": demo.Session()}
	logs, _ := filepath.Glob(testdata + "/fixtures/*")
	corpus, _ := filepath.Glob(testdata + "/corpus/*/*")
	for _, f := range append(logs, corpus...) {
		if s, err := source.Open(f); err == nil {
			sessions[f] = s
		}
	}
	var queries []string
	for c := 'a'; c <= 'z'; c++ {
		queries = append(queries, string(c), string(c-'a'+'A'))
	}
	for c := '0'; c <= '9'; c++ {
		queries = append(queries, string(c))
	}
	queries = append(queries, "tion", "ing", "no", "no result", "running", "lines", "of", "match", "file", "exit", "ms",
		"Read", "Grep", "→", "·", "…", "│", "✓", "›", " ", "  ", ":", "(", `"`, "+", "−", "%", "ZWSP", "TAG", "U+", "thinking", "turn")
	if raceEnabled { // the rule has no goroutines to race; ten times slower, a few queries of each kind
		queries = []string{"s", "E", "7", "tion", "no", "→", " ", "ZWSP"}
	}
	o := cards.Options{Width: 100, Theme: theme.Dark(), Expanded: true, NoHighlight: true}
	for name, s := range sessions {
		o.Cwd = s.Header.Cwd
		drawn := drawEvery(s.Entries, o)
		for _, q := range queries {
			m, err := newMatcher(q)
			if err != nil {
				t.Fatal(err)
			}
			want := map[int]int{}
			for i, e := range s.Entries {
				for _, row := range drawn[i] {
					if n := m.count(row); n > 0 {
						want[session.Base(e).ID] += n
					}
				}
			}
			for i, e := range s.Entries {
				if id := session.Base(e).ID; want[id] > 0 && skips(e, m, o.Cwd) {
					t.Errorf("%s, /%s: %T %d skipped, drawing it finds %d: %q", filepath.Base(name), q, e, id, want[id], drawn[i])
				}
			}
		}
	}
}
