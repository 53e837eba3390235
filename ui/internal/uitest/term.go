// Package uitest runs a screen of deck's headlessly for the tests of the
// ui packages: its output is played into a terminal emulator, so a test
// reads the screen a person would see, and types keys as a person does.
package uitest

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/charmbracelet/x/vt"
)

// Term runs a program headlessly and plays its output into a terminal
// emulator, so tests read the screen a person would see.
type Term struct {
	T   *testing.T
	TM  *teatest.TestModel
	mu  sync.Mutex // the emulator is written and read from two goroutines
	emu *vt.Emulator
}

// Start runs m at w×h in a terminal of colour profile p.
func Start(t *testing.T, m tea.Model, w, h int, p colorprofile.Profile) *Term {
	t.Helper()
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(w, h),
		teatest.WithProgramOptions(tea.WithColorProfile(p)))
	x := &Term{T: t, TM: tm, emu: vt.NewEmulator(w, h)}
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

// Screen is the emulator's text, trailing blanks trimmed from each row.
func (x *Term) Screen() string {
	x.mu.Lock()
	text := x.emu.String()
	x.mu.Unlock()
	rows := strings.Split(text, "\n")
	for i, r := range rows {
		rows[i] = strings.TrimRight(r, " ")
	}
	return strings.Join(rows, "\n")
}

// WaitFor waits until the screen holds every want, and returns it.
func (x *Term) WaitFor(wants ...string) string {
	x.T.Helper()
	return x.WaitUntil(strings.Join(wants, " and "), func(s string) bool {
		for _, w := range wants {
			if !strings.Contains(s, w) {
				return false
			}
		}
		return true
	})
}

// WaitUntil waits until ok says the screen is as wanted, and returns it;
// after 10 seconds the test fails, saying what it waited for.
func (x *Term) WaitUntil(what string, ok func(string) bool) string {
	x.T.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s := x.Screen()
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			x.T.Fatalf("the screen never showed %s:\n%s", what, s)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Keys types keys one at a time.
func (x *Term) Keys(keys ...string) {
	for _, k := range keys {
		x.TM.Send(KeyMsg(k))
		time.Sleep(5 * time.Millisecond)
	}
}

// KeyMsg makes the key press a person types.
func KeyMsg(k string) tea.KeyPressMsg {
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

// TypeText types text into whatever has the keyboard.
func (x *Term) TypeText(s string) {
	for _, r := range s {
		x.Keys(string(r))
	}
}

// Quit types q and waits for the program to end.
func (x *Term) Quit() {
	x.T.Helper()
	x.Keys("q")
	x.TM.WaitFinished(x.T, teatest.WithFinalTimeout(5*time.Second))
}

// Emulator calls f with the terminal emulator, which the program's output
// is not written to meanwhile: for what the screen's text does not say
// (a cell's colours).
func (x *Term) Emulator(f func(emu *vt.Emulator)) {
	x.mu.Lock()
	defer x.mu.Unlock()
	f(x.emu)
}
