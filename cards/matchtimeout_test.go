package cards

import (
	"os"
	"os/exec"
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
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

// The lexers a lexer hands text to by name are budgeted with it: HTML's
// CSS and JavaScript, PHP's HTML (and so its CSS and JavaScript), and for
// Markdown, whose fences may name any language, markup's three.
func TestEmbeddedLexersAreBudgeted(t *testing.T) {
	for lang, embedded := range map[string][]string{
		"html": {"CSS", "JavaScript"},
		"php":  {"HTML", "CSS", "JavaScript"},
		"md":   {"HTML", "CSS", "JavaScript"},
	} {
		lexerFor(lang)
		for _, name := range embedded {
			rl := lexers.Get(name).(*chroma.RegexLexer)
			if compiledRules(rl) == nil {
				t.Fatalf("%s: %s is not compiled", lang, name)
			}
			for _, rs := range compiledRules(rl) {
				for _, r := range rs {
					if r.Regexp == nil || r.Regexp.MatchTimeout != matchTimeout {
						t.Fatalf("%s: %s is not budgeted", lang, name)
					}
				}
			}
		}
	}
}

// A lexer that hands no text to another compiles no other: a Go card's
// cold start once compiled JavaScript, CSS and HTML too, 3–10 ms. Run in a
// child process, so that no other test has compiled them first.
func TestALexerCompilesOnlyWhatItEmbeds(t *testing.T) {
	if os.Getenv("DECK_LEXER_CHILD") == "" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestALexerCompilesOnlyWhatItEmbeds$", "-test.v")
		cmd.Env = append(os.Environ(), "DECK_LEXER_CHILD=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		return
	}
	if lexerFor("go") == nil {
		t.Fatal("no Go lexer")
	}
	for _, name := range []string{"JavaScript", "CSS", "HTML"} {
		if compiledRules(lexers.Get(name).(*chroma.RegexLexer)) != nil {
			t.Errorf("the Go lexer compiled %s", name)
		}
	}
}
