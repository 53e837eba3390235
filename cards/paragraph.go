package cards

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// A huge top-level paragraph of plain words (plainParagraph) is laid out
// in pieces too, cut between two of its rows: such a paragraph is wrapped
// greedily (mdwrap.go), row after row, each row styled alike, so the
// rows of a prefix of it but the last are the whole's first rows, and the
// rest, laid out from where that last row starts, gives the rows after
// them (a word too long for a row is broken into rows of its characters
// in order, in a prefix as in the whole). Where the next piece starts is
// read from the rows' visible text against the source; where a row does
// not map to it exactly, the rest of the paragraph is one piece
// (TestPiecesAreTheWhole, FuzzPlainParagraphPiecesAreTheWhole).

// plainBytes is the least paragraph cut between its rows: one that fits
// in a few pieces is laid out whole.
const plainBytes = 32 << 10

// plainParagraph reports whether s is one paragraph of plain words, blank
// space after it aside: it starts with a letter and holds only letters,
// digits, single spaces and punctuation no Markdown or autolink reads
// (never a "www."), so no part of it is anything but text.
func plainParagraph(s string) bool {
	s = strings.TrimRight(s, " \n")
	if s == "" || !isLetter(s[0]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch b := s[i]; {
		case isLetter(b) || b >= '0' && b <= '9' || strings.IndexByte(`,;?'"-`, b) >= 0:
		case b == ' ':
			if s[i-1] == ' ' {
				return false
			}
		case b == '.':
			if i >= 3 && strings.EqualFold(s[i-3:i], "www") {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// paragraphStep lays out a prefix of the plain paragraph text[at:end]
// (at the start of one of its rows) well past a piece's worth of text,
// and returns the rows that end before the prefix's last word, and where
// the row after them starts in text; ok is false where the rest is better
// laid out whole: it is short, or its rows do not map to the text exactly.
func (m mdText) paragraphStep(at, end int) (rows []string, next int, ok bool) {
	stop := at + max(pieceBytes, 16*m.width)
	if end-stop < pieceBytes {
		return nil, 0, false
	}
	if sp := strings.IndexByte(m.text[stop:stop+pieceBytes], ' '); sp >= 0 {
		stop += sp // at a word's end
	} else { // inside a long word, leaving more of it than a row holds, as the whole word is more
		word := at + strings.LastIndexByte(m.text[at:stop], ' ') + 1
		stop = max(stop, word+4*m.width)
		if end-stop < pieceBytes || strings.IndexByte(m.text[word:stop], ' ') >= 0 {
			return nil, 0, false
		}
	}
	laid := m.layout(m.text[at:stop])
	// Where each row with text starts in text; the rows must be the text's
	// characters in order, single spaces between rows dropped.
	var starts, index []int
	pos, margin, gap := at, -1, false
	for i, r := range laid {
		v := ansi.Strip(r)
		if v == "" {
			gap = len(starts) > 0
			continue
		}
		if gap {
			return nil, 0, false // a blank row inside the paragraph
		}
		if margin < 0 {
			margin = len(v) - len(strings.TrimLeft(v, " "))
		}
		if len(v) <= margin || strings.TrimLeft(v[:margin], " ") != "" || !strings.HasPrefix(m.text[pos:stop], v[margin:]) {
			return nil, 0, false
		}
		starts, index = append(starts, pos), append(index, i)
		pos += len(v) - margin
		if pos < stop && m.text[pos] == ' ' {
			pos++
		}
	}
	// glamour draws a text's last word apart from the words before it,
	// which changes the row that the space before it ends: keep the rows
	// that end before that space (all but the last where there is none),
	// and start the next piece at the row after them.
	limit := stop
	if sp := strings.LastIndexByte(m.text[at:stop], ' '); sp >= 0 {
		limit = at + sp
	}
	for r := len(starts) - 2; r >= 1; r-- {
		if starts[r] >= limit || !isLetter(m.text[starts[r]]) {
			continue // reached by the last word, or a row that could start a list or so
		}
		return laid[:index[r]], starts[r], true
	}
	return nil, 0, false
}
