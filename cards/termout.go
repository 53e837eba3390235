package cards

import (
	"image/color"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/theme"
)

// termStyle is the SGR state of command output.
type termStyle struct {
	fg, bg                                          color.Color
	bold, faint, italic, underline, strike, reverse bool
}

// cell is one grapheme of a row of output, as a terminal would hold it:
// its style is an index into the parser's looks, so a row of a million
// cells stays small.
type cell struct {
	text string
	look int32
}

// termParser turns command output into rows as a terminal would show them:
// colours and text attributes (SGR) are kept, the 16 basic colours mapped
// onto the theme; blink and conceal are dropped, and colours that would
// hide the text are not drawn (theme.Readable); every other escape (cursor
// motion, modes, titles, OSC, DCS, APC) is removed; a bare \r returns to the
// start of the row and later text overwrites it, \b steps back one cell;
// other controls become visible marks.
type termParser struct {
	th     *theme.Theme
	style  termStyle
	ids    map[termStyle]int32   // a style's index in looks; nil while there is one
	looks  []theme.Style         // each distinct theme style output was drawn in, once
	lookOf map[theme.Style]int32 // a theme style's index in looks; nil while there is one
	first  termStyle             // the style of looks[0]
	last   termStyle             // the style last looked up, and its index:
	lastID int32                 // a run of text asks for the same one again and again
	one    [1]theme.Style        // looks while there is one: most output has no style of its own
	row    []cell
	col    int
	rows   []line
	link   string // the URL of a hyperlink still open on this row
}

func newTermParser(th *theme.Theme) *termParser {
	p := termParsers.Get().(*termParser)
	*p = termParser{th: th, lastID: -1, row: p.row[:0]}
	p.looks = p.one[:0]
	return p
}

// termParsers are parsers termLines is done with: a command's card parses
// its output with one, and a million small events are 250,000 commands.
var termParsers = sync.Pool{New: func() any { return new(termParser) }}

// release puts a parser whose rows were taken back in the pool, keeping
// its row of cells (a long line's not), holding no text.
func (p *termParser) release() {
	row := p.row[:cap(p.row)]
	clear(row)
	if cap(row) > maxKeptBuffer/16 {
		row = nil
	}
	*p = termParser{row: row[:0]}
	termParsers.Put(p)
}

// termLines parses output into rows of spans.
func termLines(th *theme.Theme, out string) []line {
	out = strings.TrimSuffix(out, "\n")
	if out == "" {
		return nil
	}
	p := newTermParser(th)
	defer p.release()
	for _, l := range strings.Split(out, "\n") {
		p.line(l)
	}
	return p.rows
}

func (p *termParser) line(l string) {
	if !hasEscapes(l) && !strings.ContainsAny(l, "\r\b") && utf8.ValidString(l) { // the common case, cheaply
		b := newText(p.th, 8)
		b.add(l, p.looks[p.look(p.style)])
		p.rows = append(p.rows, b.line())
		return
	}
	l = c1Bytes(l)      // C1 code points act as the controls they are
	whole, text := l, 0 // the line, and where its text since the last sequence starts
	// a cell a byte, most often: the row grows once
	p.row, p.col = slices.Grow(p.row[:0], len(l)), 0
	var state byte
	parser := ansi.GetParser()
	defer ansi.PutParser(parser)
	for len(l) > 0 {
		seq, n, newState := decodeSafely(l, state, nil) // no parser: see maxParams
		if n == 0 {
			break
		}
		switch {
		case ansi.HasCsiPrefix(seq) || (len(seq) > 0 && seq[0] == 0x9B):
			if params, ok := sgrParams(seq, parser); ok {
				p.sgr(params)
			}
		case isSequence(seq):
			// ESC sequences, OSC, DCS, SOS, PM, APC: dropped with their bodies;
			// a hyperlink's URL shows as text after the link
			if url, ok := hyperlink(seq); ok {
				if p.link != "" {
					p.text(" (" + p.link + ")")
				}
				p.link = url
			}
		case len(seq) == 1 && seq[0] >= 0x80 && seq[0] <= 0x9F:
			p.text(string(rune(seq[0]))) // a lone C1 control, shown as its mark
		case seq == "\r":
			p.col = 0
		case seq == "\b":
			p.col = max(p.col-1, 0)
		case seq == "\t":
			for n := 8 - p.col%8; n > 0; n-- {
				p.put(" ", p.style)
			}
		default:
			at := len(whole) - len(l) - text
			p.textIn(whole[text:], at, at+len(seq))
		}
		if isSequence(seq) {
			text = len(whole) - len(l) + n
		}
		l, state = l[n:], newState
	}
	if p.link != "" {
		p.text(" (" + p.link + ")")
		p.link = ""
	}
	p.flushRow()
}

// text puts printable text (or a control, as its mark) at the cursor.
func (p *termParser) text(s string) { p.textIn(s, 0, len(s)) }

// textIn is text for line[from:to], judged in its line (a braille blank
// inside a picture, a selector after what it varies).
func (p *termParser) textIn(line string, from, to int) {
	s := line[:to]
	for i := from; i < to; {
		r, size := utf8.DecodeRuneInString(s[i:])
		if m := visibleMark(line, i, size, r); m != "" {
			// an invalid byte's U+FFFD is a mark as a control's is: a run of
			// both in turn is one span, not one a character
			st := termStyle{fg: p.th.Palette.Special, bold: true}
			for k, c := range m {
				p.put(m[k:k+utf8.RuneLen(c)], st) // a slice of the mark: no string per cell
			}
			i += size
			continue
		}
		// the rest of this cluster, as one cell
		j := i + size
		for j < to {
			r2, size2 := utf8.DecodeRuneInString(s[j:])
			if visibleMark(line, j, size2, r2) != "" {
				break
			}
			j += size2
		}
		clusters(s[i:j], func(c string, _ int) { p.put(c, p.style) })
		i = j
	}
}

