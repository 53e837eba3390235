package cards

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/deck-tui/deck/theme"
)

// Untrusted text (everything from a session log) enters a card only through
// a textBuilder, once, before it is measured. What reaches the terminal is
// printable text: escape sequences are removed (clean), tabs become spaces to
// the next tab stop, the controls left and invisible characters become
// visible marks, invalid UTF-8 becomes U+FFFD. An escape sequence can
// therefore never reach the terminal from a log. Command output is parsed
// on its own (termout.go), keeping its colours as styles.

// textBuilder builds one line of safe spans from untrusted text.
type textBuilder struct {
	mark theme.Style // style of the visible marks
	tab  int         // tab stop width
	col  int         // cells written so far, for tab stops
	out  line        // the spans before the last

	// limit, when above 0, is about how many cells the line may take (a
	// character is taken for one): the text past it is left out, and
	// skipped counts its bytes. A text whose characters become marks of
	// many cells is made only as far as the card can show it.
	limit, skipped int

	// the last span, while more of its style may come: its first piece,
	// and the whole once a second came (a line of megabytes of words and
	// tabs is one span of many pieces, joined once rather than piece by
	// piece, which was quadratic)
	last      string
	joined    strings.Builder
	lastStyle theme.Style
	open      bool
}

func newText(th *theme.Theme, tab int) *textBuilder {
	return &textBuilder{mark: th.Control, tab: tab}
}

// add appends untrusted text (which holds no newline) in style st.
func (b *textBuilder) add(text string, st theme.Style) {
	text = clean(text)
	b.addSpan(text, 0, len(text), st)
}

// addSpan appends full[from:to], already cleaned of escape sequences, in
// style st. The span is judged in its line: a joiner at its edge may join
// emoji across a syntax token boundary.
func (b *textBuilder) addSpan(full string, from, to int, st theme.Style) {
	text := full[from:to]
	if printableASCII(text) {
		if b.limit > 0 && b.col+len(text) > b.limit {
			n := max(b.limit-b.col, 0)
			b.skipped += len(text) - n
			text = text[:n]
		}
		b.emit(text, st, len(text))
		return
	}
	var run strings.Builder
	flush := func() {
		if run.Len() > 0 {
			s := run.String()
			b.emit(s, st, textWidth(s))
			run.Reset()
		}
	}
	chars := 0 // in run
	for i := from; i < to; {
		if b.limit > 0 && b.col+chars >= b.limit {
			b.skipped += to - i
			break
		}
		r, size := utf8.DecodeRuneInString(full[i:to])
		m := ""
		if r != '\t' {
			m = visibleMark(full, i, size, r)
		}
		switch {
		case r == '\t':
			flush()
			chars = 0
			n := b.tab - b.col%b.tab
			b.emit(strings.Repeat(" ", n), st, n)
		case m == "":
			run.WriteString(full[i : i+size])
			chars++
		default: // a mark, invalid UTF-8's replacement character too: not the text's own
			// character, and drawn as the marks beside it are, one span of them
			// (a megabyte of ESC and bad bytes in turn was a span a character)
			flush()
			chars = 0
			b.emit(m, b.mark, textWidth(m))
		}
		i += size
	}
	flush()
}

func (b *textBuilder) emit(s string, st theme.Style, w int) {
	if s == "" {
		return
	}
	switch {
	case b.open && b.lastStyle == st:
		if b.joined.Len() == 0 {
			b.joined.WriteString(b.last)
		}
		b.joined.WriteString(s)
	default:
		b.close()
		b.last, b.lastStyle, b.open = s, st, true
	}
	b.col += w
}

// close ends the last span.
func (b *textBuilder) close() {
	if !b.open {
		return
	}
	text := b.last
	if b.joined.Len() > 0 {
		text = b.joined.String()
		b.joined.Reset()
	}
	b.out = append(b.out, span{text, b.lastStyle})
	b.last, b.open = "", false
}

// line returns the built line and starts a new one.
func (b *textBuilder) line() line {
	b.close()
	l := b.out
	b.out, b.col = nil, 0
	return l
}

func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7E {
			return false
		}
	}
	return true
}

