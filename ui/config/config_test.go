package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/cards"
)

var defaults = map[string][]string{
	"down": {"j", "down"}, "up": {"k", "up"}, "quit": {"q", "ctrl+c"}, "next_error": {"e"}, "half_down": {"d"},
}

func TestAFullFileIsRead(t *testing.T) {
	f, err := parse(`# deck
theme = "light"
wrap = true

[collapse]
read = 20
terminal = 4

[keys]
quit = ["x", "ctrl+q"]
down = ["j", "ctrl+n"]
`, defaults)
	if err != nil {
		t.Fatal(err)
	}
	if f.Theme != "light" || f.Wrap == nil || !*f.Wrap {
		t.Errorf("theme %q wrap %v", f.Theme, f.Wrap)
	}
	if f.Collapse != (cards.Collapse{Read: 20, Terminal: 4}) {
		t.Errorf("collapse %+v", f.Collapse)
	}
	if strings.Join(f.Keys["quit"], " ") != "x ctrl+q" || strings.Join(f.Keys["down"], " ") != "j ctrl+n" || len(f.Keys) != 2 {
		t.Errorf("keys %v", f.Keys)
	}
}

func TestAnEmptyFileChangesNothing(t *testing.T) {
	f, err := parse("# nothing yet\n", defaults)
	if err != nil || f.Theme != "" || f.Wrap != nil || f.Collapse != (cards.Collapse{}) || f.Keys != nil {
		t.Fatalf("%+v %v", f, err)
	}
	if f, _ := parse("[keys]\nquit = \"x\"", defaults); len(f.Keys["quit"]) != 1 {
		t.Errorf("one key without a list: %v", f.Keys)
	}
	if f, _ := parse(`theme = "auto"`, defaults); f.Theme != "" {
		t.Errorf("auto is the terminal's background, got %q", f.Theme)
	}
}

// Every bad value is refused with the line it is on and what would do.
func TestBadValuesNameTheirLine(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"theme = \"blue\"\n", `:1: theme is "blue": want dark, light or auto`},
		{"\n\ntheme = 3\n", ":3: "},
		{"wrap = \"yes\"\n", `:1: want true or false, not "yes"`},
		{"thme = \"dark\"\n", `:1: unknown setting "thme" (the settings: theme, wrap, [collapse], [keys])`},
		{"[collapse]\nread = 0\n", ":2: a collapse figure is from 1 to 10000, not 0"},
		{"[collapse]\nread = -3\n", ":2: a collapse figure is from 1 to 10000, not -3"},
		{"[collapse]\nread = 2.5\n", ":2: a collapse figure is a whole number"},
		{"[collapse]\n\nraed = 4\n", `:3: unknown setting "collapse.raed" (collapse takes: read,`},
		{"collapse.raed = 4\n", `:1: unknown setting "collapse.raed"`},
		{"[keys]\nqiut = [\"x\"]\n", `:2: no action "qiut" to bind keys to (the actions: down, half_down, next_error, quit, up)`},
		{"[keys]\nquit = [\"ctlr+q\"]\n", `:2: key "ctlr+q": "ctlr" is no modifier`},
		{"[keys]\nquit = [\"shift+ctrl+q\"]\n", `:2: key "shift+ctrl+q": write modifiers in the order ctrl+alt+shift`},
		{"[keys]\nquit = [\"\"]\n", `:2: key "": not a key`},
		{"[keys]\nquit = [\"qq\"]\n", `:2: key "qq": not a key`},
		{"[keys]\nquit = 3\n", ":2: want a list of keys"},
		{"[keys]\nquit = []\n", ":2: an action needs at least one key"},
		{"[keys]\nquit = [\"q\", 3]\n", `:2: a key is a string, like "q", not 3`},
		{"[keys]\n\nnext_error = [\"d\"]\n", `:3: key "d" is bound to both half_down and next_error`},
		{"[keys]\nquit = [\"x\"]\nup = [\"x\"]\n", `:3: key "x" is bound to both quit and up`},
		{"theme = \"dark\"\ntheme = \"light\"\n", ":2: "},
		{"theme = \"dark\nwrap = true\n", ":1: "},
	} {
		_, err := parse(c.src, defaults)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q…", c.src, err, c.want)
		}
	}
}

// A key moved from one action to another, both named, is no conflict;
// nor is a key the file leaves where it was.
func TestMovingAKeyBetweenActionsIsAllowed(t *testing.T) {
	f, err := parse("[keys]\nnext_error = [\"d\"]\nhalf_down = [\"ctrl+d\"]\n", defaults)
	if err != nil || f.Keys["next_error"][0] != "d" {
		t.Fatalf("%+v %v", f, err)
	}
	for _, k := range []string{"f5", "pgdown", "shift+tab", "ctrl+alt+x", "G", "?", "漢", "+"} {
		if err := checkKey(k); err != nil {
			t.Errorf("%q: %v", k, err)
		}
	}
	for _, k := range []string{"f0", "f64", "ctrl+", "a b", "\x1b", "ctrl+ctrl+x"} {
		if err := checkKey(k); err == nil {
			t.Errorf("%q was taken", k)
		}
	}
}

func TestLoadNamesTheFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "config.toml")
	if f, err := Load(path, true, defaults); err != nil || f.Theme != "" {
		t.Fatalf("a missing default file: %+v %v", f, err)
	}
	if _, err := Load(path, false, defaults); err == nil || !strings.Contains(err.Error(), "config.toml") {
		t.Fatalf("a missing named file: %v", err)
	}
	if err := os.WriteFile(path, []byte("\ntheme = \"sepia\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := Load(path, true, defaults)
	if err == nil || !strings.HasPrefix(err.Error(), "config "+path+":2: theme is \"sepia\"") {
		t.Fatalf("got %v", err)
	}
}

func TestDefaultPath(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	if got := DefaultPath(env(map[string]string{"XDG_CONFIG_HOME": "/x", "HOME": "/h"})); got != "/x/deck/config.toml" {
		t.Error(got)
	}
	if got := DefaultPath(env(map[string]string{"XDG_CONFIG_HOME": "rel", "HOME": "/h"})); got != "/h/.config/deck/config.toml" {
		t.Error("a relative XDG_CONFIG_HOME is ignored, as the spec says:", got)
	}
	if got := DefaultPath(env(nil)); got != "" {
		t.Error(got)
	}
}
