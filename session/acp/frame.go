package acp

import "fmt"

// framer cuts the physical lines of an ACP log into JSON values. A
// JSON-RPC transcript holds one value a line. The TypeScript SDK's call
// recordings hold pretty-printed values spanning many lines, back to back
// ("}{" on one line), so a value may start, go on and end anywhere.
//
// A value is followed by counting brackets outside strings. One that is still
// open when its first line ends goes on to the next lines only when that line
// was a lone opener ("{" or "[") or the log already had a value spanning
// lines; otherwise it is a JSON-RPC line that ends early, and reported as such.
// A pretty-printed log indents everything inside a top-level value, so a line
// that starts with "{" in column 0 begins a new value: a value still open
// then was cut off, and is reported, as is one open for more than
// maxValueLines lines or maxValueBytes bytes.
type framer struct {
	buf       []byte // the open value so far
	first     int    // the line it starts on; 0 when no value is open
	last      int    // the last line it has taken
	depth     int
	inStr     bool
	esc       bool
	multiline bool // a value has spanned lines: the log is pretty-printed
}

// The bounds on one value: past them it is dropped with a notice, so a value
// that never closes cannot swallow the rest of the log.
const (
	maxValueLines = 100_000
	maxValueBytes = 64 << 20
)

// piece is what a line yields: a whole value, or text that is not one.
// err, when set, says why the text is not a value; data is then nil.
type piece struct {
	first, last int // the lines it spans
	data        []byte
	err         string
}

// open reports whether a value is open across the end of the last line.
func (f *framer) open() bool { return f.first != 0 }

// feed takes one line (without its newline) and returns what it completes.
func (f *framer) feed(num int, line []byte) []piece {
	var out []piece
	if f.open() && len(line) > 0 && line[0] == '{' {
		out = append(out, f.drop(num, fmt.Sprintf("it never closes (a new value starts at line %d)", num)))
	}
	for i := 0; i < len(line); {
		if !f.open() {
			for i < len(line) && isJSONSpace(line[i]) {
				i++
			}
			if i == len(line) {
				break
			}
			if c := line[i]; c != '{' && c != '[' {
				// not a message: let the parser word what it is
				return append(out, piece{first: num, last: num, data: append([]byte(nil), line[i:]...)})
			}
			f.first = num
		}
		f.last = num
		end := f.scan(line, i)
		if end < 0 {
			f.buf = append(append(f.buf, line[i:]...), '\n')
			break
		}
		out = append(out, piece{first: f.first, last: num, data: append(f.buf, line[i:end]...)})
		f.reset()
		i = end
	}
	if !f.open() {
		return out
	}
	switch {
	case f.first == num && !f.multiline && !isLoneOpener(f.buf):
		// a JSON-RPC line that ends early: the parser words it
		out = append(out, piece{first: num, last: num, data: f.buf[:len(f.buf)-1]})
		f.reset()
	case num-f.first+1 > maxValueLines || len(f.buf) > maxValueBytes:
		out = append(out, f.drop(num, fmt.Sprintf("it is still open after %d lines (%d bytes)", num-f.first+1, len(f.buf))))
	default:
		f.multiline = true
	}
	return out
}

// scan follows the open value through line from i, and returns the index
// just past its end, or -1 if it goes on past the line.
func (f *framer) scan(line []byte, i int) int {
	for ; i < len(line); i++ {
		c := line[i]
		if f.inStr {
			switch {
			case f.esc:
				f.esc = false
			case c == '\\':
				f.esc = true
			case c == '"':
				f.inStr = false
			}
			continue
		}
		switch c {
		case '"':
			f.inStr = true
		case '{', '[':
			f.depth++
		case '}', ']':
			f.depth--
			if f.depth <= 0 {
				return i + 1
			}
		}
	}
	return -1
}

// drop gives up the open value, saying why.
func (f *framer) drop(num int, why string) piece {
	p := piece{first: f.first, last: f.last, err: "an unfinished JSON value: " + why}
	f.reset()
	return p
}

func (f *framer) reset() {
	f.buf, f.first, f.last, f.depth, f.inStr, f.esc = nil, 0, 0, 0, false, false
}

// isLoneOpener reports a value that is so far only "{" or "[".
func isLoneOpener(buf []byte) bool {
	n := 0
	for _, c := range buf {
		if !isJSONSpace(c) {
			n++
		}
	}
	return n == 1
}

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }
