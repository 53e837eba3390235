package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// On a stderr that is a file, not a terminal, an error is plain text even
// when the environment asks for colour.
func TestErrorsArePlainOffATerminal(t *testing.T) {
	t.Setenv("CLICOLOR_FORCE", "1")
	t.Setenv("COLORTERM", "truecolor")
	t.Setenv("TERM", "xterm-256color")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"render", "--color", "sometimes"}, "deck render: --color wants auto, always or never, not \"sometimes\"\nRun 'deck render --help' for usage.\n"},
		{[]string{"render", "README.md"}, "deck render: README.md is not a session log: line 1: not JSON: \"# deck\"\n"},
	} {
		stderr, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
		if err != nil {
			t.Fatal(err)
		}
		stdout, err := os.Create(filepath.Join(t.TempDir(), "stdout"))
		if err != nil {
			t.Fatal(err)
		}
		Main(context.Background(), c.args, strings.NewReader(""), stdout, stderr)
		stderr.Close()
		stdout.Close()
		got, _ := os.ReadFile(stderr.Name())
		if string(got) != c.want {
			t.Errorf("%v: stderr %q, want %q", c.args, got, c.want)
		}
	}
}

// A file name on disk is untrusted: its control bytes do not reach the
// terminal in an error.
func TestErrorsShowNoControlBytes(t *testing.T) {
	code, _, errOut := deck(t, "", "render", "no/such/\x1b]0;pwned\x07.jsonl")
	if code != exitInput || strings.ContainsAny(errOut, "\x1b\x07") || !strings.HasPrefix(errOut, "deck render: no/such/") {
		t.Fatalf("exit %d: %q", code, errOut)
	}
}
