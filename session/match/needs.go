package match

import "regexp/syntax"

// Needs lists strings every match holds, in the query's own case: the
// literal query itself, or a regular expression's literal runs that no
// match can do without (foo.*bar needs foo and bar). An index filters on
// them before it tries the query; a pattern with none (a|b, \w+) needs
// nothing, and every text must be tried.
func (m Matcher) Needs() []string {
	switch {
	case m.Empty():
		return nil
	case !m.Regexp():
		return []string{m.q}
	}
	re, err := syntax.Parse(m.re.String(), syntax.Perl)
	if err != nil {
		return nil // it compiled, so it parses; nothing is needed if not
	}
	var out []string
	needs(re, &out)
	return out
}

// needs adds the literal runs every match of re holds.
func needs(re *syntax.Regexp, out *[]string) {
	switch re.Op {
	case syntax.OpLiteral:
		*out = append(*out, string(re.Rune))
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			needs(sub, out)
		}
	case syntax.OpCapture, syntax.OpPlus:
		needs(re.Sub[0], out)
	case syntax.OpRepeat:
		if re.Min > 0 {
			needs(re.Sub[0], out)
		}
	}
}
