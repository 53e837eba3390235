package cli

import (
	"regexp"
	"strings"
	"testing"
)

// render and changes draw a diff in the colours of stdout's profile: in 256
// colours on green 22 and red 52, never the greys true colour's tints
// downsample to; in 16 with no background at all (none keeps contrast).
func TestDiffsAreDrawnInStdoutsProfile(t *testing.T) {
	const log = "golden/testdata/fixtures/edit-diffs.jsonl"
	t.Setenv("COLORTERM", "")
	t.Setenv("NO_COLOR", "")
	commands := [][]string{
		{"render", log, "--width", "100", "--color", "always"},
		{"changes", log, "--file", "main.go", "--width", "100", "--color", "always"},
	}
	anyBackground := regexp.MustCompile(`\x1b\[[0-9;]*(4[0-7]|10[0-7]|48;[25];[0-9;]+)m`)
	for _, args := range commands {
		t.Setenv("TERM", "xterm-256color")
		_, out, _ := deck(t, "", args...)
		for _, want := range []string{"48;5;22m", "48;5;52m"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s in 256 colours: no %q", args[0], want)
			}
		}
		for _, grey := range []string{"48;5;235m", "48;5;236m"} {
			if strings.Contains(out, grey) {
				t.Errorf("%s in 256 colours: a grey %q", args[0], grey)
			}
		}
		t.Setenv("TERM", "xterm")
		_, out, _ = deck(t, "", args...)
		if bg := anyBackground.FindString(out); bg != "" || !strings.Contains(out, "\x1b[1;92m+ ") {
			t.Errorf("%s in 16 colours: a background %q, or no green sign:\n%s", args[0], bg, out)
		}
	}
}
