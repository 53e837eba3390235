package cards

import (
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/alecthomas/chroma/v2"

	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/theme"
)

// cutEvery makes lexLines cut a block every n bytes (at line starts) for
// the rest of the test: many more seams to prove than cores would make.
func cutEvery(t *testing.T, n int) {
	t.Helper()
	was := splitParts
	splitParts = func(size int) int { return max(1, size/n) }
	t.Cleanup(func() { splitParts = was })
}

func onePass(t *testing.T, lx chroma.Lexer, code string) []chroma.Token {
	t.Helper()
	// the reference: a budget no file reaches even under -race on a loaded
	// machine (the card's own 30 s was, at load 15)
	toks, why, ok := lexOnePass(lx, code, newLexClock(lexLimits{10 * matchTimeout, 20 * lexBudget}))
	if !ok {
		t.Fatalf("one pass failed: %s", why)
	}
	return toks
}

// A block lexed in parts is the block lexed in one pass, token for token,
// on the Go files of the Go tree that deck would highlight, each cut every
// 2 KiB (so a file has dozens of seams, some inside comments and raw
// strings). One file in 20 (in 200 under -race), every one with
// DECK_SPLIT_GOTREE=all.
func TestSplitLexingIsOnePass(t *testing.T) {
	if testing.Short() {
		t.Skip("lexes the Go tree")
	}
	lx := lexerFor("go").(*chroma.RegexLexer)
	step := 20 // DECK_SPLIT_GOTREE=all lexes every file (minutes)
	if os.Getenv("DECK_SPLIT_GOTREE") == "all" {
		step = 1
	} else if raceEnabled {
		step = 200
	}
	var files, seams, fellBack int
	root := filepath.Join(build.Default.GOROOT, "src")
	n := 0
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		if n++; n%step != 0 {
			return nil
		}
		data, err := os.ReadFile(path)
		code := string(data)
		if err != nil || tooBigToHighlight(code) != "" {
			return nil
		}
		cuts := cutsEvery(code, 2<<10)
		if cuts == nil {
			return nil
		}
		files++
		seams += len(cuts)
		got, why, ok := lexSplit(lx, code, cuts, newLexClock(lexLimits{matchTimeout, lexBudget}))
		if why != "" {
			t.Fatalf("%s: %s", path, why)
		}
		if !ok {
			fellBack++
			return nil
		}
		if want := onePass(t, lx, code); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: split lexing differs from one pass", path)
		}
		return nil
	})
	if files < 1000/step {
		t.Fatalf("lexed only %d files of %s", files, root)
	}
	t.Logf("%d files, %d seams, %d fell back to one pass", files, seams, fellBack)
}

// cutsEvery are splitCuts of code as if a part were n bytes.
func cutsEvery(code string, n int) []int {
	was := splitParts
	defer func() { splitParts = was }()
	splitParts = func(size int) int { return size / n }
	return splitCuts(code)
}

// A cut inside a raw string or a comment does not prove itself at once: the
// lexer before it lexes on to where the two agree, and the tokens are still
// those of one pass.
func TestSplitLexingProvesCutsInsideTokens(t *testing.T) {
	lx := lexerFor("go").(*chroma.RegexLexer)
	body := strings.Repeat("x := 1 // a\n", 300)
	code := "var s = `\n" + body + "`\n/*\n" + body + "*/\nfunc f() {}\n" + body
	cuts := []int{strings.Index(code, "x :="), strings.Index(code, "/*\n") + 3, strings.Index(code, "func f")}
	got, why, ok := lexSplit(lx, code, cuts, newLexClock(lexLimits{matchTimeout, lexBudget}))
	if !ok || why != "" {
		t.Fatalf("ok %v, why %q", ok, why)
	}
	if want := onePass(t, lx, code); !reflect.DeepEqual(got, want) {
		t.Errorf("split lexing differs from one pass")
	}
}

