package ui

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
	"github.com/deck-tui/deck/ui/internal/uitest"
)

// The fixtures live with the golden tests.
const testdata = "../golden/testdata"

func TestMain(m *testing.M) {
	time.Local = time.UTC // cards show wall-clock times
	os.Exit(m.Run())
}

// term is the program run headlessly (uitest.Term); t and tm are its test
// and its program, for the tests' own ways of reading and driving it.
type term struct {
	*uitest.Term
	t  *testing.T
	tm *teatest.TestModel
}

// start runs the program on o at w×h. A nil o.Follow follows a log written
// lately, which is every fixture on a fresh checkout: a test that reads from
// the top says Follow: new(false).
func start(t *testing.T, o Options, w, h int) *term {
	t.Helper()
	return startIn(t, o, w, h, colorprofile.TrueColor)
}

// startIn is start with the terminal's colour profile p.
func startIn(t *testing.T, o Options, w, h int, p colorprofile.Profile) *term {
	t.Helper()
	if o.Theme == "" {
		o.Theme = "dark" // the emulator answers no colour query
	}
	m, err := newApp(o)
	if err != nil {
		t.Fatal(err)
	}
	x := uitest.Start(t, m, w, h, p)
	return &term{Term: x, t: t, tm: x.TM}
}

func (x *term) screen() string { return x.Screen() }

func (x *term) waitFor(wants ...string) string {
	x.t.Helper()
	return x.WaitFor(wants...)
}

func (x *term) waitUntil(what string, ok func(string) bool) string {
	x.t.Helper()
	return x.WaitUntil(what, ok)
}

func (x *term) keys(keys ...string)   { x.Keys(keys...) }
func (x *term) typeText(s string)     { x.TypeText(s) }
func keyMsg(k string) tea.KeyPressMsg { return uitest.KeyMsg(k) }

func (x *term) quit() {
	x.t.Helper()
	x.Quit()
}

// sessionsHome makes a harness home with the given logs laid out as the
// harness lays them out, and returns its sessions folder.
func sessionsHome(t *testing.T, logs map[string]string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "sessions")
	ids := make([]string, 0, len(logs))
	for id := range logs {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for n, id := range ids {
		src := logs[id]
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		name := "session.jsonl"
		if strings.HasSuffix(src, ".zstd") {
			name = "session.jsonl.zstd"
		}
		d := filepath.Join(dir, "--work-app--", id)
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		old := catalogtest.Dated.Add(-time.Duration(n) * time.Minute) // not live, the same on every run; the first id newest
		os.Chtimes(filepath.Join(d, name), old, old)
	}
	return dir
}
