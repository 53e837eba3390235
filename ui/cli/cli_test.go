package cli

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
)

// The tests run from the module's root, so that paths read as a user types
// them (golden/testdata/…, README.md).
func TestMain(m *testing.M) {
	if err := os.Chdir("../.."); err != nil {
		panic(err)
	}
	// No test reads the config file of the person running it.
	home, err := os.MkdirTemp("", "deck-config")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CONFIG_HOME", home)
	// nor keeps its index in theirs (a test of its own home keeps one there: emptyHome)
	os.Setenv("XDG_CACHE_HOME", home+"/cache")
	code := m.Run()
	os.RemoveAll(home)
	os.Exit(code)
}

// deck runs the command line with stdin, as a script would: stdout and
// stderr are no terminal.
func deck(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = Main(context.Background(), args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}
