package cards

import (
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/dlclark/regexp2/v2"
)

// Chroma's per-rule regexp timeout is gone from every lexer deck uses, so a
// slow machine cannot change how code is highlighted.
func TestLexersNeverTimeOut(t *testing.T) {
	rl, ok := lexerFor("go").(*chroma.RegexLexer)
	if !ok {
		t.Fatal("the Go lexer is not a regex lexer")
	}
	n := 0
	for _, rs := range compiledRules(rl) {
		for _, r := range rs {
			if r.Regexp != nil {
				n++
				if r.Regexp.MatchTimeout != regexp2.DefaultMatchTimeout {
					t.Fatalf("a rule still times out after %v", r.Regexp.MatchTimeout)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no compiled rules found")
	}
}
