package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeConfig puts a config file where deck looks for one.
func writeConfig(t *testing.T, text string) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	path := filepath.Join(dir, "deck", "config.toml")
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func renderOut(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errOut := deck(t, "", append([]string{"render", "--width", "80", "--color", "always", "golden/testdata/fixtures/bash.jsonl"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	return out
}

// The config file's theme is used when no flag names one; a flag wins.
func TestConfigThemeAndFlagsOverIt(t *testing.T) {
	dark, light := renderOut(t, "--theme", "dark"), renderOut(t, "--theme", "light")
	if dark == light {
		t.Fatal("the themes draw alike")
	}
	writeConfig(t, "theme = \"light\"\n")
	if renderOut(t) != light {
		t.Error("the config file's theme was not used")
	}
	if renderOut(t, "--theme", "dark") != dark {
		t.Error("--theme did not override the config file")
	}
}

// The config file's collapse figures apply to collapsed cards.
func TestConfigCollapseLimits(t *testing.T) {
	before := renderOut(t, "--collapse", "--color", "never")
	writeConfig(t, "[collapse]\nterminal = 2\n")
	after := renderOut(t, "--collapse", "--color", "never")
	if before == after || !strings.Contains(after, "… 2 lines above") {
		t.Errorf("terminal = 2 changed nothing:\n%s", after)
	}
}

// A bad config file stops deck with the file, the line and what is wrong,
// as a bad command line does (exit 2); so does a --config that is not there.
func TestABadConfigNamesItsLine(t *testing.T) {
	path := writeConfig(t, "# mine\n[collapse]\nread = 0\n")
	code, out, errOut := deck(t, "", "render", "golden/testdata/fixtures/bash.jsonl")
	want := "deck render: config " + path + ":3: a collapse figure is from 1 to 10000, not 0"
	if code != 2 || out != "" || !strings.Contains(errOut, want) {
		t.Errorf("exit %d, stderr %q, want %q", code, errOut, want)
	}
	code, _, errOut = deck(t, "", "render", "--config", filepath.Join(t.TempDir(), "none.toml"), "golden/testdata/fixtures/bash.jsonl")
	if code != 2 || !strings.Contains(errOut, "none.toml") {
		t.Errorf("a missing --config: exit %d, %q", code, errOut)
	}
	code, _, errOut = deck(t, "", "golden/testdata/fixtures/bash.jsonl") // deck itself, into a pipe
	if code != 2 || !strings.Contains(errOut, want[len("deck render: "):]) {
		t.Errorf("deck into a pipe: exit %d, %q", code, errOut)
	}
}
