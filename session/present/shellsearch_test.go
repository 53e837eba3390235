package present

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// An rg or grep command says what it matched as rg and grep read it: the
// pattern (or each -e), fixed with -F, case-blind with -i (rg's -S when
// the pattern has no capital), whole words with -w, whole lines with -x,
// grep's basic syntax without -E; patterns deck cannot see mark nothing.
func TestAShellSearchSaysWhatItMatched(t *testing.T) {
	for _, c := range []struct {
		argv        []string
		marks, none []string // a line's text matched, and not
	}{
		{[]string{"rg", "-n", "ollama"}, []string{"ollama"}, []string{"Ollama"}},
		{[]string{"rg", "-in", "ollama", "src"}, []string{"Ollama", "OLLAMA"}, nil},
		{[]string{"rg", "-S", "ollama"}, []string{"Ollama"}, nil},
		{[]string{"rg", "-S", "Ollama"}, []string{"Ollama"}, []string{"ollama"}},
		{[]string{"rg", "-n", "-F", "a.b("}, []string{"a.b("}, []string{"axb("}},
		{[]string{"rg", "-e", "foo", "-e", "bar"}, []string{"foo", "bar"}, []string{"baz"}},
		{[]string{"rg", "--regexp=fo+"}, []string{"fooo"}, []string{"f"}},
		{[]string{"rg", "-w", "foo"}, []string{"foo"}, []string{"food"}},
		{[]string{"grep", "-rn", `foo\|bar`, "."}, []string{"foo", "bar"}, []string{"fo|ba"}},
		{[]string{"grep", "-n", "f(x)+", "a.go"}, []string{"f(x)+"}, []string{"fxx"}},
		{[]string{"grep", "-n", `\<is\>`, "a.go"}, []string{"is"}, []string{"this"}},
		{[]string{"grep", "-n", `[\]x`, "a.go"}, []string{`\x`}, []string{"x", `\`}},
		{[]string{"grep", "-n", `[]x]`, "a.go"}, []string{"]", "x"}, []string{"y"}},
		{[]string{"grep", "-nE", "f(x)+", "a.go"}, []string{"fxx"}, []string{"f(x)+"}},
		{[]string{"grep", "-ny", "todo", "a.go"}, []string{"TODO"}, nil},
		{[]string{"grep", "-x", "-n", "ab", "a.go"}, []string{"ab"}, []string{"abc"}},
	} {
		s, ok := ReadShellSearch(c.argv)
		re, err := regexp.Compile(s.Match)
		if !ok || s.Match == "" || err != nil {
			t.Errorf("%q: match %q, ok %v, %v", c.argv, s.Match, ok, err)
			continue
		}
		for _, l := range c.marks {
			if !re.MatchString(l) {
				t.Errorf("%q (%s) does not mark %q", c.argv, s.Match, l)
			}
		}
		for _, l := range c.none {
			if re.MatchString(l) {
				t.Errorf("%q (%s) marks %q", c.argv, s.Match, l)
			}
		}
	}
	// what it searches, and what deck does not read
	if s, ok := ReadShellSearch([]string{"rg", "-n", "-g", "*.go", "x", "src", "lib"}); !ok || !slices.Equal(s.Paths, []string{"src", "lib"}) || s.Files {
		t.Errorf("paths: %+v %v", s, ok)
	}
	if s, ok := ReadShellSearch([]string{"rg", "-l", "x"}); !ok || !s.Files || s.Match != "" {
		t.Errorf("-l: %+v %v", s, ok)
	}
	if s, ok := ReadShellSearch([]string{"rg", "-n", "-f", "patterns.txt", "src"}); !ok || s.Match != "" || !slices.Equal(s.Paths, []string{"src"}) {
		t.Errorf("-f: %+v %v", s, ok)
	}
	if s, ok := ReadShellSearch([]string{"grep", "-n", `\(a\)\1`, "f"}); !ok || s.Match != "" {
		t.Errorf("a back-reference Go does not read: %+v %v", s, ok)
	}
	if s, ok := ReadShellSearch([]string{"rg", "-n", strings.Repeat("x", maxMatch+1)}); !ok || s.Match != "" {
		t.Errorf("a pattern past the bound: %d bytes of match, ok %v", len(s.Match), ok)
	}
	for _, argv := range [][]string{{"rg", "-c", "x"}, {"rg", "--json", "x"}, {"grep", "-h", "x", "f"}, {"ls", "x"}, nil} {
		if s, ok := ReadShellSearch(argv); ok {
			t.Errorf("%q read: %+v", argv, s)
		}
	}
}
