package viewer

import (
	"fmt"
	"sort"
	"strings"

	"charm.land/bubbles/v2/textinput"
	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
	"github.com/deck-tui/deck/ui/kit"
)

// match is one place the query was found: a row of a card drawn whole.
type match struct {
	id, row, col int // entry id, row in its expanded card, cell where it starts
	width        int // its cells
	// whole: the card's text holds the query, its rows show it nowhere
	// (wrapped.go); the match is the card, its first row, nothing marked
	whole bool
}

// search is the state of / search: the query as typed, and the matches
// found so far across the whole transcript: how many each card holds,
// counted off the loop; where they are in a card is found when the view
// goes to one.
type search struct {
	input   textinput.Model
	typing  bool
	query   string
	m       matcher
	err     error // the query is a bad pattern
	gen     int   // the search a result belongs to; a newer query wins
	run     *searchRun
	opts    cards.Options // how the run reads the cards, so a match is placed in the rows it counted
	hits    []cardHits    // the cards with matches, in transcript order
	starts  []int         // the number of hits[i]'s first match
	total   int
	placed  placement
	holding map[int]bool // by entry id: the card's text holds the query (wrapped.go), as the screen draws it
	current int          // the match n and N go from; -1 before the first
	done    bool
	jump    bool // enter came before the matches: go to the first when they do
	// from is the entry nested in the focused card the first match is at
	// or after (a content search's hit in a subagent's work); unset for the card's top
	from nestedFocus
	owed int   // n (+1) and N (−1) pressed while the search had no match yet: taken when one comes
	keep *kept // the current match before the search ran again on a grown log

	origin  pos // where the view was when / was pressed: esc goes back
	focus   int
	history []string // earlier queries, oldest first; ↑ recalls them
	recall  int      // how far back ↑ went; len(history) when not recalling
}

// kept is a match by its card and its place among the card's matches.
type kept struct{ id, k int }

// placement is the matches of the card last placed, where they are.
type placement struct {
	id int
	at []match // nil before a card is placed
}

func newSearch() search {
	in := textinput.New()
	in.Prompt = "/"
	in.Placeholder = `text (smart case), or \ then a regexp; ↑ earlier searches`
	return search{input: in, current: -1}
}

// add takes a card's count.
func (s *search) add(h cardHits) {
	if s.current < 0 && s.keep != nil && s.keep.id == h.id && s.keep.k < h.n {
		s.current, s.keep = s.total+s.keep.k, nil
	}
	s.hits = append(s.hits, h)
	s.starts = append(s.starts, s.total)
	s.total += h.n
}

// cardOf is the card holding match i and the match's place among its own.
func (s *search) cardOf(i int) (cardHits, int) {
	j := sort.Search(len(s.starts), func(j int) bool { return s.starts[j] > i }) - 1
	return s.hits[j], i - s.starts[j]
}

// place finds where match k of the card id is: the card's plain rows
// (as the run counted them) searched again, once for all its matches.
func (s *search) place(id, k int, e session.Entry) *match {
	if s.placed.at == nil || s.placed.id != id {
		s.placed = placement{id: id, at: append([]match{}, s.m.rowMatches(id, cards.Render(e, s.opts), s.opts.Width, s.m.holds(e))...)}
	}
	if len(s.placed.at) == 0 {
		return nil
	}
	return &s.placed.at[min(k, len(s.placed.at)-1)]
}

// clear ends the search, its run too, and keeps the history. The run's
// matches still on their way belong to a search no longer there: a new
// gen drops them.
func (s *search) clear() {
	s.run.stop()
	history, gen := s.history, s.gen
	*s = newSearch()
	s.history, s.gen = history, gen+1
}

// remember adds a query to the history, once.
func (s *search) remember(q string) {
	if q == "" {
		return
	}
	if n := len(s.history); n > 0 && s.history[n-1] == q {
		return
	}
	s.history = append(s.history, q)
}

// recallBy steps through the history (-1 older, +1 newer) into the prompt.
func (s *search) recallBy(dir int) bool {
	at := min(max(s.recall+dir, 0), len(s.history))
	if at == s.recall {
		return false
	}
	s.recall = at
	q := ""
	if at < len(s.history) {
		q = s.history[at]
	}
	s.input.SetValue(q)
	s.input.CursorEnd()
	return true
}

// fact is what the status bar says of the search: the count so far, with
// … while the search goes on.
func (s *search) fact() string {
	if s.query == "" {
		return ""
	}
	if s.err != nil {
		return s.err.Error()
	}
	more := ""
	if !s.done {
		more = "…"
		if s.total == 0 {
			return "searching…"
		}
	}
	if s.current >= 0 {
		return fmt.Sprintf("match %d of %d%s", s.current+1, s.total, more)
	}
	if s.done && s.total == 0 {
		return "no matches"
	}
	if s.total == 1 {
		return "1 match" + more
	}
	return fmt.Sprintf("%d matches%s", s.total, more)
}

// highlightMatches marks where the query is in a drawn row, in place: the
// hit's colour laid over the row's own, never a reset, so a diff line keeps
// its background. ranges are the cells of the query's places (matcher.highlights).
// The hit starting at cell current (-1 for none) is the
// current one, drawn in reverse so it stands out from the others.
func highlightMatches(row string, ranges [][2]int, st theme.Style, current int) string {
	if len(ranges) == 0 {
		return row
	}
	off := ansi.SGR(ansi.AttrNormalIntensity, ansi.AttrNoUnderline, ansi.AttrNoReverse, ansi.AttrDefaultForegroundColor)
	var b strings.Builder
	state := "" // the row's SGR sequences since its last reset: what a hit's end restores
	hit := ""   // the open hit's sequence, "" outside one
	cell, next := 0, 0
	cards.Pieces(row, func(seq string, w int, _ bool) { // measured as the matcher measures
		if w == 0 {
			b.WriteString(seq)
			if strings.HasPrefix(seq, "\x1b[") && strings.HasSuffix(seq, "m") {
				if seq == theme.Reset || seq == "\x1b[0m" {
					state = ""
				} else {
					state += seq
				}
				b.WriteString(hit) // the row's own colour changed inside a hit: the hit's again
			}
			return
		}
		if hit != "" && cell >= ranges[next][1] {
			b.WriteString(off + state)
			hit, next = "", next+1
		}
		if hit == "" && next < len(ranges) && cell >= ranges[next][0] {
			hit = st.Prefix()
			if ranges[next][0] == current {
				hit += ansi.SGR(ansi.AttrReverse)
			}
			b.WriteString(hit)
		}
		b.WriteString(seq)
		cell += w
	})
	if hit != "" {
		b.WriteString(off + state)
	}
	return b.String()
}

// currentMatch is the match n and N go from, if any.
func (v *Viewer) currentMatch() *match {
	if c := v.search.current; c >= 0 && c < v.search.total {
		return v.matchAt(c)
	}
	return nil
}

// matchAt is match i, placed in its card.
func (v *Viewer) matchAt(i int) *match {
	h, k := v.search.cardOf(i)
	idx := v.indexOf(h.id)
	if idx < 0 {
		return nil
	}
	return v.search.place(h.id, k, v.entry(idx))
}

// searchPrompt is the status bar while a query is typed: the prompt, and
// at the right the count so far.
func (v *Viewer) searchPrompt() string {
	in := kit.StyledInput(v.search.input, v.th) // in the theme's colours: bubbles' defaults are white on a light terminal
	prompt := in.View()
	fact := kit.OneLine(v.search.fact())
	gap := v.width - cards.Width(prompt) - cards.Width(fact) - 1
	if fact == "" || gap < 1 {
		return prompt
	}
	return prompt + strings.Repeat(" ", gap) + v.th.Muted.Render(fact)
}
