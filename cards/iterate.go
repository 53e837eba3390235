package cards

import (
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"
)

// next is the part's next token: chroma's LexerState.Iterator (v2.27.0,
// regexp.go) step for step, with three differences that leave the tokens
// as they are. Each match tries only the rules that can start with the
// character there (firstchar.go). A rule that emits one token type and
// mutates nothing has its token made at once, from the match's text: no
// groups, no named-group map, no iterator (nothing reads them but the
// emitter and the mutator). The groups of any other rule are made as
// chroma makes them, each group's text made once. Chroma's trace is not
// kept. TestSplitLexingIsOnePass and TestFirstCharRulesLexAsChroma hold
// it to chroma's own pass.
func (p *part) next() chroma.Token {
	l := p.st
	end := len(l.Text)
	if *newlineAdded(l) {
		end--
	}
	stack := pendingEmitters(l)
	for l.Pos < end && len(l.Stack) > 0 {
		if t, ok := pending(stack); ok { // the tokens of the last match first
			return t
		}
		l.State = l.Stack[len(l.Stack)-1]
		if _, ok := p.rules.all[l.State]; !ok {
			panic("unknown state " + l.State)
		}
		l.Rules = p.rules.at(l.Text, l.Pos)
		var rule *chroma.CompiledRule
		tt, single := chroma.TokenType(0), false // a rule that emits one token type, mutating nothing
		for i, r := range l.Rules[l.State] {     // chroma's matchRules
			m, err := r.Regexp.FindRunesMatchStartingAt(l.Text, l.Pos)
			if m == nil || err != nil || m.RuneIndex != l.Pos {
				continue
			}
			l.Rule, rule = i, r
			if tt, single = r.Type.(chroma.TokenType); single && r.Mutator == nil {
				p.group[0] = m.String() // read by nothing but this token
				l.Groups, l.NamedGroups = p.group[:], nil
				break
			}
			single = false
			gs := m.Groups() // as matchRules makes them, each group's text made once
			l.Groups, l.NamedGroups = make([]string, len(gs)), make(map[string]string, len(gs))
			for i, g := range gs {
				l.Groups[i] = g.String()
				l.NamedGroups[g.Name] = l.Groups[i]
			}
			break
		}
		if rule == nil {
			// As Pygments does: a newline no rule matches ends every state
			// but the first, so that an unclosed string ends at its line.
			if l.Text[l.Pos] == '\n' && l.State != "root" {
				l.Stack = []string{"root"}
				continue
			}
			l.Pos++
			return chroma.Token{Type: chroma.Error, Value: string(l.Text[l.Pos-1 : l.Pos])}
		}
		l.Pos += utf8.RuneCountInString(l.Groups[0])
		if single {
			if tt == chroma.Ignore {
				continue
			}
			return chroma.Token{Type: tt, Value: l.Groups[0]}
		}
		if rule.Mutator != nil {
			if err := rule.Mutator.Mutate(l); err != nil {
				panic(err)
			}
		}
		if rule.Type != nil {
			*stack = append(*stack, rule.Type.Emit(l.Groups, l))
		}
	}
	if t, ok := pending(stack); ok {
		return t
	}
	if l.Pos != len(l.Text) && len(l.Stack) == 0 { // text left over: an error
		value := string(l.Text[l.Pos:])
		l.Pos = len(l.Text)
		return chroma.Token{Type: chroma.Error, Value: value}
	}
	return chroma.EOF
}

// pending is the next token the emitters of earlier matches still hold,
// the last match's first, as chroma's iterator takes them; false when
// they are spent.
func pending(stack *[]chroma.Iterator) (chroma.Token, bool) {
	for len(*stack) > 0 {
		n := len(*stack) - 1
		t := (*stack)[n]()
		if t.Type == chroma.Ignore {
			continue
		}
		if t == chroma.EOF {
			*stack = (*stack)[:n]
			continue
		}
		return t, true
	}
	return chroma.Token{}, false
}
