package cli

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// widest is the width of out's widest row.
func widest(out string) int {
	w := 0
	for row := range strings.SplitSeq(out, "\n") {
		w = max(w, ansi.StringWidth(row))
	}
	return w
}

// The width has a bound, 1,000 columns, in every command that takes
// --width: over it the flag is a usage error (exit 2) before anything is
// read, and $COLUMNS over it is taken as 1,000, since a width of millions
// would fill the memory with each row's padding.
func TestWidthIsBounded(t *testing.T) {
	for _, cmd := range [][]string{{"render", "--demo"}, {"changes", "--demo"}, {"stats", "--demo"}, {"--demo"}} {
		name := strings.Join(cmd, " ")
		code, out, errOut := deck(t, "", append(slices.Clone(cmd), "--width", "1001")...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, "--width wants a number of columns from 1 to 1000") {
			t.Fatalf("deck %s --width 1001: exit %d, stdout %d bytes, stderr %q", name, code, len(out), errOut)
		}
		code, atMost, errOut := deck(t, "", append(slices.Clone(cmd), "--width", "1000")...)
		if code != exitOK || widest(atMost) > 1000 || widest(atMost) < 500 {
			t.Fatalf("deck %s --width 1000: exit %d, widest row %d: %s", name, code, widest(atMost), errOut)
		}
		for _, columns := range []string{"5000", "100000000"} {
			t.Setenv("COLUMNS", columns)
			if code, out, errOut := deck(t, "", cmd...); code != exitOK || out != atMost {
				t.Fatalf("deck %s with COLUMNS=%s: exit %d, widest row %d, not as at 1000: %s", name, columns, code, widest(out), errOut)
			}
		}
		t.Setenv("COLUMNS", "")
	}
}
