package cli

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/creack/pty"

	"github.com/deck-tui/deck/ui/termimage"
)

// clientCards is the fixture whose read_image call returned three images:
// a PNG in the attachment store, the header of a WebP alone, one missing.
const clientCards = "golden/testdata/client-cards/sessions/--work-app--/client-cards/session.v4.jsonl"

// renderToATerminal runs deck render into a pseudo-terminal that answers
// deck's query with answer ("" for a terminal that says nothing), and
// returns what the terminal was sent.
func renderToATerminal(t *testing.T, answer string, args ...string) string {
	t.Helper()
	screen, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer screen.Close()
	pty.Setsize(tty, &pty.Winsize{Rows: 24, Cols: 80})
	var (
		mu   sync.Mutex
		sent bytes.Buffer
	)
	read := make(chan struct{})
	go func() {
		defer close(read)
		b := make([]byte, 4096)
		answered := false
		for {
			n, err := screen.Read(b)
			mu.Lock()
			sent.Write(b[:n])
			asked := strings.Contains(sent.String(), termimage.Query)
			mu.Unlock()
			if asked && !answered && answer != "" {
				answered = true
				screen.Write([]byte(answer))
			}
			if err != nil {
				return
			}
		}
	}()
	var errOut bytes.Buffer
	done := make(chan int)
	go func() {
		done <- Main(context.Background(), append([]string{"render", "--theme", "dark", "--width", "80"}, args...), tty, tty, &errOut)
	}()
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("deck render still runs after 20 s")
	}
	tty.Close()
	select {
	case <-read:
	case <-time.After(5 * time.Second):
	}
	mu.Lock()
	defer mu.Unlock()
	return sent.String()
}

// after is what out holds from the row that holds row on.
func after(t *testing.T, out, row string) string {
	t.Helper()
	for i := 0; i < len(out); {
		j := strings.Index(out[i:], "\n")
		if j < 0 {
			j = len(out) - i
		}
		if strings.Contains(ansi.Strip(out[i:i+j]), row) {
			return out[i:]
		}
		i += j + 1
	}
	t.Fatalf("no row holds %q", row)
	return ""
}

// deck render into a terminal asks it what it draws and prints each
// picture of a gallery after its image's row, in the protocol the terminal
// answered; an image that does not decode (the WebP header alone) says so;
// a terminal that answers nothing gets no picture, tmux a note why.
func TestRenderDrawsThePicturesTheTerminalSaysItDraws(t *testing.T) {
	const st = "\x1b\\"
	for _, c := range []struct {
		terminal, answer, picture string
	}{
		{"xterm as a VT340", "\x1bP>|XTerm(379)" + st + "\x1b[?63;1;2;4;6;9;15;16;22;28c", "\x1bP0;1q"},
		{"kitty", "\x1b_Gi=31;OK" + st + "\x1bP>|kitty(0.35.2)" + st + "\x1b[6;20;10t\x1b[?62;c", "\x1b_Gf=100,q=2,c=7,r=3,a=T"},
		{"iTerm2", "\x1bP>|iTerm2 3.5.0" + st + "\x1b[?62;4c", "\x1b]1337;File=size="},
	} {
		out := renderToATerminal(t, c.answer, "--format", "ansi", clientCards)
		if !strings.HasPrefix(out, termimage.Query) {
			t.Errorf("%s: deck did not ask first: %q", c.terminal, out[:min(len(out), 40)])
		}
		png := after(t, out, "▣ mock.png · image/png 64×48")
		lines := strings.SplitN(png, "\n", 3)
		if !strings.HasPrefix(lines[1], "  "+c.picture) {
			t.Errorf("%s: the row after the PNG's is %q", c.terminal, lines[1][:min(len(lines[1]), 60)])
		}
		webp, _, _ := strings.Cut(ansi.Strip(after(t, out, "▣ mock@2x.png · image/webp 320×200")), "▣ old.jpg")
		if !strings.Contains(oneLine(webp), "↳ no picture: its bytes are cut short or broken") {
			t.Errorf("%s: under the WebP header's row: %q", c.terminal, webp)
		}
	}
	for _, c := range []struct{ terminal, answer string }{{"a terminal that answers nothing", ""}, {"VTE", "\x1b[?65;1;9c"}} {
		out := renderToATerminal(t, c.answer, "--format", "ansi", clientCards)
		if strings.Contains(out, "\x1bP0;1q") || strings.Contains(out, "a=T") || strings.Contains(out, "1337;File") || strings.Contains(ansi.Strip(out), "no picture") {
			t.Errorf("%s: a picture, or a note", c.terminal)
		}
	}
	out := renderToATerminal(t, "\x1bP>|tmux 3.4"+st+"\x1b[?1;2c", "--format", "ansi", clientCards)
	if n := strings.Count(ansi.Strip(out), "↳ no picture inside tmux"); n != 2 {
		t.Errorf("tmux: %d notes, want one under each image read", n)
	}
	if out := renderToATerminal(t, "\x1b[?62;4c", "--format", "plain", clientCards); strings.Contains(out, "\x1b") {
		t.Errorf("plain: an escape was sent: %q", out[:min(len(out), 40)])
	}
}

// Into a pipe nothing is asked, and no picture drawn, whatever the format.
func TestRenderIntoAPipeAsksNothing(t *testing.T) {
	for _, format := range []string{"ansi", "auto", "plain"} {
		code, out, _ := deck(t, "", "render", "--format", format, "--width", "80", clientCards)
		if code != 0 || strings.Contains(out, "\x1b_G") || strings.Contains(out, "\x1b[c") || strings.Contains(out, "\x1b[>q") || strings.Contains(ansi.Strip(out), "no picture") {
			t.Errorf("%s: exit %d, or a query or picture in %q", format, code, out[:min(len(out), 80)])
		}
	}
}
