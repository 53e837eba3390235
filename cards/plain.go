package cards

import (
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/charmbracelet/x/ansi"
)

// A search reads every card of a session as plain rows (Options.Plain):
// what ansi.Strip gives of the drawn rows, row for row. The big parts of a
// card, a command's output and a read's lines, are mostly simple text
// (printable ASCII and the like, with tabs and colours) whose rows are
// known without measuring a character: a cell a rune. Those lines are laid
// out here by counting; any other line goes the way it is drawn. A test pins the two ways to the
// same rows (plain_test.go).

// stripRows drops what styles a row still holds (Markdown's, a note's).
func stripRows(rows []string) {
	for i, r := range rows {
		if strings.IndexByte(r, 0x1b) >= 0 {
			rows[i] = ansi.Strip(r)
		}
	}
}

// plainOutput lays lines of command output as terminalOutput does, for a
// plain card: a line of simple text and colours by counting, any other
// through the terminal parser.
func plainOutput(c *card, out []string) {
	out = c.showableLines(out, c.inner()-2)     // as terminalOutput cuts them
	if n := len(out); n > 1 && out[n-1] == "" { // as termLines reads the lines joined
		out = out[:n-1]
	}
	if len(out) == 0 || len(out) == 1 && out[0] == "" {
		return
	}
	room := max(c.inner()-2, 1)
	c.head = append(appendSpaces(c.head[:0], max(min(indent, c.o.Width-1), 0)), "│ "...)
	head := string(c.head)
	p := newTermParser(c.th)
	for _, l := range out {
		if c.stopped {
			return
		}
		var ok bool
		if c.tabs, ok = simpleOutput(c.tabs[:0], l); ok {
			cellRows(c, c.head, c.head, c.tabs, room)
			continue
		}
		p.rows = p.rows[:0]
		p.line(l)
		for _, r := range p.rows {
			for _, w := range c.codeRows(r, c.inner()-2) {
				c.raw(head + w.plain())
			}
		}
	}
}

// plainRead adds a read's line as gutterCode lays it after its number's
// gutter (numberGutter: the number right-aligned in numW cells, a rail),
// for a plain card; false when it is not simple text. The gutter is
// written into the card's buffers, not made.
func plainRead(c *card, number, numW int, text string) bool {
	var digits [20]byte
	num := strconv.AppendInt(digits[:0], int64(number), 10)
	width := max(len(num), numW) + len(" | ")
	room := c.inner() - width
	if !c.o.Plain || c.o.NoWrap || room < 1 || !simpleText(text) {
		return false
	}
	pad := max(min(indent, c.o.Width-1), 0)
	c.head = appendSpaces(c.head[:0], pad+width-len(" | ")-len(num))
	c.head = append(append(c.head, num...), " │ "...)
	c.cont = appendSpaces(c.cont[:0], pad+width)
	c.tabs = appendTabbed(c.tabs[:0], text, 4)
	cellRows(c, c.head, c.cont, c.tabs, room)
	return true
}

func appendSpaces(dst []byte, n int) []byte {
	for range n {
		dst = append(dst, ' ')
	}
	return dst
}

// cellRows adds simple text, its tabs expanded, as rows of room cells
// after head (and after cont on the rows it wraps onto), as line.wrap cuts
// it: a rune a cell, so each row is known to fit as it is made, and raw
// need not measure it (but where the width is under head and room). The rows are made in the card's buffer: a counted card keeps none
// of them.
func cellRows(c *card, head, cont []byte, text []byte, room int) {
	fits := max(utf8.RuneCount(head), utf8.RuneCount(cont))+room <= c.o.Width // else raw cuts it, as it cuts the drawn row
	first := head
	for {
		if c.full() { // counted as raw counts them, unmade
			if !c.stopped {
				c.skip((utf8.RuneCount(text) + room - 1) / room)
			}
			return
		}
		n := runeBytes(text, room)
		c.buf = append(append(c.buf[:0], first...), text[:n]...)
		var row string
		if c.count != nil {
			row = unsafe.String(unsafe.SliceData(c.buf), len(c.buf))
		} else {
			row = string(c.buf)
		}
		if fits {
			c.keepRow(row)
		} else {
			c.raw(row)
		}
		text = text[n:]
		if len(text) == 0 {
			return
		}
		first = cont
	}
}

