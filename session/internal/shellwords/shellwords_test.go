package shellwords

import (
	"reflect"
	"testing"
)

// A script splits into its commands, words unquoted, with the operators
// between them; anything whose meaning depends on the shell is refused.
func TestSplit(t *testing.T) {
	for _, c := range []struct {
		script string
		cmds   [][]string
		ops    []string
	}{
		{`ls -la`, [][]string{{"ls", "-la"}}, []string{""}},
		{`cd 'a b' && sed -n "1,20p" x.go`, [][]string{{"cd", "a b"}, {"sed", "-n", "1,20p", "x.go"}}, []string{"&&", ""}},
		{"grep -n x a | head -5\n", [][]string{{"grep", "-n", "x", "a"}, {"head", "-5"}}, []string{"|", "\n"}},
		{`echo a\ b "q\"t" ;`, [][]string{{"echo", "a b", `q"t`}}, []string{";"}},
		{"a \\\n b", [][]string{{"a", "b"}}, []string{""}},
	} {
		cmds, ops, ok := Split(c.script)
		if !ok || !reflect.DeepEqual(cmds, c.cmds) || !reflect.DeepEqual(ops, c.ops) {
			t.Errorf("Split(%q) = %q %q %v, want %q %q", c.script, cmds, ops, ok, c.cmds, c.ops)
		}
	}
	for _, script := range []string{`echo $HOME`, "echo `id`", `cat < x`, `ls *.go`, `echo "$x"`, `# c`, `~/x`, `a &&`, `| b`, `echo 'open`, `(cd x)`} {
		if _, _, ok := Split(script); ok {
			t.Errorf("Split(%q) was read", script)
		}
	}
}

// Quote leaves a word alone only when no shell gives any of its characters
// a meaning; Join reads back through Split as the same words.
func TestQuoteAndJoin(t *testing.T) {
	for w, want := range map[string]string{
		"":          "''",
		"main.go":   "main.go",
		"-n":        "-n",
		"a=b:c,d+e": "a=b:c,d+e",
		"a b":       "'a b'",
		"it's":      `'it'\''s'`,
		"#x":        "'#x'",
		"~":         "'~'",
		"{a,b}":     "'{a,b}'",
		"$HOME":     "'$HOME'",
		"!x":        "'!x'",
	} {
		if got := Quote(w); got != want {
			t.Errorf("Quote(%q) = %s, want %s", w, got, want)
		}
	}
	argv := []string{"grep", "-rn", "it's a $test", "src dir", "#x"}
	cmds, _, ok := Split(Join(argv))
	if !ok || !reflect.DeepEqual(cmds, [][]string{argv}) {
		t.Errorf("Join(%q) = %s, read back as %q", argv, Join(argv), cmds)
	}
}

// A shell wrapper's script is the command; other argvs are joined.
func TestCommand(t *testing.T) {
	for _, c := range []struct {
		argv []string
		want string
	}{
		{[]string{"bash", "-lc", "ls | head"}, "ls | head"},
		{[]string{"/bin/zsh", "-c", "make test"}, "make test"},
		{[]string{"sh", "-c", "x", "y"}, "sh -c x y"},
		{[]string{"python3", "-c", "print(1)"}, "python3 -c 'print(1)'"},
		{[]string{"ls", "a b"}, "ls 'a b'"},
	} {
		if got := Command(c.argv); got != c.want {
			t.Errorf("Command(%q) = %q, want %q", c.argv, got, c.want)
		}
	}
}
