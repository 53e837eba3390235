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

// Plain http:// to another machine is a usage error naming --insecure; with
// it, deck warns and goes on (here to a host that is not there). A URL
// with a password, or a query besides the token, is refused without
// showing them.
func TestAttachRefusesWhatItWouldSendInTheClearOrDrop(t *testing.T) {
	code, _, errOut := deck(t, "", "attach", "http://192.0.2.1:3080")
	if code != exitUsage || !strings.Contains(errOut, "--insecure") || !strings.Contains(errOut, "unencrypted") {
		t.Errorf("exit %d: %s", code, errOut)
	}
	code, _, errOut = deck(t, "", "attach", "--insecure", "http://127.0.0.1.nip.invalid:1")
	if code != exitInput || !strings.Contains(errOut, "warning: http://127.0.0.1.nip.invalid:1 is plain http://") {
		t.Errorf("--insecure: exit %d: %s", code, errOut)
	}
	for _, u := range []string{"http://me:s3cret@127.0.0.1:3080", "http://127.0.0.1:3080/?token=s3cret&x=1"} {
		code, _, errOut := deck(t, "", "attach", u)
		if code != exitUsage || strings.Contains(errOut, "s3cret") || !strings.Contains(errOut, "would drop") {
			t.Errorf("%s: exit %d: %s", u, code, errOut)
		}
	}
}
