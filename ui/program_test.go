package ui

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/charmbracelet/x/vt"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
)

// The fixtures live with the golden tests.
const testdata = "../golden/testdata"

func TestMain(m *testing.M) {
	time.Local = time.UTC // cards show wall-clock times
	os.Exit(m.Run())
}

// term runs the program headlessly and plays its output into a terminal
// emulator, so tests read the screen a person would see.
type term struct {
	t   *testing.T
	tm  *teatest.TestModel
	mu  sync.Mutex // the emulator is written and read from two goroutines
	emu *vt.Emulator
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
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(w, h),
		teatest.WithProgramOptions(tea.WithColorProfile(p)))
	x := &term{t: t, tm: tm, emu: vt.NewEmulator(w, h)}
	done := make(chan struct{}) // the test is over: the two below let go of the program and the emulator
	t.Cleanup(func() {
		close(done)
		x.mu.Lock()
		x.emu.InputPipe().(io.Closer).Close() // the replies' reader reads the end
		x.emu = nil
		x.mu.Unlock()
	})
	go io.Copy(io.Discard, x.emu) // the emulator's replies go nowhere
	go func() {
		buf := make([]byte, 64<<10)
		out := tm.Output()
		for {
			n, _ := out.Read(buf)
			if n > 0 { // a terminal's tty turns \n into \r\n on the way (onlcr)
				x.mu.Lock()
				if x.emu != nil {
					x.emu.Write(bytes.ReplaceAll(buf[:n], []byte("\n"), []byte("\r\n")))
				}
				x.mu.Unlock()
				continue
			}
			select {
			case <-done:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()
	return x
}

// screen is the emulator's text, trailing blanks trimmed from each row.
func (x *term) screen() string {
	x.mu.Lock()
	text := x.emu.String()
	x.mu.Unlock()
	rows := strings.Split(text, "\n")
	for i, r := range rows {
		rows[i] = strings.TrimRight(r, " ")
	}
	return strings.Join(rows, "\n")
}

// waitFor waits until the screen holds every want, and returns it.
func (x *term) waitFor(wants ...string) string {
	x.t.Helper()
	return x.waitUntil(strings.Join(wants, " and "), func(s string) bool {
		for _, w := range wants {
			if !strings.Contains(s, w) {
				return false
			}
		}
		return true
	})
}

func (x *term) waitUntil(what string, ok func(string) bool) string {
	x.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s := x.screen()
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("the screen never showed %s:\n%s", what, s)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// keys types keys one at a time.
func (x *term) keys(keys ...string) {
	for _, k := range keys {
		x.tm.Send(keyMsg(k))
		time.Sleep(5 * time.Millisecond)
	}
}

// keyMsg makes the key press a person types.
func keyMsg(k string) tea.KeyPressMsg {
	switch k {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	}
	if c, ok := strings.CutPrefix(k, "ctrl+"); ok {
		return tea.KeyPressMsg{Code: []rune(c)[0], Mod: tea.ModCtrl}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

// typeText types text into whatever has the keyboard.
func (x *term) typeText(s string) {
	for _, r := range s {
		x.keys(string(r))
	}
}

func (x *term) quit() {
	x.t.Helper()
	x.keys("q")
	x.tm.WaitFinished(x.t, teatest.WithFinalTimeout(5*time.Second))
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
