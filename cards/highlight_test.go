package cards

import (
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"
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
	lines, _ := highlight(th, "go", "x := `first\nfunc notCode() {}`")
	if len(lines) != 2 {
		t.Fatalf("%d lines", len(lines))
	}
	str := th.Token(chroma.LiteralString)
	for _, tok := range lines[1] {
		if tok.style != str {
			t.Errorf("token %q is not styled as a string", tok.text)
		}
	}
	if got, _ := highlight(th, "", "a\nb"); len(got) != 2 || got[0][0].style != th.Text {
		t.Errorf("plain text: %v", got)
	}
}

// hostileBackslashes is a line chroma's string rules once took minutes on:
// a quote that never closes, then 48 backslashes.
var hostileBackslashes = `x = "` + strings.Repeat(`\`, 48)

// within fails the test when fn has not returned after d (it keeps
// running: a hang would otherwise stall the whole test binary).
func within(t *testing.T, d time.Duration, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { fn(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("still running after %v", d)
	}
}

// Every language whose string rules backtrack exponentially over a run of
// backslashes is shown plain, at once, and says why.
func TestBackslashRunsAreNotLexed(t *testing.T) {
	for _, lang := range []string{"go", "js", "ts", "json", "sh", "yaml", "toml", "css", "rb"} {
		t.Run(lang, func(t *testing.T) {
			within(t, 30*time.Second, func() {
				lines, why := highlight(theme.Dark(), lang, "ok := 1\n"+hostileBackslashes)
				if why != "not highlighted: too many backslashes in a row" || len(lines) != 2 {
					t.Errorf("%d lines, why %q", len(lines), why)
				}
			})
		})
	}
}

// The read card says why its code is plain, in the quick drawing too.
func TestAReadCardSaysWhyItIsNotHighlighted(t *testing.T) {
	call := &session.ToolCall{CallID: "c", Name: "read", View: session.ReadResultView{
		Path: "a.go", Lang: "go", TotalLines: 1, Lines: []session.ReadFileLine{{Number: 1, Text: hostileBackslashes}},
	}}
	for _, quick := range []bool{false, true} {
		within(t, 30*time.Second, func() {
			rows := Render(call, Options{Width: 80, Theme: theme.Dark(), Expanded: true, NoHighlight: quick})
			has(t, ansi.Strip(strings.Join(rows, "\n")), "not highlighted: too many backslashes in a row")
		})
	}
}

// Ordinary backslashes (escapes, regexps, Windows paths) cost nothing near
// the cap and are highlighted as before.
func TestOrdinaryBackslashesAreHighlighted(t *testing.T) {
	code := `s := "a\\b\n" + "\\\\server\\share" + ` + "`" + `\d+\.\d+` + "`"
	if n := backslashSteps(strings.Repeat(code+"\n", 10000)); n > maxBackslashSteps/8 {
		t.Errorf("ten thousand ordinary lines cost %d steps", n)
	}
	lines, why := highlight(theme.Dark(), "go", code)
	if why != "" || len(lines[0]) < 5 {
		t.Errorf("why %q, tokens %v", why, lines)
	}
	if _, why := highlight(theme.Dark(), "go", `"`+strings.Repeat(`\`, 22)); why != "" {
		t.Errorf("a run of 22 is cheap enough to lex: %q", why)
	}
}

// slowLexer takes its time over every token, like a lexer matching a shape
// the counting does not know.
type slowLexer struct{ chroma.Lexer }

func (slowLexer) Tokenise(*chroma.TokeniseOptions, string) (chroma.Iterator, error) {
	return func() chroma.Token {
		time.Sleep(5 * time.Millisecond)
		return chroma.Token{Type: chroma.Text, Value: "x"}
	}, nil
}

// The time budget is the last resort: a lexer that runs over it gives no
// tokens, and says so.
func TestTheLexBudgetEndsASlowLexer(t *testing.T) {
	within(t, 30*time.Second, func() {
		lines, why := lexLines(theme.Dark(), slowLexer{}, "code", lexLimits{time.Second, 50 * time.Millisecond})
		if lines != nil || why != "not highlighted: the lexer took over 50ms" {
			t.Errorf("%d lines, why %q", len(lines), why)
		}
	})
}

// No ordinary file comes near the backslash cap: every source file of the
// Go tree (Go, JS, JSON, shell, YAML, CSS, HTML and the rest, regexp and
// escaping tests included) is highlighted as before.
func TestNoOrdinaryFileMeetsTheBackslashCap(t *testing.T) {
	root := filepath.Join(build.Default.GOROOT, "src")
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || lexerFor(session.LangFromPath(path)) == nil {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil || len(data) > maxHighlightBytes {
			return err
		}
		n++
		if steps := backslashSteps(string(data)); steps > maxBackslashSteps {
			t.Errorf("%s: %d steps", path, steps)
		}
		return nil
	})
	if err != nil || n < 1000 {
		t.Fatalf("%d files read: %v", n, err)
	}
}

// The counting costs next to nothing beside the lexing it guards.
func BenchmarkBackslashSteps(b *testing.B) {
	data, err := os.ReadFile(filepath.Join(build.Default.GOROOT, "src", "regexp", "all_test.go"))
	if err != nil {
		b.Skip(err)
	}
	code := string(data)
	b.SetBytes(int64(len(code)))
	b.Run("count", func(b *testing.B) {
		for b.Loop() {
			backslashSteps(code)
		}
	})
	b.Run("highlight", func(b *testing.B) {
		for b.Loop() {
			highlight(theme.Dark(), "go", code)
		}
	})
}

// stallingLexer stalls once, as a lexer does on a match that times out.
type stallingLexer struct{ chroma.Lexer }

func (stallingLexer) Tokenise(*chroma.TokeniseOptions, string) (chroma.Iterator, error) {
	n := 0
	return func() chroma.Token {
		if n++; n == 2 {
			time.Sleep(100 * time.Millisecond)
		}
		if n > 3 {
			return chroma.EOF
		}
		return chroma.Token{Type: chroma.Text, Value: "x"}
	}, nil
}

// A token that took as long as a match may run means a match may have
// timed out and lexed the rest differently: none of the block is trusted.
func TestATimedOutMatchIsNotTrusted(t *testing.T) {
	lines, why := lexLines(theme.Dark(), stallingLexer{}, "xxx", lexLimits{100 * time.Millisecond, time.Minute})
	if lines != nil || why != "not highlighted: a lexer rule ran over 100ms" {
		t.Errorf("%d lines, why %q", len(lines), why)
	}
}