func (p *termParser) put(text string, st termStyle) {
	c := cell{text, p.look(st)}
	if p.col < len(p.row) {
		p.row[p.col] = c
	} else {
		p.row = append(p.row, c)
	}
	p.col++
}

// look is the index in looks of the theme style st is drawn in, made
// once per style.
func (p *termParser) look(st termStyle) int32 {
	if p.lastID >= 0 && st == p.last {
		return p.lastID
	}
	if len(p.looks) == 0 { // the first: no map until there is a second
		p.looks = append(p.looks, p.themed(st))
		p.first, p.last, p.lastID = st, st, 0
		return 0
	}
	if p.ids == nil {
		p.ids = map[termStyle]int32{p.first: 0}
		p.lookOf = map[theme.Style]int32{p.looks[0]: 0}
	}
	id, ok := p.ids[st]
	if !ok {
		t := p.themed(st)
		if id, ok = p.lookOf[t]; !ok {
			id = int32(len(p.looks))
			p.looks = append(p.looks, t)
			p.lookOf[t] = id
		}
		p.ids[st] = id
	}
	p.last, p.lastID = st, id
	return id
}

// flushRow ends the row: each run of cells of one style becomes one span,
// its text joined once (adding cell by cell would copy a long run again
// for every cell).
func (p *termParser) flushRow() {
	var l line
	var b strings.Builder
	for i := 0; i < len(p.row); {
		j := i
		for j < len(p.row) && p.row[j].look == p.row[i].look {
			b.WriteString(p.row[j].text)
			j++
		}
		l = append(l, span{b.String(), p.looks[p.row[i].look]})
		b = strings.Builder{}
		i = j
	}
	p.rows = append(p.rows, l)
}

// plainLooks are the look of output's text in no style of its own, by the
// palette's text colour, the one thing it depends on: made once, not for
// every command's card.
var plainLooks sync.Map // color.Color → theme.Style

// themed turns output's SGR state into a theme style.
func (p *termParser) themed(s termStyle) theme.Style {
	if s != (termStyle{}) {
		return p.themedAnew(s)
	}
	if t, ok := plainLooks.Load(p.th.Palette.Fg); ok {
		return t.(theme.Style)
	}
	t := p.themedAnew(s)
	plainLooks.Store(p.th.Palette.Fg, t)
	return t
}

// themedAnew is themed, made.
func (p *termParser) themedAnew(s termStyle) theme.Style {
	fg, bg := p.th.Readable(s.fg, s.bg, theme.TerminalProfiles)
	st := theme.Style{Fg: fg, Bg: bg, Bold: s.bold, Faint: s.faint, Italic: s.italic,
		Underline: s.underline, Strike: s.strike, Reverse: s.reverse}
	if st.Fg == nil && !s.reverse {
		st.Fg = p.th.Palette.Fg
	}
	return st.Make()
}

// sgr applies one SGR sequence to the style state.
func (p *termParser) sgr(params ansi.Params) {
	if len(params) == 0 {
		p.style = termStyle{}
		return
	}
	for i := 0; i < len(params); i++ {
		switch n := params[i].Param(0); {
		case n == 0:
			p.style = termStyle{}
		case n == 1:
			p.style.bold = true
		case n == 2:
			p.style.faint = true
		case n == 3:
			p.style.italic = true
		case n == 4:
			p.style.underline = true
		case n == 7:
			p.style.reverse = true
		case n == 9:
			p.style.strike = true
		case n == 22:
			p.style.bold, p.style.faint = false, false
		case n == 23:
			p.style.italic = false
		case n == 24:
			p.style.underline = false
		case n == 27:
			p.style.reverse = false
		case n == 29:
			p.style.strike = false
		case n >= 30 && n <= 37:
			p.style.fg = p.th.ANSIColor(n - 30)
		case n >= 90 && n <= 97:
			p.style.fg = p.th.ANSIColor(n - 90 + 8)
		case n >= 40 && n <= 47:
			p.style.bg = p.th.ANSIColor(n - 40)
		case n >= 100 && n <= 107:
			p.style.bg = p.th.ANSIColor(n - 100 + 8)
		case n == 39:
			p.style.fg = nil
		case n == 49:
			p.style.bg = nil
		case n == 38 || n == 48 || n == 58:
			var c color.Color
			used := ansi.ReadStyleColor(params[i:], &c)
			if used > 0 {
				i += used - 1
			}
			c = p.mapColor(c)
			switch n {
			case 38:
				p.style.fg = c
			case 48:
				p.style.bg = c
			}
		}
		// 5 and 6 (blink) and 8 (conceal) are dropped on purpose: output must
		// neither flash nor hide text from the reader.
	}
}

// mapColor maps the 16 basic colours of a 256-colour index onto the theme.
func (p *termParser) mapColor(c color.Color) color.Color {
	switch v := c.(type) {
	case ansi.BasicColor:
		return p.th.ANSIColor(int(v))
	case ansi.IndexedColor:
		if v < 16 {
			return p.th.ANSIColor(int(v))
		}
	}
	return c
}
