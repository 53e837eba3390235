package cards

import (
	"testing"

	"github.com/alecthomas/chroma/v2"
)

// Chroma's 250 ms per-rule regexp timeout is raised to matchTimeout in
// every lexer deck uses, so a slow machine cannot change how ordinary code
// is highlighted, and a hostile match still ends.
func TestLexersTimeOutOnlyAtTheBudget(t *testing.T) {
	rl, ok := lexerFor("go").(*chroma.RegexLexer)
	if !ok {
		t.Fatal("the Go lexer is not a regex lexer")
	}
	n := 0
	for _, rs := range compiledRules(rl) {
		for _, r := range rs {
			if r.Regexp != nil {
				n++
				if r.Regexp.MatchTimeout != matchTimeout {
					t.Fatalf("a rule still times out after %v", r.Regexp.MatchTimeout)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no compiled rules found")
	}
}
