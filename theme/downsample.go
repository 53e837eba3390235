package theme

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/colorprofile"
)

// downsample is text as colorprofile's Writer writes it in profile p, for
// the text deck draws: printable text, newlines and SGR sequences, where a
// card's thousands of escapes are a few dozen distinct ones. Each distinct
// sequence is handed to the Writer once, alone, and the rest is copied as
// the Writer copies it. ok is false for any other text (another control, a
// sequence not SGR, invalid UTF-8), which only the Writer reads.
func downsample(text string, p colorprofile.Profile) (out string, ok bool) {
	if !utf8.ValidString(text) {
		return "", false
	}
	var b strings.Builder
	b.Grow(len(text))
	seen := map[string]string{}
	for i := 0; i < len(text); {
		j := i
		for j < len(text) && text[j] != 0x1b {
			switch c := text[j]; {
			case c < 0x20 && c != '\n', c == 0x7f:
				return "", false
			case c == 0xc2 && j+1 < len(text) && text[j+1] < 0xa0: // a C1 control (U+0080–U+009F)
				return "", false
			}
			j++
		}
		b.WriteString(text[i:j])
		if j == len(text) {
			break
		}
		end := sgrEnd(text, j)
		if end < 0 {
			return "", false
		}
		seq := text[j:end]
		down, found := seen[seq]
		if !found {
			var one strings.Builder
			w := &colorprofile.Writer{Forward: &one, Profile: p}
			_, _ = w.WriteString(seq)
			down = one.String()
			seen[seq] = down
		}
		b.WriteString(down)
		i = end
	}
	return b.String(), true
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
