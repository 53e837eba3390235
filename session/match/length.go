package match

import (
	"regexp/syntax"
	"unicode/utf8"
)

// longest is the most runes MaxRunes counts to: a pattern that may match
// more has no bound worth the name.
const longest = 1 << 20

// MaxRunes is the most runes a match can hold: a literal query's own
// (case is folded a rune for a rune), a pattern's longest match; false
// for a pattern whose match has no bound (a *, a +, a {n,}).
func (m Matcher) MaxRunes() (int, bool) {
	if !m.Regexp() {
		return utf8.RuneCountInString(m.q), !m.Empty()
	}
	re, err := syntax.Parse(m.q, syntax.Perl)
	if err != nil {
		return 0, false // New compiled it: never so
	}
	n := maxRunes(re.Simplify())
	return n, n <= longest
}

// maxRunes is the most runes re matches, more than longest when it has
// no bound.
func maxRunes(re *syntax.Regexp) int {
	switch re.Op {
	case syntax.OpLiteral:
		return len(re.Rune)
	case syntax.OpCharClass, syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return 1
	case syntax.OpCapture, syntax.OpQuest:
		return maxRunes(re.Sub[0])
	case syntax.OpConcat:
		n := 0
		for _, s := range re.Sub {
			n = min(n+maxRunes(s), longest+1)
		}
		return n
	case syntax.OpAlternate:
		n := 0
		for _, s := range re.Sub {
			n = max(n, maxRunes(s))
		}
		return n
	case syntax.OpRepeat:
		if re.Max < 0 {
			return longest + 1
		}
		return min(re.Max*maxRunes(re.Sub[0]), longest+1)
	case syntax.OpStar, syntax.OpPlus:
		return longest + 1
	}
	return 0 // an empty match, an anchor, a word boundary
}
