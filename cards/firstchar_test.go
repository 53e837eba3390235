package cards

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp/syntax"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
)

// Every lexer deck uses lexes chroma's own test files (lexers/testdata)
// trying only the rules that can match at each character to exactly the
// tokens of chroma's one pass trying them all.
func TestRulesByCharacterAreChromasOnePass(t *testing.T) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/alecthomas/chroma/v2").Output()
	if err != nil {
		t.Skipf("chroma's module is not on this machine: %v", err)
	}
	testdata := filepath.Join(strings.TrimSpace(string(out)), "lexers", "testdata")
	files, _ := filepath.Glob(filepath.Join(testdata, "*.actual"))
	byName := map[string][]string{}
	for _, f := range files {
		lx := budgetedLexer(strings.TrimSuffix(filepath.Base(f), ".actual"))
		if lx != nil {
			name := lx.Config().Name
			byName[name] = append(byName[name], f)
		}
	}
	lexed := 0
	for lang, name := range chromaLexers {
		rl, ok := lexerFor(lang).(*chroma.RegexLexer)
		if !ok {
			continue
		}
		for _, f := range byName[name] {
			data, err := os.ReadFile(f)
			code := string(data)
			if err != nil || tooBigToHighlight(code) != "" {
				continue
			}
			got, why, ok := lexSplit(rl, code, nil, newLexClock(lexLimits{matchTimeout, lexBudget}))
			if !ok || why != "" {
				t.Errorf("%s (%s): not lexed by character (why %q)", f, lang, why)
				continue
			}
			if want := onePass(t, rl, code); !reflect.DeepEqual(got, want) {
				t.Errorf("%s (%s): lexed by character differs from chroma's one pass", f, lang)
			}
			lexed++
		}
	}
	t.Logf("%d of chroma's test files compared", lexed)
	if lexed < 15 {
		t.Fatalf("compared only %d of chroma's test files", lexed)
	}
}

// A rule's first characters are those its pattern can start with, and a
// pattern that may match nothing, or that Go's syntax cannot read, starts
// with anything.
func TestFirstChars(t *testing.T) {
	for pattern, want := range map[string]string{
		`//[^\n\r]*`:         "/",
		`(import|package)\b`: "ip",
		`\s+`:                "\t\n\f\r ",
		`[^\W\d]\w*`:         "ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz",
		`(?i)select`:         "Ss",
		`(?i)k`:              "Kk",
		`x?y`:                "xy",
		`\b(true|false)`:     "ft",
		`(?:a|b*)c`:          "abc",
		`\d+(\.\d*)?`:        "0123456789",
		`(?=foo)f`:           "", // a look-ahead: not known
		`a*`:                 "", // matches nothing: anything
		`(?i)İ`:              "", // regexp2 folds it to i, Go does not
		`(\w+)(\s*)(=)`:      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz",
		"\\A#!":              "#",
		"(?m)^\\s*#":         "\t\n\f\r #",
	} {
		starts, ok := firstChars(pattern, syntax.Perl)
		var got strings.Builder
		for c, in := range starts {
			if in {
				got.WriteByte(byte(c))
			}
		}
		if want == "" {
			if ok {
				t.Errorf("%q: starts with %q, want not known", pattern, got.String())
			}
			continue
		}
		if !ok || got.String() != want {
			t.Errorf("%q: starts with %q (known %v), want %q", pattern, got.String(), ok, want)
		}
	}
}
