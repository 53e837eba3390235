package cards

import (
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	gmtext "github.com/yuin/goldmark/text"
)

// A huge Markdown text is laid out in pieces, so that a card stops laying
// it out at the display cap, and a viewer lays out only the pieces it
// shows. A piece ends before a paragraph of the document's top level that
// starts a line after a blank line and follows a block glamour draws alike
// whatever follows it (cutAfter): nothing before such a paragraph reaches
// past it or into it, so glamour draws each piece as it draws it in the
// whole, and the pieces' rows one after the other are the whole's, byte
// for byte (TestPiecesAreTheWhole, FuzzPiecesAreTheWhole). Where the blocks
// are is asked of goldmark with glamour's own extensions, never guessed
// from the lines: a fence, an HTML block or a list item may hold blank
// lines. It is asked of a window of the text after the last cut, never of
// the whole text, so the first screen of a huge text costs a window: the
// text after a cut parses as it does in the whole, and a block the
// window's end may have cut short (its last two) is never cut before. A
// text that may define link references is one piece, as a definition
// serves links anywhere in it.

// pieceBytes is the least text of a piece: a few screens of prose (each
// piece costs a glamour call), so a short text is one piece as before.
const pieceBytes = 4 << 10

// mdBlocks parses as glamour parses (glamour.NewTermRenderer's parser).
var mdBlocks = goldmark.New(goldmark.WithExtensions(extension.GFM, extension.DefinitionList)).Parser()

// cuts are where the pieces of text that start at from end, as far as
// one window after from shows: each before a paragraph fit to start one,
// at least least bytes after the last, leaving at least least bytes after
// it; the text's end when there is none. Given relax, once a window of
// relaxBytes (or the rest of the text) holds no such cut, they are relax's
// cuts in it, when it has any (mdbig.go).
func cuts(text string, from, least int, relax func(doc ast.Node, src []byte, whole bool) []int) []int {
	least = max(least, 1)
	if len(text)-from < 2*least {
		return []int{len(text)}
	}
	for window := 4 * max(least, pieceBytes); ; window *= 2 {
		end := len(text)
		if from+window < len(text) {
			if nl := strings.IndexByte(text[from+window:], '\n'); nl >= 0 {
				end = from + window + nl + 1
			}
		}
		src := []byte(text[from:end])
		doc := mdBlocks.Parse(gmtext.NewReader(src))
		var blocks []ast.Node
		for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
			blocks = append(blocks, n)
		}
		if end < len(text) { // the last two may be cut short by the window, or be another kind in the whole
			blocks = blocks[:max(len(blocks)-2, 0)]
		}
		var out []int
		last := 0
		for _, n := range blocks {
			p, ok := n.(*ast.Paragraph)
			if prev := n.PreviousSibling(); !ok || prev == nil || !cutAfter[prev.Kind()] || p.Lines().Len() == 0 {
				continue
			}
			at := p.Lines().At(0).Start
			if at-last < least || at < 2 || src[at-1] != '\n' || src[at-2] != '\n' {
				continue // too soon, or not at its line's start after a blank line
			}
			if len(text)-(from+at) < least {
				return append(out, len(text))
			}
			out, last = append(out, from+at), at
		}
		if len(out) > 0 {
			return out
		}
		if relax != nil && (window >= relaxBytes || end == len(text)) {
			if out := relax(doc, src, end == len(text)); len(out) > 0 {
				return out
			}
		}
		if end == len(text) {
			return []int{len(text)}
		}
	}
}

// cutAfter are the blocks a piece may end with: those glamour draws alike
// whatever follows them. A heading is not (it ends by a style pair where a
// paragraph follows it), nor is raw HTML (drawn as text where it ends a
// document), nor any other block, untried.
var cutAfter = map[ast.NodeKind]bool{
	ast.KindParagraph: true, ast.KindList: true, ast.KindBlockquote: true,
	ast.KindFencedCodeBlock: true, ast.KindCodeBlock: true, ast.KindThematicBreak: true,
	east.KindTable: true,
}