// invisible names the format characters that change how text reads without
// showing: bidirectional overrides and isolates (Trojan Source), zero-width
// characters, the byte-order mark, line and paragraph separators. markFor
// marks more by code point (tags, hiddenFormat), and visibleMark those that
// hide only in some places (stray variation selectors, a lone braille blank).
var invisible = map[rune]string{
	0x061C: "ALM", 0x200E: "LRM", 0x200F: "RLM",
	0x202A: "LRE", 0x202B: "RLE", 0x202C: "PDF", 0x202D: "LRO", 0x202E: "RLO",
	0x2066: "LRI", 0x2067: "RLI", 0x2068: "FSI", 0x2069: "PDI",
	0x200B: "ZWSP", 0x200C: "ZWNJ", 0x200D: "ZWJ", 0x2060: "WJ", 0xFEFF: "BOM",
	0x2028: "LSEP", 0x2029: "PSEP", 0x00AD: "SHY",
}

// markFor returns the visible mark of a character that must not reach the
// terminal as it is, or "" for an ordinary printable character.
func markFor(r rune) string {
	switch {
	case r == 0:
		return "␀"
	case r == 0x1B:
		return "␛"
	case r == 0x7F:
		return "^?"
	case r < 0x20:
		return "^" + string(rune('@'+r))
	case r >= 0x80 && r <= 0x9F: // C1 controls, which some terminals obey
		return fmt.Sprintf("⟨%X⟩", r)
	}
	if name, ok := invisible[r]; ok {
		return "⟨" + name + "⟩"
	}
	switch {
	case r >= 0xE0000 && r <= 0xE007F: // tags: ASCII no one sees, hidden in text
		if c := r - 0xE0000; c > 0x20 && c < 0x7F {
			return "⟨TAG " + string(c) + "⟩"
		}
		return fmt.Sprintf("⟨TAG %02X⟩", r-0xE0000)
	case hiddenFormat(r):
		return fmt.Sprintf("⟨U+%04X⟩", r)
	case r == kittyPlaceholder:
		return "⟨U+10EEEE⟩"
	}
	return ""
}

// kittyPlaceholder is the cell kitty and Ghostty draw a cell of a picture
// in, the picture its colour names (ui/termimage draws deck's own with it):
// in untrusted text it would show one of the session's pictures where the
// log put it, so it is marked.
const kittyPlaceholder = 0x10EEEE

// hiddenFormat reports the format characters and fillers that draw as
// nothing, or as a blank, and are no one's idea of text: the Mongolian vowel
// separator, the invisible operators, the deprecated shaping controls,
// interlinear annotation, the musical, hieroglyph and shorthand format
// controls, and the Hangul fillers.
func hiddenFormat(r rune) bool {
	switch {
	case r == 0x180E, r >= 0x2061 && r <= 0x2064, r >= 0x206A && r <= 0x206F, r >= 0xFFF9 && r <= 0xFFFB:
		return true
	case r >= 0x1D173 && r <= 0x1D17A, r >= 0x13430 && r <= 0x1345F, r >= 0x1BCA0 && r <= 0x1BCAF:
		return true
	case r == 0x3164, r == 0x115F, r == 0x1160, r == 0xFFA0:
		return true
	}
	return false
}

// isVariationSelector reports U+FE00–FE0F and U+E0100–E01EF.
func isVariationSelector(r rune) bool {
	return (r >= 0xFE00 && r <= 0xFE0F) || (r >= 0xE0100 && r <= 0xE01EF)
}

// strayVariationSelector reports whether the variation selector at text[i:]
// follows nothing it could vary: the start of the text, a space or control,
// another selector (a run of them carries hidden bytes), a mark.
func strayVariationSelector(text string, i int) bool {
	prev, size := utf8.DecodeLastRuneInString(text[:i])
	return i == 0 || prev <= 0x20 || isVariationSelector(prev) || visibleMark(text, i-size, size, prev) != ""
}

// brailleArtReach is how far (in bytes, each way) a blank braille pattern
// looks for dots that make it part of a picture.
const brailleArtReach = 192

// aloneBrailleBlank reports whether the blank braille pattern U+2800 at
// text[i:i+3] stands in no braille picture: no pattern with dots in its run
// of braille within reach. Alone it is a blank that passes for a space, or
// for nothing (a title of blanks).
func aloneBrailleBlank(text string, i int) bool {
	isBraille := func(r rune) bool { return r >= 0x2800 && r <= 0x28FF }
	for j := i; j > 0 && i-j < brailleArtReach; {
		r, size := utf8.DecodeLastRuneInString(text[:j])
		if !isBraille(r) {
			break
		}
		if r != 0x2800 {
			return false
		}
		j -= size
	}
	for j := i + 3; j < len(text) && j-i < brailleArtReach; {
		r, size := utf8.DecodeRuneInString(text[j:])
		if !isBraille(r) {
			break
		}
		if r != 0x2800 {
			return false
		}
		j += size
	}
	return true
}

