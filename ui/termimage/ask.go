package termimage

import (
	"image"
	"io"
	"os"
	"regexp"
	"time"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/term"
	"github.com/muesli/cancelreader"
)

// AskWait is how long deck render waits for the terminal's answer: a
// terminal answers at once, a remote one within a round trip.
const AskWait = 500 * time.Millisecond

// Ask asks the terminal on in and out what it draws (Query), in raw mode,
// and waits at most wait for its answers. A terminal that does not answer
// in time draws nothing. Nothing is asked unless both are terminals: into
// a pipe or a file, a query would be bytes in the output, and its answer
// would come on a terminal deck does not read.
func Ask(in, out *os.File, wait time.Duration) Caps {
	if !term.IsTerminal(in.Fd()) || !term.IsTerminal(out.Fd()) {
		return Caps{}
	}
	st, err := term.MakeRaw(in.Fd())
	if err != nil {
		return Caps{}
	}
	defer term.Restore(in.Fd(), st)
	r, err := cancelreader.NewReader(in)
	if err != nil {
		return Caps{}
	}
	defer r.Close()
	if _, err := io.WriteString(out, Query); err != nil {
		return Caps{}
	}
	caps := answers(r, wait, r.Cancel)
	if caps.Cell == (image.Point{}) {
		caps.Cell = cellOf(out)
	}
	return caps
}

// da1 is the answer to the device attributes, the last asked.
var da1 = regexp.MustCompile(`\x1b\[\?[0-9;]*c`)

// maxAnswers bounds what is read while waiting: the answers are short.
const maxAnswers = 64 << 10

// answers reads the terminal's answers from r until the device attributes
// come, the input ends or wait passes, and reads what they say. cancel
// stops the read that is waiting, so nothing is read after.
func answers(r io.Reader, wait time.Duration, cancel func() bool) Caps {
	chunks := make(chan []byte)
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		b := make([]byte, 1024)
		for {
			n, err := r.Read(b)
			if n > 0 {
				chunks <- append([]byte(nil), b[:n]...)
			}
			if err != nil {
				return
			}
		}
	}()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	var buf []byte
read:
	for !da1.Match(buf) && len(buf) < maxAnswers {
		select {
		case c := <-chunks:
			buf = append(buf, c...)
		case <-ended:
			break read
		case <-timer.C:
			break read
		}
	}
	cancel()
	go func() { // what the reader still has, after the cancel, goes nowhere
		for range chunks {
		}
	}()
	<-ended
	close(chunks)
	var d Detector
	var dec uv.EventDecoder
	for len(buf) > 0 {
		n, ev := dec.Decode(buf)
		if n == 0 {
			break
		}
		d.Take(ev)
		buf = buf[n:]
	}
	if !d.done { // no device attributes: a terminal that did not answer in time
		return Caps{}
	}
	return d.Caps()
}
