package cards

import (
	"slices"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2/lexers"
)

// A fence naming a language of 4 KB is never looked up: chroma matched the
// name against every lexer's file patterns, a second a fence (five fences
// took 12 s), in a reply, in a reply's fenced Markdown and in a Markdown
// file's Read card. Its code is drawn unlexed, with a note; a fence naming
// a language is lexed as before.
func TestALongLanguageNameIsNotLookedUp(t *testing.T) {
	long := strings.Repeat("a", 4000) + ".go" // chroma's file patterns made it Go
	if lx := budgetedLexer(long); lx != nil {
		t.Errorf("a name of 4 KB is the lexer %s", lx.Config().Name)
	}
	fence := "```" + long + "\nx := 1\n```\n"
	if why := tooBigToHighlight(fence); why != langNameNote {
		t.Errorf("a Markdown file with the fence: %q", why)
	}
	for _, reply := range []string{fence, "~~~markdown\n" + fence + "~~~\n"} {
		if _, lex, notes := boundMarkdown(reply); lex || !slices.Contains(notes, "code "+langNameNote) {
			t.Errorf("%.40q: lexed %v, notes %q", reply, lex, notes)
		}
	}
	has(t, plainMarkdown(fence, 80), "x := 1", "code not highlighted: a language name over 64 bytes")
	for _, reply := range []string{"```go\nx := 1\n```\n", strings.Repeat("`", 50000) + " " + strings.Repeat("``", 20000)} {
		if _, lex, notes := boundMarkdown(reply); !lex || len(notes) > 0 { // code spans name no language
			t.Errorf("%.40q: lexed %v, notes %q", reply, lex, notes)
		}
	}
}

// No lexer is named, aliased or matched by a file pattern longer than
// maxLangName: a fence that names one is always looked up.
func TestNoLanguageNameIsLong(t *testing.T) {
	for _, lx := range lexers.GlobalLexerRegistry.Lexers {
		c := lx.Config()
		for _, name := range slices.Concat([]string{c.Name}, c.Aliases, c.Filenames, c.AliasFilenames) {
			if len(name) > maxLangName {
				t.Errorf("%s: %q", c.Name, name)
			}
		}
	}
}
