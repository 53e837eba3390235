package cards

import (
	"maps"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"

	"github.com/deck-tui/deck/theme"
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

// Every lexer that lexes any part of a card has the raised timeout: the
// ones a lexer's rules name, and the ones they reach otherwise, which no
// name in the rules gives (Go's raw strings, lexed by "Go Text Template"
// through a closure; a Markdown file's front matter, by YAML; its fences,
// by the lexer each names). Each language deck highlights lexes a sample,
// in a child process so that no other test has compiled a lexer first;
// then no compiled lexer may keep chroma's 250 ms.
func TestEveryLexerThatRanIsBudgeted(t *testing.T) {
	if os.Getenv("DECK_LEXER_CHILD") == "" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestEveryLexerThatRanIsBudgeted$", "-test.v")
		cmd.Env = append(os.Environ(), "DECK_LEXER_CHILD=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		return
	}
	samples := map[string]string{
		"go":   "package p\n\nvar s = `a raw {{ .String }}`\n",
		"md":   "---\ntitle: a note\n---\n# Title\n\n```haskell\nmain = pure ()\n```\n\n```elixir\nIO.puts 1\n```\n",
		"html": "<style>p { color: red }</style><script>var x = 1;</script>\n",
		"php":  "<?php echo 1; ?><p>hi</p>\n",
	}
	for _, lang := range slices.Sorted(maps.Keys(chromaLexers)) {
		code, ok := samples[lang]
		if !ok {
			code = "x = 1\n"
		}
		if _, why := highlight(theme.Dark(), lang, code); why != "" {
			t.Fatalf("%s: %s", lang, why)
		}
		if names := unbudgetedLexers(); len(names) > 0 {
			t.Fatalf("a %s card was lexed by %s with chroma's 250 ms timeout", lang, strings.Join(names, ", "))
		}
	}
}

// unbudgetedLexers are the compiled lexers of chroma's registry that keep
// a rule's default timeout.
func unbudgetedLexers() []string {
	var names []string
	for _, lx := range lexers.GlobalLexerRegistry.Lexers {
		rl, ok := lx.(*chroma.RegexLexer)
		if !ok {
			continue
		}
	rules:
		for _, rs := range compiledRules(rl) {
			for _, r := range rs {
				if r.Regexp != nil && r.Regexp.MatchTimeout != matchTimeout {
					names = append(names, rl.Config().Name)
					break rules
				}
			}
		}
	}
	return names
}
