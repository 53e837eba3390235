package viewer

import (
	"unicode"

	"github.com/deck-tui/deck/cards"
	query "github.com/deck-tui/deck/session/match"
)

// matcher finds a query in the rows of cards by deck's one rule
// (session/match: smart case, \ for a regular expression), in cells.
type matcher struct {
	query.Matcher
	// prefilter: a card whose search text lacks the query cannot draw it
	// (a query of letters in no word a card draws of its own: cards.SearchText)
	prefilter bool
}

// newMatcher reads a query; a bad regular expression is an error worded
// for the status bar.
func newMatcher(text string) (matcher, error) {
	m, err := query.New(text)
	if err != nil {
		return matcher{}, err
	}
	return matcher{Matcher: m, prefilter: letters(text) && !m.Hit(cards.Decorations)}, nil
}

// letters reports whether q is letters alone.
func letters(q string) bool {
	for _, r := range q {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return q != ""
}

func (m matcher) empty() bool { return m.Empty() }

// hit reports whether the query is anywhere in text: the cheap test a
// search makes of a card's text before drawing it.
func (m matcher) hit(text string) bool { return m.Hit(text) }

// count is how many places find finds in a row of plain text, without
// measuring them.
func (m matcher) count(plain string) int { return m.Count(plain) }

// find returns the cell ranges where the query is in a row of plain text;
// an empty match of a regular expression is no match.
func (m matcher) find(plain string) [][2]int {
	spans := m.Spans(plain)
	if len(spans) == 0 {
		return nil
	}
	out := make([][2]int, len(spans))
	for i, s := range spans {
		out[i] = [2]int{cards.Width(plain[:s[0]]), cards.Width(plain[:s[1]])}
	}
	return out
}