// subdivisionFlags are the flags written as 🏴 and tag letters that Unicode
// recommends for general interchange: England, Scotland, Wales. Their tags
// spell a region's code and draw as the flag; any other run of tags is
// hidden text.
var subdivisionFlags = map[string]bool{"gbeng": true, "gbsct": true, "gbwls": true}

// inSubdivisionFlag reports whether the tag character at text[i:] belongs
// to one of the subdivisionFlags: 🏴, the tag letters of its code, the
// cancel tag.
func inSubdivisionFlag(text string, i int) bool {
	start := i
	for start > 0 { // back over the tags before it, to the black flag
		r, size := utf8.DecodeLastRuneInString(text[:start])
		if r < 0xE0020 || r > 0xE007E || i-start > 4*6 {
			break
		}
		start -= size
	}
	if flag, size := utf8.DecodeLastRuneInString(text[:start]); flag != 0x1F3F4 || size == 0 {
		return false
	}
	var code strings.Builder
	for j := start; j < len(text) && code.Len() <= 6; {
		r, size := utf8.DecodeRuneInString(text[j:])
		switch {
		case r == 0xE007F:
			return j >= i && subdivisionFlags[code.String()]
		case r >= 0xE0020 && r <= 0xE007E:
			code.WriteRune(r - 0xE0000)
		default:
			return false
		}
		j += size
	}
	return false
}

// variationMark names a variation selector: VS1–VS256.
func variationMark(r rune) string {
	if r <= 0xFE0F {
		return fmt.Sprintf("⟨VS%d⟩", r-0xFE00+1)
	}
	return fmt.Sprintf("⟨VS%d⟩", r-0xE0100+17)
}

// joinsEmoji reports whether the zero-width joiner at text[i:i+size] sits
// between two emoji, where it is part of one picture (👩‍💻) and harmless.
func joinsEmoji(text string, i, size int) bool {
	prev, _ := utf8.DecodeLastRuneInString(text[:i])
	next, _ := utf8.DecodeRuneInString(text[i+size:])
	return isEmoji(prev) && isEmoji(next)
}

func isEmoji(r rune) bool {
	return (r >= 0x1F000 && r <= 0x1FAFF) || (r >= 0x2600 && r <= 0x27BF) || r == 0xFE0F
}

// safeLine makes one line of untrusted text in style st; newlines in it
// become spaces (titles, paths, one-line summaries).
func safeLine(th *theme.Theme, text string, st theme.Style) line {
	b := newText(th, 4)
	b.add(strings.ReplaceAll(text, "\n", " "), st)
	return b.line()
}

// visibleMark returns the mark for the rune at text[i:i+size], or "" when it
// may be printed as it is. Newlines and tabs are the caller's to handle.
func visibleMark(text string, i, size int, r rune) string {
	switch {
	case r == utf8.RuneError && size == 1:
		return "\uFFFD"
	case r == 0x200D && joinsEmoji(text, i, size):
		return ""
	case isVariationSelector(r):
		if strayVariationSelector(text, i) {
			return variationMark(r)
		}
		return ""
	case r >= 0xE0000 && r <= 0xE007F && inSubdivisionFlag(text, i):
		return ""
	case r == 0x2800:
		if aloneBrailleBlank(text, i) {
			return "⟨U+2800⟩"
		}
		return ""
	}
	return markFor(r)
}

// Hidden reports a character the sanitiser marks in some place or in all:
// a control, a bidirectional or invisible format character, a variation
// selector, a braille blank. Output for machines (JSON) writes these as
// escapes instead, which keep the value and show nothing a terminal obeys.
func Hidden(r rune) bool {
	return markFor(r) != "" || isVariationSelector(r) || r == 0x2800
}

// Safe makes untrusted text printable on one line, with no style: for
// places outside a card (a status bar, a window title).
func Safe(text string) string { return safeLine(theme.Dark(), text, theme.Style{}).plain() }

// SafeRows is Safe wrapped in rows of at most width cells, broken after
// spaces where it can: for a message outside a card too long for a row.
func SafeRows(text string, width int) []string {
	var rows []string
	for _, r := range safeLine(theme.Dark(), text, theme.Style{}).wrapWords(width) {
		rows = append(rows, r.plain())
	}
	return rows
}
