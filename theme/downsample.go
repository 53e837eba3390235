package theme

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/colorprofile"
)

// Encoder writes rows of drawn text as Encode returns them, card after
// card: no string is made of a card's rows, and each SGR sequence is
// downsampled once for the whole output, not once a card (a million small
// events are 750,000 cards; joining, stripping and splitting each again
// was a fifth of their render).
type Encoder struct {
	p    colorprofile.Profile
	seen map[string]string // each SGR sequence as colorprofile's Writer writes it in p
}

// NewEncoder is an Encoder for profile p.
func NewEncoder(p colorprofile.Profile) *Encoder {
	return &Encoder{p: p, seen: map[string]string{}}
}

// AppendRows appends rows to dst, each ended by a newline: the bytes
// Encode(strings.Join(rows, "\n")+"\n", p) returns (for no rows, an
// empty one).
func (e *Encoder) AppendRows(dst []byte, rows []string) []byte {
	if len(rows) == 0 {
		rows = []string{""}
	}
	start := len(dst)
	for _, r := range rows {
		if e.p == colorprofile.TrueColor { // the Writer forwards it as it is
			dst = append(append(dst, r...), '\n')
			continue
		}
		var ok bool
		if dst, ok = e.appendLine(dst, r); !ok {
			return append(dst[:start], Encode(strings.Join(rows, "\n")+"\n", e.p)...)
		}
		dst = append(dst, '\n')
	}
	return dst
}

// appendLine appends one line of drawn text (printable text and SGR
// sequences) as it is written in the Encoder's profile: each distinct
// sequence handed to colorprofile's Writer once, alone, and the text
// between copied (the Writer copies it unchanged); with no colour at all,
// no sequence and no blanks at the line's end. ok is false for any other
// line (another control, a sequence not SGR, invalid UTF-8), which only the
// Writer, or ansi.Strip, reads.
func (e *Encoder) appendLine(dst []byte, l string) (_ []byte, ok bool) {
	if !utf8.ValidString(l) {
		return dst, false
	}
	start := len(dst)
	for i := 0; i < len(l); {
		j := i
		for j < len(l) && l[j] != 0x1b {
			switch c := l[j]; {
			case c < 0x20, c == 0x7f:
				return dst, false
			case c == 0xc2 && j+1 < len(l) && l[j+1] < 0xa0: // a C1 control (U+0080–U+009F)
				return dst, false
			}
			j++
		}
		dst = append(dst, l[i:j]...)
		if j == len(l) {
			break
		}
		end := sgrEnd(l, j)
		if end < 0 {
			return dst, false
		}
		if e.p > colorprofile.NoTTY {
			dst = append(dst, e.sequence(l[j:end])...)
		}
		i = end
	}
	if e.p <= colorprofile.NoTTY {
		for len(dst) > start && dst[len(dst)-1] == ' ' {
			dst = dst[:len(dst)-1]
		}
	}
	return dst, true
}

// sequence is an SGR sequence as colorprofile's Writer writes it alone.
func (e *Encoder) sequence(seq string) string {
	down, found := e.seen[seq]
	if !found {
		var one strings.Builder
		w := &colorprofile.Writer{Forward: &one, Profile: e.p}
		_, _ = w.WriteString(seq)
		down = one.String()
		e.seen[seq] = down
	}
	return down
}

// downsample is text as colorprofile's Writer writes it in profile p, for
// the text deck draws: printable text, newlines and SGR sequences, where a
// card's thousands of escapes are a few dozen distinct ones (appendLine).
// ok is false for any other text, which only the Writer reads.
func downsample(text string, p colorprofile.Profile) (out string, ok bool) {
	e := NewEncoder(p)
	b := make([]byte, 0, len(text))
	for {
		l, rest, more := strings.Cut(text, "\n")
		if b, ok = e.appendLine(b, l); !ok {
			return "", false
		}
		if !more {
			return string(b), true
		}
		b = append(b, '\n')
		text = rest
	}
}

// sgrEnd is the end of the SGR sequence (ESC [ digits and semicolons m) at
// text[at], or -1 when none starts there.
func sgrEnd(text string, at int) int {
	i := at + 1
	if i >= len(text) || text[i] != '[' {
		return -1
	}
	for i++; i < len(text); i++ {
		switch c := text[i]; {
		case c == 'm':
			return i + 1
		case c != ';' && (c < '0' || c > '9'):
			return -1
		}
	}
	return -1
}
