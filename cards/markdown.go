package cards

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/theme"
)

// markdown renders untrusted Markdown as lines of at most width cells
// (cells wider than width, at widths under 2, go alone). The text is made
// safe first (controls become visible marks), bounded (nesting flattened,
// code whose lexing would explode left unlexed, a block whose inline
// markup nests too deep drawn as plain text, each said in a note under
// it), and glamour's output is made safe again: it keeps only its own
// colours, links show their URL as text, never as an OSC 8 sequence, and
// what character references decode to is marked as raw text is. It is the
// rows of its pieces (pieces.go), then the notes.
func markdown(th *theme.Theme, text string, width int, dim bool) []string {
	return markdownRows(prepareMarkdown(th, text, width, dim))
}

// markdownRows lays out every piece.
func markdownRows(m mdText) []string {
	l := mdLayout{m: m}
	var lines []string
	for l.more() {
		lines = append(lines, l.next()...)
	}
	return append(lines, l.m.noteRows()...)
}

// mdText is a Markdown text made ready for glamour: sanitised, bounded,
// the characters glamour would mangle swapped for stand-ins; mdLayout
// cuts it into pieces that lay out as the whole does.
type mdText struct {
	th          *theme.Theme
	width       int
	dim, lex    bool
	standIns    *strings.Replacer // puts back the clusters swapped for stand-ins, if any
	backslashes bool              // the backslashes too
	inline      bool              // a piece's markup drawn as plain text (capInline): stand-ins to swap back
	text        string            // glamour's input; empty when there is nothing to draw
	least       int               // the least bytes of a piece: pieceBytes
	linkDefs    bool              // it may define link references: one piece
	notes       []string
}

func prepareMarkdown(th *theme.Theme, text string, width int, dim bool) mdText {
	text = safeMarkdown(text)
	text, lex, notes := boundMarkdown(text)
	for _, lang := range fenceLangs(text) { // glamour lexes code blocks: ready their lexers first
		budgetFence(lang)
	}
	m := mdText{th: th, width: max(width, 1), dim: dim, lex: lex, least: pieceBytes, notes: notes}
	if strings.TrimSpace(text) == "" {
		return m
	}
	text, m.standIns = hideClusters(text)
	text, m.backslashes = hideBackslashes(text, lex)
	m.text, m.linkDefs = text, mayDefineLinks(text)
	return m
}

// layout renders one piece as rows, blank ones at its ends included
// (mdLayout drops the text's); when glamour fails, the text itself,
// wrapped.
func (m mdText) layout(piece string) []string {
	if rows, ok := m.plainRow(piece); ok {
		return rows
	}
	return m.glamourRows(piece)
}

// glamourRows is layout's drawing by glamour (mdblocks.go); when glamour
// fails, the text itself, wrapped.
func (m mdText) glamourRows(piece string) []string {
	var lines []string
	if rows, ok := m.blockRows(piece); ok {
		for _, r := range rows { // a container's marks alone may be wider than a narrow card
			lines = append(lines, fitRow(r, m.width)...)
		}
		return lines
	}
	text := m.shown(strings.TrimRight(piece, "\n"))
	st := m.th.Text
	if m.dim {
		st = m.th.Muted
	}
	for _, l := range strings.Split(text, "\n") {
		for _, row := range safeLine(m.th, l, st).wrap(m.width) {
			lines = append(lines, row.String())
		}
	}
	return lines
}

