package ui

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/deck-tui/deck/cards"
)

// matcher finds a query in text. Smart case, as in less and vim: a query
// with no capital letter ignores case, one with a capital matches it
// exactly. A query that starts with \ is a regular expression (RE2, smart
// case too); a backslash itself is searched for as \\\ (the \, then an
// escaped backslash).
type matcher struct {
	q    string         // the literal query, lower-cased when fold
	fold bool           // ignore case
	re   *regexp.Regexp // a \ query; or, for a folded literal, the query case-blind, for text ToLower would resize
	// prefilter: a card whose search text lacks the query cannot draw it
	// (a query of letters in no word a card draws of its own: cards.SearchText)
	prefilter bool
}

// newMatcher reads a query; a bad regular expression is an error worded
// for the status bar.
func newMatcher(query string) (matcher, error) {
	if rest, ok := strings.CutPrefix(query, `\`); ok {
		if rest == "" {
			return matcher{}, nil
		}
		pattern := rest
		if !hasCapital(rest) {
			pattern = "(?i)" + rest
		}
		re, err := regexp.Compile(pattern)
		if err != nil {
			return matcher{}, badPattern(err)
		}
		return matcher{q: rest, re: re}, nil
	}
	m := matcher{q: query}
	if !hasCapital(query) {
		m = matcher{
			q:    strings.ToLower(query),
			fold: true,
			re:   regexp.MustCompile("(?i)" + regexp.QuoteMeta(query)),
		}
	}
	m.prefilter = letters(query) && !m.hit(cards.Decorations)
	return m, nil
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

// badPattern words a regexp error as "bad pattern: missing closing )".
func badPattern(err error) error {
	if e, ok := err.(*syntax.Error); ok {
		return patternError(e.Code.String())
	}
	return patternError(err.Error())
}

type patternError string

func (e patternError) Error() string { return "bad pattern: " + string(e) }

// hasCapital reports whether a query has an upper-case letter, not
// counting a regular expression's escapes (\S, \W, \D).
func hasCapital(q string) bool {
	escaped := false
	for _, r := range q {
		switch {
		case escaped:
			escaped = false
		case r == '\\':
			escaped = true
		case unicode.IsUpper(r):
			return true
		}
	}
	return false
}

func (m matcher) empty() bool { return m.q == "" }

func (m matcher) regexp() bool { return m.re != nil && !m.fold }

// hit reports whether the query is anywhere in text: the cheap test a
// search makes of a card's text before drawing it.
func (m matcher) hit(text string) bool {
	switch {
	case m.empty():
		return false
	case m.regexp():
		return m.re.MatchString(text)
	case m.fold && ascii(m.q):
		return containsFold(text, m.q)
	case m.fold:
		return strings.Contains(strings.ToLower(text), m.q)
	}
	return strings.Contains(text, m.q)
}

// containsFold reports whether text holds q (lower-case ASCII) in any
// case, without lowering the text: a long card's text is read once. A
// non-ASCII letter that lowers to ASCII (the Kelvin sign) counts as the
// letter it lowers to, as strings.ToLower has it.
func containsFold(text, q string) bool {
	if !lowersInPlace(text) {
		return strings.Contains(strings.ToLower(text), q)
	}
	return countFoldFrom(text, q, 1) > 0
}

// count is how many places find finds in a row of plain text, without
// measuring them.
func (m matcher) count(plain string) int {
	switch {
	case m.empty():
		return 0
	case m.regexp():
		n := 0
		for _, s := range m.re.FindAllStringIndex(plain, -1) {
			if s[1] > s[0] {
				n++
			}
		}
		return n
	case m.fold && ascii(m.q) && lowersInPlace(plain):
		return countFold(plain, m.q)
	case m.fold:
		if lower := strings.ToLower(plain); len(lower) == len(plain) {
			return strings.Count(lower, m.q)
		}
		return len(m.re.FindAllStringIndex(plain, -1))
	}
	return strings.Count(plain, m.q)
}

// countFold counts q (lower case) in s, ASCII both, ignoring case, as
// strings.Count counts in the lowered text, without lowering it.
func countFold(s, q string) int { return countFoldFrom(s, q, -1) }

// countFoldFrom is countFold stopping after limit matches (-1: none). It
// goes from one place q's first letter is, in either case, to the next.
func countFoldFrom(s, q string, limit int) int {
	lo, up := q[0], q[0]
	if lo >= 'a' && lo <= 'z' {
		up = lo - 'a' + 'A'
	}
	if len(q) == 1 && limit < 0 { // a letter: counted in each case at once
		if up == lo {
			return strings.Count(s, q)
		}
		return strings.Count(s, q) + strings.Count(s, string(up))
	}
	n := 0
	nextLo, nextUp := -1, -1 // where lo and up are next, at or after i; -1: not looked for
	for i := 0; i+len(q) <= len(s); {
		if nextLo < i {
			if nextLo = indexFrom(s, lo, i); nextLo < 0 {
				nextLo = len(s)
			}
		}
		if nextUp < i {
			if nextUp = indexFrom(s, up, i); nextUp < 0 {
				nextUp = len(s)
			}
		}
		if i = min(nextLo, nextUp); i+len(q) > len(s) {
			break
		}
		if strings.EqualFold(s[i:i+len(q)], q) {
			if n++; n == limit {
				return n
			}
			i += len(q)
			continue
		}
		i++
	}
	return n
}

// indexFrom is where c is next in s at or after from, or -1.
func indexFrom(s string, c byte, from int) int {
	if i := strings.IndexByte(s[from:], c); i >= 0 {
		return from + i
	}
	return -1
}

// lowersInPlace reports whether strings.ToLower keeps every character of s
// where it is and keeps every non-ASCII one non-ASCII: then an ASCII query
// is found in s as in its lowered text, by countFold. (The Kelvin sign
// lowers to k, İ grows a byte, invalid UTF-8 grows to U+FFFD.)
func lowersInPlace(s string) bool {
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return false
		}
		if lr := unicode.ToLower(r); lr < utf8.RuneSelf || utf8.RuneLen(lr) != size {
			return false
		}
		i += size
	}
	return true
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// find returns the cell ranges where the query is in a row of plain text;
// an empty match of a regular expression is no match.
func (m matcher) find(plain string) [][2]int {
	if m.empty() {
		return nil
	}
	var spans [][2]int // byte offsets in plain
	switch {
	case m.regexp():
		for _, s := range m.re.FindAllStringIndex(plain, -1) {
			if s[1] > s[0] {
				spans = append(spans, [2]int{s[0], s[1]})
			}
		}
	case m.fold:
		if lower := strings.ToLower(plain); len(lower) == len(plain) {
			spans = indexAll(lower, m.q)
		} else { // lower-casing resized the text: its offsets would not hold
			for _, s := range m.re.FindAllStringIndex(plain, -1) {
				spans = append(spans, [2]int{s[0], s[1]})
			}
		}
	default:
		spans = indexAll(plain, m.q)
	}
	if len(spans) == 0 {
		return nil
	}
	out := make([][2]int, len(spans))
	for i, s := range spans {
		out[i] = [2]int{cards.Width(plain[:s[0]]), cards.Width(plain[:s[1]])}
	}
	return out
}

// indexAll is every place q is in s, not overlapping.
func indexAll(s, q string) [][2]int {
	var out [][2]int
	for off := 0; ; {
		i := strings.Index(s[off:], q)
		if i < 0 {
			return out
		}
		start := off + i
		off = start + len(q)
		out = append(out, [2]int{start, off})
	}
}