// runeBytes is how many bytes the first n runes of s take.
func runeBytes(s []byte, n int) int {
	at := 0
	for ; n > 0 && at < len(s); n-- {
		if s[at] < utf8.RuneSelf {
			at++
			continue
		}
		_, size := utf8.DecodeRune(s[at:])
		at += size
	}
	return at
}

// simpleOutput appends a line of output to dst without its colours, tabs
// expanded, when it is simple text (simpleText) and SGR sequences.
func simpleOutput(dst []byte, l string) ([]byte, bool) {
	if strings.IndexByte(l, 0x1b) < 0 {
		return appendTabbed(dst, l, 8), simpleText(l)
	}
	col := 0
	for i := 0; i < len(l); {
		j := strings.IndexByte(l[i:], 0x1b)
		if j < 0 {
			j = len(l) - i
		}
		if !simpleText(l[i : i+j]) {
			return dst, false
		}
		dst, col = appendTabbedAt(dst, l[i:i+j], 8, col)
		i += j
		if i >= len(l) {
			break
		}
		i++
		if i >= len(l) || l[i] != '[' {
			return dst, false
		}
		i++
		for i < len(l) && (l[i] >= '0' && l[i] <= '9' || l[i] == ';') {
			i++
		}
		if i >= len(l) || l[i] != 'm' {
			return dst, false
		}
		i++
	}
	return dst, true
}

// simpleText reports whether each character of s is a cell of its own
// that the sanitiser leaves as it is: printable ASCII, tabs, and the Latin,
// punctuation, arrow and box-drawing letters that join nothing (no
// combining mark, joiner or selector, none drawn wide or as a mark).
func simpleText(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if (c < 0x20 || c == 0x7f) && c != '\t' {
				return false
			}
			i++
			continue
		}
		size, ok := simpleAt(s, i)
		if !ok {
			return false
		}
		i += size
	}
	return true
}

// simpleAt decodes the character at s[i:], past ASCII, and reports
// whether simpleRune takes it: an invalid byte never, though it decodes as
// the U+FFFD simpleRune takes.
func simpleAt(s string, i int) (size int, ok bool) {
	r, size := utf8.DecodeRuneInString(s[i:])
	return size, size > 1 && simpleRune(r)
}

func simpleRune(r rune) bool {
	switch {
	case r >= 0xA0 && r < 0x300:
		return r != 0xAD // a soft hyphen shows as ⟨SHY⟩
	case r >= 0x2010 && r <= 0x2027, r >= 0x2030 && r <= 0x205E: // dashes, quotes, bullets, primes
		return true
	case r >= 0x2190 && r <= 0x21FF, r >= 0x2500 && r <= 0x259F: // arrows, box drawing, blocks
		return true
	case r == 0x2713, r == 0x2717, r == 0x25A0, r == 0x25CB, r == 0x25CC: // a call's marks: ✓ ✗ ■ ○ ◌
		return true
	case r >= 0x2400 && r <= 0x2426, r == 0x27E8, r == 0x27E9, r == 0xFFFD:
		// the marks hidden characters are drawn as (␛, ⟨RLO⟩, invalid
		// bytes' �): a hostile megabyte of them is counted, not segmented
		return true
	}
	return false
}

// appendTabbed appends s to dst with spaces for its tabs, to the next stop
// of width tab: simple text, a rune a cell.
func appendTabbed(dst []byte, s string, tab int) []byte {
	dst, _ = appendTabbedAt(dst, s, tab, 0)
	return dst
}

// appendTabbedAt is appendTabbed for s starting at cell col; it returns
// the cell after it.
func appendTabbedAt(dst []byte, s string, tab, col int) ([]byte, int) {
	for i := 0; i < len(s); {
		if s[i] == '\t' {
			n := tab - col%tab
			for range n {
				dst = append(dst, ' ')
			}
			col += n
			i++
			continue
		}
		j := i + 1
		for j < len(s) && s[j] != '\t' {
			j++
		}
		dst = append(dst, s[i:j]...)
		col += utf8.RuneCountInString(s[i:j])
		i = j
	}
	return dst, col
}
