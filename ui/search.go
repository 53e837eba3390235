package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/textinput"
	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/theme"
)

// match is one place the query was found: a row of a card drawn whole.
type match struct {
	id, row, col int // entry id, row in its expanded card, cell where it starts
	width        int // its cells
}

// search is the state of / search: the query as typed, and the matches
// found so far across the whole transcript, every card drawn whole.
type search struct {
	input   textinput.Model
	typing  bool
	query   string
	m       matcher
	err     error // the query is a bad pattern
	gen     int   // the search a result belongs to; a newer query wins
	run     *searchRun
	matches []match
	current int // the match n and N go from; -1 before the first
	done    bool
	jump    bool   // enter came before the matches: go to the first when they do
	keep    *match // the current match before the search ran again on a grown log

	origin  pos // where the view was when / was pressed: esc goes back
	focus   int
	history []string // earlier queries, oldest first; ↑ recalls them
	recall  int      // how far back ↑ went; len(history) when not recalling
}

func newSearch() search {
	in := textinput.New()
	in.Prompt = "/"
	in.Placeholder = `text (smart case), or \ then a regexp; ↑ earlier searches`
	return search{input: in, current: -1}
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
		if len(s.matches) == 0 {
			return "searching…"
		}
	}
	if s.current >= 0 {
		return fmt.Sprintf("match %d of %d%s", s.current+1, len(s.matches), more)
	}
	if s.done && len(s.matches) == 0 {
		return "no matches"
	}
	if len(s.matches) == 1 {
		return "1 match" + more
	}
	return fmt.Sprintf("%d matches%s", len(s.matches), more)
}

// highlightMatches marks where the query is in a drawn row, in place: the
// hit's colour laid over the row's own, never a reset, so a diff line keeps
// its background. The hit starting at cell current (-1 for none) is the
// current one, drawn in reverse so it stands out from the others.
func highlightMatches(row string, m matcher, st theme.Style, current int) string {
	ranges := m.find(ansi.Strip(row))
	if len(ranges) == 0 {
		return row
	}
	off := ansi.SGR(ansi.AttrNormalIntensity, ansi.AttrNoUnderline, ansi.AttrNoReverse, ansi.AttrDefaultForegroundColor)
	var b strings.Builder
	state := "" // the row's SGR sequences since its last reset: what a hit's end restores
	hit := ""   // the open hit's sequence, "" outside one
	cell, next := 0, 0
	var ps byte
	for rest := row; len(rest) > 0; {
		seq, w, n, ns := ansi.DecodeSequence(rest, ps, nil)
		rest, ps = rest[n:], ns
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
			continue
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
	}
	if hit != "" {
		b.WriteString(off + state)
	}
	return b.String()
}

// currentMatch is the match n and N go from, if any.
func (v *viewer) currentMatch() *match {
	if c := v.search.current; c >= 0 && c < len(v.search.matches) {
		return &v.search.matches[c]
	}
	return nil
}

// searchPrompt is the status bar while a query is typed: the prompt, and
// at the right the count so far.
func (v *viewer) searchPrompt() string {
	in := styledInput(v.search.input, v.th) // in the theme's colours: bubbles' defaults are white on a light terminal
	prompt := in.View()
	fact := oneLine(v.search.fact())
	gap := v.width - ansi.StringWidth(prompt) - ansi.StringWidth(fact) - 1
	if fact == "" || gap < 1 {
		return prompt
	}
	return prompt + strings.Repeat(" ", gap) + v.th.Muted.Render(fact)
}