// A cut that never proves itself is lexed in one pass: after a cut inside
// a raw string, every backtick that closes a string for one lexer opens one
// for the other, so the two never stand in the root state at one place.
func TestUnprovenCutFallsBackToOnePass(t *testing.T) {
	lx := lexerFor("go").(*chroma.RegexLexer)
	stripes := strings.Repeat("w := `x\n", 400)
	code := "v := `\n" + stripes + stripes
	cuts := []int{len("v := `\n"), len("v := `\n") + len(stripes)}
	if _, _, ok := lexSplit(lx, code, cuts, newLexClock(lexLimits{matchTimeout, lexBudget})); ok {
		t.Fatal("an unproven cut was trusted")
	}
	cutEvery(t, 256)
	lines, why := lexLines(theme.Dark(), lx, code, lexLimits{matchTimeout, lexBudget})
	splitParts = func(int) int { return 1 }
	want, _ := lexLines(theme.Dark(), lx, code, lexLimits{matchTimeout, lexBudget})
	if why != "" || !reflect.DeepEqual(lines, want) {
		t.Errorf("why %q, lines differ from one pass: %v", why, !reflect.DeepEqual(lines, want))
	}
}

// A part that runs over the time limits says so, as one pass does.
func TestSplitLexingKeepsTheTimeLimits(t *testing.T) {
	lx := lexerFor("go").(*chroma.RegexLexer)
	code := strings.Repeat("x := 1\n", 5000)
	clock := newLexClock(lexLimits{time.Hour, time.Nanosecond})
	if _, why, _ := lexSplit(lx, code, cutsEvery(code, 4<<10), clock); why == "" {
		t.Error("a block over its time limit was highlighted")
	}
}

// Every card of the fixtures and the corpus draws the same, byte for byte,
// with its code cut every 512 bytes and lexed trying only the rules that
// can match at each character, as in chroma's one pass trying them all.
func TestSplitLexingDrawsTheCorpusTheSame(t *testing.T) {
	var paths []string
	filepath.WalkDir(filepath.Join("..", "golden", "testdata"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(path, ".jsonl") || strings.HasSuffix(path, ".zst") || strings.HasSuffix(path, ".json")) && !strings.Contains(path, "fuzz") {
			paths = append(paths, path)
		}
		return nil
	})
	if len(paths) < 40 {
		t.Fatalf("found %d logs", len(paths))
	}
	draw := func(path string) string {
		s, err := source.Open(path)
		if err != nil {
			return err.Error()
		}
		var out strings.Builder
		for _, e := range s.Entries {
			out.WriteString(strings.Join(Render(e, Options{Width: 100, Theme: theme.Dark(), Expanded: true}), "\n"))
		}
		return out.String()
	}
	for _, path := range paths {
		was := splitParts
		splitParts, byCharacter = func(int) int { return 1 }, false
		want := draw(path)
		splitParts, byCharacter = func(size int) int { return size / 512 }, true
		got := draw(path)
		splitParts = was
		if got != want {
			t.Errorf("%s draws differently cut", path)
		}
	}
}

// Split lexing writes and reads chroma's unexported LexerState fields
// (splitlex.go) and its lexers' compiled rules (matchtimeout.go): a chroma
// update that moves them fails here, by name, rather than quietly lexing
// every block in one pass.
func TestSplitLexingReachesChroma(t *testing.T) {
	if !statePatchable {
		t.Fatal("chroma's LexerState has no longer the fields options *TokeniseOptions, newlineAdded bool and iteratorStack []Iterator that splitlex.go sets and reads")
	}
	lx := lexerFor("go").(*chroma.RegexLexer)
	rules := compiledRules(lx)
	if rules == nil {
		t.Fatal("chroma's RegexLexer has no longer its compiled rules in the field rules")
	}
	st := newLexerState(lx, rules, []rune("x\n"), 0, true)
	v := reflect.ValueOf(st).Elem()
	if !v.FieldByName("newlineAdded").Bool() || v.FieldByName("options").IsNil() || v.FieldByName("iteratorStack").Len() != 0 {
		t.Fatal("newLexerState did not set the fields chroma's Tokenise sets")
	}
	code := strings.Repeat("func f() int { return 1 }\n", 2000)
	if _, why, ok := lexSplit(lx, code, cutsEvery(code, 8<<10), newLexClock(lexLimits{matchTimeout, lexBudget})); !ok || why != "" {
		t.Fatalf("a plain Go block was not lexed in parts (ok %v, why %q)", ok, why)
	}
}