// mayDefineLinks reports whether a line of text may be a link reference
// definition (`[label]: url`), wherever it is.
func mayDefineLinks(text string) bool {
	for l := range strings.Lines(text) {
		l = strings.TrimLeft(l, " ")
		if strings.HasPrefix(l, "[") && strings.Contains(l, "]:") {
			return true
		}
	}
	return false
}

// mdLayout lays a text's pieces out one after the other, as the rows of
// the whole: the blank row after a piece's last block is the gap before
// the next, and those at the text's ends are left out.
type mdLayout struct {
	m        mdText
	at       int        // the bytes of text laid out
	cuts     []int      // where the next pieces end, as far as known
	para     int        // where the plain paragraph being cut between its rows ends (paragraph.go); 0 outside one
	paraFrom int        // where it starts
	pieces   int        // how many pieces
	started  bool       // a row with text was handed out
	blank    []string   // blank rows held back until a row with text follows
	big      []bigBlock // the blocks over maxPieceBytes deck draws itself (mdbig.go)
	unread   int        // bytes of a big block past what the display cap shows
}

// more reports whether text is left.
func (l *mdLayout) more() bool { return l.at < len(l.m.text) }

// next lays out the next piece and returns its rows.
func (l *mdLayout) next() []string {
	text := l.m.text
	if l.para == 0 && len(l.cuts) == 0 {
		switch {
		case len(text)-l.at > plainBytes && plainParagraph(text[l.at:]):
			l.para, l.paraFrom = len(text), l.at // one paragraph to the end: no need to parse it
		case l.m.linkDefs:
			l.cuts = []int{len(text)}
		default:
			l.cuts = cuts(text, l.at, l.m.least, l.relaxed)
		}
	}
	if l.para == 0 {
		cut := l.cuts[0]
		l.cuts = l.cuts[1:]
		if l.tooBig(cut) {
			if b, ok := l.bigAt(cut); ok {
				return l.take(l.drawBig(b), cut, false)
			}
			l.split(cut)
			return l.next()
		}
		if cut-l.at <= plainBytes || !plainParagraph(text[l.at:cut]) {
			return l.take(l.layout(text[l.at:cut]), cut, false)
		}
		l.para, l.paraFrom = cut, l.at
	}
	continued := l.at > l.paraFrom
	if rows, next, ok := l.m.paragraphStep(l.at, l.para); ok {
		return l.take(rows, next, continued)
	}
	end := l.para
	l.para = 0
	return l.take(l.layout(text[l.at:end]), end, continued)
}

// layout lays out one piece, a block of it whose inline markup nests
// past the cap as plain text (capInline, asked of the piece as glamour
// parses it), and notes it once under the text.
func (l *mdLayout) layout(piece string) []string {
	m := l.m
	if piece, m.inline = capInline(piece); m.inline && !slices.Contains(l.m.notes, inlineNote) {
		l.m.notes = append(slices.Clip(l.m.notes), inlineNote) // a copy's notes stay its own
	}
	return m.layout(piece)
}

// take hands out a piece's rows, its text having ended at end: the blank
// rows at a piece's end are held back as the gap before the next, and
// those at the text's start, or a paragraph's continued, dropped.
func (l *mdLayout) take(laid []string, end int, continued bool) []string {
	var rows []string
	for _, r := range laid {
		if ansi.Strip(r) == "" {
			if l.started && !continued {
				l.blank = append(l.blank, r)
			}
			continue
		}
		rows = append(append(rows, l.blank...), r)
		l.blank, l.started, continued = l.blank[:0], true, false
	}
	l.at = end
	l.pieces++
	return rows
}

// rest is the bytes of text not laid out, or past what the display cap
// shows of a big block.
func (l *mdLayout) rest() int { return len(l.m.text) - l.at + l.unread }
