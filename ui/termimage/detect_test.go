package termimage

import (
	"image"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/creack/pty"
)

// said is what a terminal answers to Query, decoded as Ask decodes it.
func said(t *testing.T, answer string) Caps {
	t.Helper()
	var d Detector
	var dec uv.EventDecoder
	for b := []byte(answer); len(b) > 0; {
		n, ev := dec.Decode(b)
		if n == 0 {
			t.Fatalf("%q does not decode", b)
		}
		d.Take(ev)
		b = b[n:]
	}
	if !d.done {
		t.Fatalf("%q: the asking is not over", answer)
	}
	return d.Caps()
}

// Each terminal is told by what it answers: kitty's graphics query answered
// OK, the device attributes' 4 (sixel), the name XTVERSION gives (iTerm2's
// inline images, and which kitty draws its placeholders), never by its
// environment. A terminal that answers only the device attributes draws
// nothing; under tmux the answers are tmux's.
func TestTheTerminalSaysWhatItDraws(t *testing.T) {
	const st = "\x1b\\"
	for _, c := range []struct {
		terminal, answer string
		protocol         Protocol
		placeholders     bool
		tmux             bool
		cell             image.Point
	}{
		{"kitty 0.35", "\x1b_Gi=31;OK" + st + "\x1bP>|kitty(0.35.2)" + st + "\x1b[6;20;10t\x1b[?62;c", Kitty, true, false, image.Pt(10, 20)},
		{"kitty 0.26, before placeholders", "\x1b_Gi=31;OK" + st + "\x1bP>|kitty(0.26.5)" + st + "\x1b[?62;c", Kitty, false, false, image.Point{}},
		{"Ghostty", "\x1b_Gi=31;OK" + st + "\x1bP>|ghostty 1.1.3" + st + "\x1b[6;17;8t\x1b[?62;22c", Kitty, true, false, image.Pt(8, 17)},
		{"WezTerm", "\x1bP>|WezTerm 20240203-110809-5046fc22" + st + "\x1b[6;36;15t\x1b[?65;4;6;18;22c", ITerm2, false, false, image.Pt(15, 36)},
		{"WezTerm with kitty graphics on", "\x1b_Gi=31;OK" + st + "\x1bP>|WezTerm 20240203-110809-5046fc22" + st + "\x1b[?65;4;6;18;22c", ITerm2, false, false, image.Point{}},
		{"iTerm2", "\x1bP>|iTerm2 3.5.0" + st + "\x1b[?62;4c", ITerm2, false, false, image.Point{}},
		{"Konsole", "\x1b_Gi=31;OK" + st + "\x1bP>|Konsole 26.08.0" + st + "\x1b[?62;c", Kitty, false, false, image.Point{}},
		{"xterm as a VT340", "\x1bP>|XTerm(379)" + st + "\x1b[?63;1;2;4;6;9;15;16;22;28c", Sixel, false, false, image.Point{}},
		{"foot", "\x1bP>|foot(1.13.1)" + st + "\x1b[?62;4;22c", Sixel, false, false, image.Point{}},
		{"a terminal with no pictures", "\x1b[?65;1;9c", None, false, false, image.Point{}},
		{"a kitty answer to another query", "\x1b_Gi=7;OK" + st + "\x1b[?62;c", None, false, false, image.Point{}},
		{"kitty's query refused", "\x1b_Gi=31;EINVAL:bad" + st + "\x1b[?62;c", None, false, false, image.Point{}},
		{"a name that only looks like kitty", "\x1bP>|kitty-ish 9" + st + "\x1b_Gi=31;OK" + st + "\x1b[?62;c", Kitty, false, false, image.Point{}},
		{"tmux", "\x1bP>|tmux 3.4" + st + "\x1b[?1;2c", None, false, true, image.Point{}},
		{"tmux built with sixel", "\x1bP>|tmux 3.4" + st + "\x1b[?1;2;4c", Sixel, false, true, image.Point{}},
	} {
		caps := said(t, c.answer)
		if got := caps.Protocol(); got != c.protocol {
			t.Errorf("%s: %v, want %v", c.terminal, got, c.protocol)
		}
		if caps.Placeholders() != c.placeholders || caps.Tmux() != c.tmux || caps.Cell != c.cell {
			t.Errorf("%s: placeholders %v, tmux %v, cell %v; want %v, %v, %v", c.terminal, caps.Placeholders(), caps.Tmux(), caps.Cell, c.placeholders, c.tmux, c.cell)
		}
		v := ForViewer(caps, "p")
		switch {
		case c.placeholders && (v == nil || v.way != inRows),
			!c.placeholders && c.protocol != None && (v == nil || v.way != hinted),
			c.protocol == None && c.tmux && (v == nil || v.way != noted),
			c.protocol == None && !c.tmux && v != nil:
			t.Errorf("%s: the viewer's way %+v", c.terminal, v)
		}
		if pr := ForPrinting(caps); (pr != nil && pr.way == printed) != (c.protocol != None) {
			t.Errorf("%s: render's way %+v", c.terminal, pr)
		}
	}
}

// Ask's reading: the answers come in pieces, a sequence cut anywhere, and
// are read once the device attributes come; a terminal that answers
// nothing, or not in time, draws nothing; the read waiting is stopped.
func TestAskReadsTheAnswersUntilTheDeviceAttributes(t *testing.T) {
	answer := "\x1b_Gi=31;OK\x1b\\\x1bP>|kitty(0.35.2)\x1b\\\x1b[6;20;10t\x1b[?62;c"
	for _, piece := range []int{1, 3, 7, len(answer)} {
		pr, pw := io.Pipe()
		go func() {
			for b := answer; b != ""; {
				n := min(piece, len(b))
				pw.Write([]byte(b[:n]))
				b = b[n:]
			}
		}()
		caps := answers(pr, time.Minute, func() bool { pr.Close(); return true })
		if !caps.Placeholders() || caps.Cell != image.Pt(10, 20) {
			t.Errorf("in pieces of %d: %+v", piece, caps)
		}
	}
	pr, pw := io.Pipe()
	go pw.Write([]byte("\x1b_Gi=31;OK\x1b\\")) // and then nothing: no device attributes
	if caps := answers(pr, 20*time.Millisecond, func() bool { pr.Close(); return true }); caps != (Caps{}) {
		t.Errorf("a terminal that never finished answering: %+v", caps)
	}
	if caps := answers(strings.NewReader(""), time.Minute, func() bool { return true }); caps != (Caps{}) {
		t.Errorf("no answer at all: %+v", caps)
	}
}

// A terminal that answers no CSI 16 t (xterm, its window operations not
// allowed) still tells the kernel its pixels: a cell is those over its
// cells, so a sixel drawn pixel for pixel takes the rows it was given.
func TestACellsPixelsComeFromTheKernelWhenNotAnswered(t *testing.T) {
	screen, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer screen.Close()
	defer tty.Close()
	pty.Setsize(tty, &pty.Winsize{Rows: 50, Cols: 100, X: 700, Y: 750})
	if got := cellOf(tty); got != image.Pt(7, 15) && runtime.GOOS != "windows" {
		t.Errorf("a cell of %v, want 7×15", got)
	}
	pty.Setsize(tty, &pty.Winsize{Rows: 50, Cols: 100})
	if got := cellOf(tty); got != (image.Point{}) {
		t.Errorf("no pixels told: %v", got)
	}
}
