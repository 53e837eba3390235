package cards

import (
	"regexp/syntax"
	"sync"
	"unicode"

	"github.com/alecthomas/chroma/v2"
)

// Chroma tries a state's rules in order at each position, one regexp
// match each, until one matches: for an identifier in Go, some thirty
// matches, most of the lexing time. Most rules cannot match at the
// character there (a comment rule at a letter), so the lexer is handed,
// before each match, only the rules that can start with that character,
// in their order: the first rule that matches is the same, so the tokens
// are the same. A rule whose first characters are not known for sure (a
// pattern Go's regexp syntax cannot read, one that may match nothing) is
// always tried, and so is every rule at a character past ASCII or at \v
// (which \s means for chroma's regexp2 and not for Go's syntax). Ignoring
// case, a rune past ASCII is not known: regexp2 may fold it by rules
// Go's syntax does not (İ to i).

// asciiRules are a regex lexer's compiled rules for each ASCII character:
// the rules of each state that can match starting with it.
type asciiRules struct {
	all    chroma.CompiledRules
	byChar [128]chroma.CompiledRules
}

var asciiRuleSets sync.Map // *chroma.RegexLexer → *asciiRules

// asciiRulesOf are a lexer's rules by character, sorted once: its compiled
// rules never change after compiling.
func asciiRulesOf(rl *chroma.RegexLexer, all chroma.CompiledRules) *asciiRules {
	if a, ok := asciiRuleSets.Load(rl); ok {
		return a.(*asciiRules)
	}
	a, _ := asciiRuleSets.LoadOrStore(rl, newASCIIRules(rl, all))
	return a.(*asciiRules)
}

// newASCIIRules sorts a lexer's compiled rules by their first characters.
func newASCIIRules(rl *chroma.RegexLexer, all chroma.CompiledRules) *asciiRules {
	cfg := rl.Config()
	flags := syntax.Perl
	if cfg.CaseInsensitive {
		flags |= syntax.FoldCase
	}
	if cfg.DotAll {
		flags |= syntax.DotNL
	}
	a := &asciiRules{all: all}
	for c := range a.byChar {
		a.byChar[c] = make(chroma.CompiledRules, len(all))
	}
	for state, rules := range all {
		for _, r := range rules {
			starts, ok := firstChars(r.Pattern, flags)
			for c := range a.byChar {
				if !ok || starts[c] {
					a.byChar[c][state] = append(a.byChar[c][state], r)
				}
			}
		}
	}
	return a
}

// byCharacter is false in tests that compare with chroma's own matching.
var byCharacter = true

// at are the rules to try at rune position pos of text.
func (a *asciiRules) at(text []rune, pos int) chroma.CompiledRules {
	if byCharacter && pos < len(text) && text[pos] < 128 && text[pos] != '\v' {
		return a.byChar[text[pos]]
	}
	return a.all
}

// firstChars are the ASCII characters a match of pattern can start with;
// ok false when that is not known (then the rule is always tried).
func firstChars(pattern string, flags syntax.Flags) (starts [128]bool, ok bool) {
	re, err := syntax.Parse(pattern, flags)
	if err != nil {
		return starts, false
	}
	set, nullable, known := first(re)
	return set, known && !nullable
}

// first is what a match of re can start with: the ASCII characters, whether
// it can match the empty string (then what follows it counts too), and
// whether it is known at all.
func first(re *syntax.Regexp) (set [128]bool, nullable, known bool) {
	fold := re.Flags&syntax.FoldCase != 0
	switch re.Op {
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText,
		syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return set, true, true
	case syntax.OpLiteral:
		if len(re.Rune) == 0 {
			return set, true, true
		}
		if fold && re.Rune[0] >= 128 {
			return set, false, false
		}
		addRune(&set, re.Rune[0], fold)
		return set, false, true
	case syntax.OpCharClass:
		for i := 0; i+1 < len(re.Rune); i += 2 {
			if fold && re.Rune[i+1] >= 128 {
				return set, false, false
			}
			for r := re.Rune[i]; r <= re.Rune[i+1] && r < 128; r++ {
				addRune(&set, r, fold)
			}
		}
		return set, false, true
	case syntax.OpAnyCharNotNL:
		for c := range set {
			set[c] = c != '\n'
		}
		return set, false, true
	case syntax.OpAnyChar:
		for c := range set {
			set[c] = true
		}
		return set, false, true
	case syntax.OpCapture:
		return first(re.Sub[0])
	case syntax.OpStar, syntax.OpQuest:
		set, _, known = first(re.Sub[0])
		return set, true, known
	case syntax.OpPlus:
		return first(re.Sub[0])
	case syntax.OpRepeat:
		set, nullable, known = first(re.Sub[0])
		return set, nullable || re.Min == 0, known
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			s, n, k := first(sub)
			if !k {
				return set, false, false
			}
			union(&set, &s)
			if !n {
				return set, false, true
			}
		}
		return set, true, true
	case syntax.OpAlternate:
		for _, sub := range re.Sub {
			s, n, k := first(sub)
			if !k {
				return set, false, false
			}
			union(&set, &s)
			nullable = nullable || n
		}
		return set, nullable, true
	}
	return set, false, false
}

// union adds to set the characters of s.
func union(set, s *[128]bool) {
	for c := range s {
		set[c] = set[c] || s[c]
	}
}

// addRune adds the ASCII rune r, and with fold the ASCII runes it folds
// to, to set.
func addRune(set *[128]bool, r rune, fold bool) {
	if r < 128 {
		set[r] = true
	}
	if fold {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if f < 128 {
				set[f] = true
			}
		}
	}
}
