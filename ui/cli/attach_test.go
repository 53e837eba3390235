package cli

import (
	"strings"
	"testing"
)

// deck attach to a host that is not there says so, and how to fix it,
// with exit code 1; a bad command line is exit code 2.
func TestAttachErrors(t *testing.T) {
	code, _, errOut := deck(t, "", "attach", "http://127.0.0.1:1")
	if code != exitInput || !strings.Contains(errOut, "http://127.0.0.1:1") || !strings.Contains(errOut, "dsh web") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.HasPrefix(errOut, "deck attach: ") {
		t.Errorf("the error does not name deck attach: %q", errOut)
	}
	for _, args := range [][]string{{"attach", "--frob"}, {"attach", "a", "b"}, {"attach", "ftp://host"}} {
		if code, _, errOut := deck(t, "", args...); code != exitUsage {
			t.Errorf("%v: exit %d: %s", args, code, errOut)
		}
	}
}
