package cards

import (
	"github.com/charmbracelet/x/ansi"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	gmtext "github.com/yuin/goldmark/text"
)

// A huge Markdown text is laid out in pieces, so that a card stops laying
// it out at the display cap, and a viewer lays out only the pieces it
// shows. A piece ends before a paragraph of the document's top level that
// starts a line after a blank line, and follows no heading: nothing before such a paragraph reaches
// past it or into it, so glamour draws each piece as it draws it in the
// whole, and the pieces' rows one after the other are the whole's, byte
// for byte (TestPiecesAreTheWhole). Where the blocks are is asked of
// goldmark with glamour's own extensions, never guessed from the lines: a
// fence, an HTML block or a list item may hold blank lines. A document
// with link reference definitions is one piece, as a definition serves
// links anywhere in it.

// pieceBytes is the least text of a piece: a screen's worth of prose or
// more, so that a text of a few screens is one glamour call as before.
const pieceBytes = 16 << 10

// mdBlocks parses as glamour parses (glamour.NewTermRenderer's parser).
var mdBlocks = goldmark.New(goldmark.WithExtensions(extension.GFM, extension.DefinitionList)).Parser()

// splitMarkdown cuts text into pieces of at least least bytes (the last
// may be shorter), each ending before a top-level paragraph.
func splitMarkdown(text string, least int) []string {
	if len(text) < 2*least {
		return []string{text}
	}
	src := []byte(text)
	ctx := parser.NewContext()
	doc := mdBlocks.Parse(gmtext.NewReader(src), parser.WithContext(ctx))
	if len(ctx.References()) > 0 {
		return []string{text}
	}
	var pieces []string
	from := 0
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		p, ok := n.(*ast.Paragraph)
		if _, heading := n.PreviousSibling().(*ast.Heading); !ok || heading || p.Lines().Len() == 0 {
			continue // glamour ends a heading by a style pair where a paragraph follows it
		}
		at := p.Lines().At(0).Start
		if at-from < max(least, 1) || at < 2 || text[at-1] != '\n' || text[at-2] != '\n' {
			continue // a piece too small, or a paragraph not after a blank line at its line's start
		}
		if len(text)-at < least {
			break // the last piece would be too small
		}
		pieces = append(pieces, text[from:at])
		from = at
	}
	return append(pieces, text[from:])
}

// mdLayout lays a text's pieces out one after the other, as the rows of
// the whole: the blank rows glamour puts at a piece's end are the gap
// before the next, and those at the text's ends are left out.
type mdLayout struct {
	m       mdText
	done    int      // pieces laid out
	started bool     // a row with text was handed out
	blank   []string // blank rows held back until a row with text follows
}

// more reports whether pieces are left.
func (l *mdLayout) more() bool { return l.done < len(l.m.pieces) }

// next lays out the next piece and returns its rows.
func (l *mdLayout) next() []string {
	var rows []string
	for _, r := range l.m.layout(l.m.pieces[l.done]) {
		if ansi.Strip(r) == "" {
			if l.started {
				l.blank = append(l.blank, r)
			}
			continue
		}
		rows = append(append(rows, l.blank...), r)
		l.blank, l.started = l.blank[:0], true
	}
	l.done++
	return rows
}

// rest is the bytes of the pieces not laid out.
func (l *mdLayout) rest() int {
	n := 0
	for _, p := range l.m.pieces[l.done:] {
		n += len(p)
	}
	return n
}
