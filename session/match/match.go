// Package match is deck's one rule for finding a query in text, shared by
// the viewer's search and the index's: smart case, as in less and vim (a
// query with no capital letter ignores case, one with a capital matches it
// exactly), and a query that starts with \ is a regular expression (RE2,
// smart case too); a backslash itself is searched for as \\\ (the \, then
// an escaped backslash). It knows bytes, not cells: where a match is drawn
// is its user's business.
package match

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Matcher finds a query in text. The zero Matcher is the empty query,
// which matches nothing.
type Matcher struct {
	q    string         // the literal query, lower-cased when fold
	fold bool           // ignore case
	re   *regexp.Regexp // a \ query; or, for a folded literal, the query case-blind, for text ToLower would resize
}

// New reads a query; a bad regular expression is a PatternError, worded for
// a status bar. A byte of the query that is not UTF-8 stands for U+FFFD, as
// in the text it is found in (a regular expression cannot hold it).
func New(query string) (Matcher, error) {
	query = strings.ToValidUTF8(query, "\uFFFD")
	if rest, ok := strings.CutPrefix(query, `\`); ok {
		if rest == "" {
			return Matcher{}, nil
		}
		pattern := rest
		if !HasCapital(rest) {
			pattern = "(?i)" + rest
		}
		re, err := regexp.Compile(pattern)
		if err != nil {
			return Matcher{}, badPattern(err)
		}
		return Matcher{q: rest, re: re}, nil
	}
	if HasCapital(query) {
		return Matcher{q: query}, nil
	}
	return Matcher{
		q:    strings.ToLower(query),
		fold: true,
		re:   regexp.MustCompile("(?i)" + regexp.QuoteMeta(query)),
	}, nil
}

// badPattern words a regexp error as "bad pattern: missing closing )".
func badPattern(err error) error {
	if e, ok := err.(*syntax.Error); ok {
		return PatternError(e.Code.String())
	}
	return PatternError(err.Error())
}

// PatternError is a query that is no regular expression.
type PatternError string

func (e PatternError) Error() string { return "bad pattern: " + string(e) }

// HasCapital reports whether a query has an upper-case letter, not
// counting a regular expression's escapes (\S, \W, \D).
func HasCapital(q string) bool {
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

// Empty reports the empty query, which matches nothing.
func (m Matcher) Empty() bool { return m.q == "" }

// Regexp reports a \ query.
func (m Matcher) Regexp() bool { return m.re != nil && !m.fold }

// Hit reports whether the query is anywhere in text: the cheap test a
// search makes of a card's text before drawing it.
func (m Matcher) Hit(text string) bool {
	switch {
	case m.Empty():
		return false
	case m.Regexp():
		if loc := m.re.FindStringIndex(text); loc == nil || loc[1] > loc[0] {
			return loc != nil
		}
		_, ok := m.First(text) // its first match was empty, which is none: as Spans has it
		return ok
	case m.fold && ascii(m.q) && lowersInPlace(text):
		// without lowering the text: a long card's text is read once
		return countFoldFrom(text, m.q, 1) > 0
	case m.fold:
		_, ok := m.First(text) // where lowering resizes a character, as Spans has it
		return ok
	}
	return strings.Contains(text, m.q)
}

// Count is how many places Spans finds in text, without listing them.
func (m Matcher) Count(text string) int {
	switch {
	case m.Empty():
		return 0
	case m.Regexp():
		n := 0
		for _, s := range m.re.FindAllStringIndex(text, -1) {
			if s[1] > s[0] {
				n++
			}
		}
		return n
	case m.fold && ascii(m.q) && lowersInPlace(text):
		return countFold(text, m.q)
	case m.fold:
		if lower := strings.ToLower(text); len(lower) == len(text) {
			return strings.Count(lower, m.q)
		}
		return len(m.re.FindAllStringIndex(text, -1))
	}
	return strings.Count(text, m.q)
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
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Spans returns the byte ranges of text where the query is, in order and
// not overlapping; an empty match of a regular expression is no match.
func (m Matcher) Spans(text string) [][2]int {
	if m.Empty() {
		return nil
	}
	var spans [][2]int
	switch {
	case m.Regexp():
		for _, s := range m.re.FindAllStringIndex(text, -1) {
			if s[1] > s[0] {
				spans = append(spans, [2]int{s[0], s[1]})
			}
		}
	case m.fold:
		if lower := strings.ToLower(text); len(lower) == len(text) {
			spans = indexAll(lower, m.q)
		} else { // lower-casing resized the text: its offsets would not hold
			for _, s := range m.re.FindAllStringIndex(text, -1) {
				spans = append(spans, [2]int{s[0], s[1]})
			}
		}
	default:
		spans = indexAll(text, m.q)
	}
	return spans
}

// First is the byte range of the first match in text; ok is false when
// there is none.
func (m Matcher) First(text string) (span [2]int, ok bool) {
	switch {
	case m.Empty():
		return span, false
	case m.Regexp():
		for _, s := range m.re.FindAllStringIndex(text, -1) {
			if s[1] > s[0] {
				return [2]int{s[0], s[1]}, true
			}
		}
		return span, false
	case m.fold:
		if lower := strings.ToLower(text); len(lower) == len(text) {
			if i := strings.Index(lower, m.q); i >= 0 {
				return [2]int{i, i + len(m.q)}, true
			}
			return span, false
		}
		if s := m.re.FindStringIndex(text); s != nil {
			return [2]int{s[0], s[1]}, true
		}
		return span, false
	}
	if i := strings.Index(text, m.q); i >= 0 {
		return [2]int{i, i + len(m.q)}, true
	}
	return span, false
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