// shown swaps the stand-ins back.
func (m mdText) shown(s string) string {
	if m.standIns != nil {
		s = m.standIns.Replace(s)
	}
	if m.backslashes {
		s = strings.ReplaceAll(s, string(backslashStandIn), `\`)
	}
	if m.inline {
		s = showInline.Replace(s)
	}
	return s
}

// noteRows are the notes under the text, dim and wrapped.
func (m mdText) noteRows() []string {
	var rows []string
	for _, n := range m.notes {
		for _, row := range (line{{n, m.th.Muted}}).wrapWords(m.width) {
			rows = append(rows, row.String())
		}
	}
	return rows
}

// boundMarkdown keeps glamour's work bounded: nesting past the caps is
// flattened, and it says whether the code would cost a lexer too much
// (counted as highlighting counts it) or a fence names a language too long
// to look up, when glamour must not lex any. It returns the notes that say
// so.
func boundMarkdown(text string) (string, bool, []string) {
	var notes []string
	text, flat := flattenNesting(text)
	if flat {
		notes = append(notes, fmt.Sprintf("quotes and lists nested over %d deep are flattened", maxMarkdownDepth))
	}
	lex := true
	switch {
	case backslashSteps(text) > maxBackslashSteps:
		lex = false
		notes = append(notes, "code not highlighted: too many backslashes in a row")
	case longLangName(text):
		lex = false
		notes = append(notes, "code "+langNameNote)
	}
	return text, lex, notes
}

// backslashStandIn is a private-use character, one cell wide like a
// backslash, that Markdown gives no meaning.
const backslashStandIn = '\uE05C'

// hideBackslashes swaps the backslashes of text for their stand-in when its
// code is not lexed: glamour draws unlexed code through its escape
// replacer, which halves a run of backslashes. Escapes in its prose then
// show as written. False when nothing was swapped.
func hideBackslashes(text string, lex bool) (string, bool) {
	if lex || strings.ContainsRune(text, backslashStandIn) {
		return text, false
	}
	return strings.ReplaceAll(text, `\`, string(backslashStandIn)), true
}

// expandTabs turns the tabs glamour leaves in a rendered row (in code) into
// spaces to the next 4-column stop, as text elsewhere in a card: a raw tab
// would move the terminal's cursor past the width the row was measured at.
func expandTabs(l string) string {
	if !strings.Contains(l, "\t") {
		return l
	}
	var b strings.Builder
	col := 0
	var state byte
	p := ansi.GetParser()
	defer ansi.PutParser(p)
	for s := l; len(s) > 0; {
		seq, w, n, next := ansi.DecodeSequence(s, state, p)
		if n == 0 {
			break
		}
		if seq == "\t" {
			pad := 4 - col%4
			b.WriteString(strings.Repeat(" ", pad))
			col += pad
		} else {
			b.WriteString(seq)
			col += w
		}
		s, state = s[n:], next
	}
	return b.String()
}

// splitRow cuts a rendered row (text and SGR) after width cells, on a
// grapheme boundary, measured as Width measures (glamour wraps by clusters
// alone, and x/ansi counts a keycap one cell narrower). A cluster wider
// than width comes in pieces (clustersWithin), a piece wider still alone, so
// the rest is always shorter. Every style sequence is kept on both sides,
// as Truncate keeps them, so each side carries the styles the row set.
func splitRow(l string, width int) (head, rest string) {
	var h, r, text strings.Builder
	col, cut := 0, false
	flush := func() { // the text since the last style, by grapheme cluster
		clustersWithin(text.String(), width, func(c string, cw int) {
			if !cut && col+cw > width && col > 0 {
				cut = true
			}
			if cut {
				r.WriteString(c)
			} else {
				h.WriteString(c)
				col += cw
			}
		})
		text.Reset()
	}
	var state byte
	p := ansi.GetParser()
	defer ansi.PutParser(p)
	for s := l; len(s) > 0; {
		seq, _, n, next := ansi.DecodeSequence(s, state, p)
		if n == 0 {
			break
		}
		if ansi.HasCsiPrefix(seq) { // keepSGR left only styles
			flush()
			h.WriteString(seq)
			r.WriteString(seq)
		} else {
			text.WriteString(seq)
		}
		s, state = s[n:], next
	}
	flush()
	return h.String(), r.String()
}

// fenceLangs lists the languages of the fenced code blocks in Markdown
// (a line of backticks with more after them is a fence only when no
// backtick follows: it is code spans else).
func fenceLangs(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimLeft(l, " ")
		for _, fence := range []string{"```", "~~~"} {
			if rest, ok := strings.CutPrefix(l, fence); ok {
				rest = strings.TrimLeft(rest, fence[:1])
				if fence == "```" && strings.Contains(rest, "`") {
					continue
				}
				if f := strings.Fields(rest); len(f) > 0 {
					out = append(out, f[0])
				}
			}
		}
	}
	return out
}

// safeMarkdown removes escape sequences, line by line, replaces every
// control and invisible character except newlines and tabs by its visible
// mark, and normalises line ends.
func safeMarkdown(text string) string {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	if hasEscapes(text) {
		lines := strings.Split(text, "\n")
		for i, l := range lines {
			lines[i] = clean(l)
		}
		text = strings.Join(lines, "\n")
	}
	return markText(text)
}

// keepSGR drops every escape sequence but colours and styles (SGR), and
// marks every control and invisible character in the text as the sanitiser
// does: goldmark decodes character references (`&#x202E;`) after
// safeMarkdown ran, so its output is untrusted text too.
func keepSGR(s string) string {
	var b, text strings.Builder
	flush := func() {
		b.WriteString(markText(text.String()))
		text.Reset()
	}
	var state byte
	p := ansi.GetParser()
	defer ansi.PutParser(p)
	for len(s) > 0 {
		seq, _, n, newState := ansi.DecodeSequence(s, state, p)
		if n == 0 {
			break
		}
		switch {
		case ansi.HasCsiPrefix(seq):
			if p.Command() == 'm' {
				flush()
				b.WriteString(seq)
			}
		case ansi.HasEscPrefix(seq) || ansi.HasOscPrefix(seq) || ansi.HasDcsPrefix(seq) ||
			ansi.HasApcPrefix(seq) || ansi.HasSosPrefix(seq) || ansi.HasPmPrefix(seq) || ansi.HasStPrefix(seq):
		default:
			text.WriteString(seq)
		}
		s, state = s[n:], newState
	}
	flush()
	return b.String()
}

// markText replaces the controls and invisible characters of text (but
// newlines and tabs) by their visible marks.
func markText(text string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if r != '\n' && r != '\t' {
			if m := visibleMark(text, i, size, r); m != "" {
				b.WriteString(text[last:i])
				b.WriteString(m)
				last = i + size
			}
		}
		i += size
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}

// trimRightSpace drops the trailing blanks glamour pads its lines with, and
// the styles that only painted them.
func trimRightSpace(l string) string {
	plain := ansi.Strip(l)
	if strings.TrimRight(plain, " ") == plain {
		return l
	}
	keep := textWidth(strings.TrimRight(plain, " "))
	if keep == 0 {
		return ""
	}
	return trimTrailingSGR(Truncate(l, keep, "")) + theme.Reset
}

// trimTrailingSGR drops the style sequences at the end of a line, which
// style nothing.
func trimTrailingSGR(l string) string {
	for strings.HasSuffix(l, "m") {
		i := strings.LastIndex(l, "\x1b[")
		if i < 0 || strings.Trim(l[i+2:len(l)-1], "0123456789;:") != "" {
			break
		}
		l = l[:i]
	}
	return l
}
