package cards

import (
	"testing"

	"github.com/alecthomas/chroma/v2"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// Every language the harness can name has a lexer.
func TestEveryHarnessLanguageHasALexer(t *testing.T) {
	for _, ext := range []string{"ts", "tsx", "js", "jsx", "json", "py", "rb", "go", "rs", "java", "c", "cc", "cs", "kt",
		"swift", "php", "sh", "yaml", "toml", "ini", "md", "mdx", "html", "css", "scss", "less", "sql", "xml", "lua"} {
		lang := session.LangFromPath("f." + ext)
		if lang == "" || lexerFor(lang) == nil {
			t.Errorf(".%s (%q) has no lexer", ext, lang)
		}
	}
}

// Lexer state carries across lines: the second line of a raw string is a
// string, not code.
func TestHighlightingLexesTheBlockAsOne(t *testing.T) {
	th := theme.Dark()
	lines := highlight(th, "go", "x := `first\nfunc notCode() {}`")
	if len(lines) != 2 {
		t.Fatalf("%d lines", len(lines))
	}
	str := th.Token(chroma.LiteralString)
	for _, tok := range lines[1] {
		if tok.style != str {
			t.Errorf("token %q is not styled as a string", tok.text)
		}
	}
	if got := highlight(th, "", "a\nb"); len(got) != 2 || got[0][0].style != th.Text {
		t.Errorf("plain text: %v", got)
	}
}
