package cards

import (
	"fmt"
	"strings"

	"github.com/yuin/goldmark/ast"
	gmtext "github.com/yuin/goldmark/text"
)

// A piece with no cut in it (pieces.go) can be a megabyte: one fence of a
// script, a list of thousands of items, blocks a cut never follows. glamour
// costs more than its size's share as a piece grows (a 256 KiB fence took
// it 2 s, a 1 MiB one 27 s and 500 MB), and lexes a fence's code with no
// cap. So no piece over maxPieceBytes goes to glamour: it is cut before its
// top-level blocks into pieces of a few blocks (a block then drawn
// apart from the one before it, a blank row between them as in the
// whole), and a block over it alone is drawn by deck: a fence as code,
// highlighted within highlight.go's caps, any other block as its text.
// A plain paragraph is cut between its rows instead (paragraph.go).

// maxPieceBytes is the most text one glamour call is handed.
const maxPieceBytes = 32 << 10

// bigNote is said under a text one of whose blocks was shown as its text.
var bigNote = fmt.Sprintf("a block of Markdown over %s is shown as its text", byteSize(maxPieceBytes))

// bigBlock is a block over maxPieceBytes, drawn by deck.
type bigBlock struct {
	start, end int  // where it is in the text
	fence      bool // a fenced code block: its code, lang and why not highlighted
	lang       string
	code       string
}

// tooBig reports whether the piece text[at:end] is over what glamour is
// handed, and not a paragraph cut between its rows.
func (l *mdLayout) tooBig(end int) bool {
	return end-l.at > maxPieceBytes && !plainParagraph(l.m.text[l.at:end])
}

// relaxBytes is the window past which text with no cut that glamour
// draws alike on both sides is cut before its top-level blocks.
const relaxBytes = 4 * maxPieceBytes

// relaxed is cuts' relax: where the text after at (src, parsed as doc)
// is cut before its blocks, when it is over maxPieceBytes; nil when the
// window holds no block known whole.
func (l *mdLayout) relaxed(doc ast.Node, src []byte, whole bool) []int {
	if whole && len(src) <= maxPieceBytes {
		return nil
	}
	return l.blockCuts(doc, src, whole)
}

// split cuts the piece text[at:end], which no cut glamour draws alike
// divides, before its top-level blocks; the pieces' ends go before the
// cuts still to come.
func (l *mdLayout) split(end int) {
	src := []byte(l.m.text[l.at:end])
	cuts := l.blockCuts(mdBlocks.Parse(gmtext.NewReader(src)), src, true)
	if _, big := l.bigAt(end); len(cuts) == 0 || cuts[0] == end && !big {
		l.big = append(l.big, bigBlock{start: l.at, end: end}) // no block to cut before (link definitions alone)
		cuts = []int{end}
	}
	l.cuts = append(cuts, l.cuts...)
}

// blockCuts cuts src, the text from at parsed as doc, before its top-level
// blocks into pieces of at least least bytes (a few blocks, as cuts makes
// them), a block over maxPieceBytes a piece of its own, kept as a bigBlock
// (but a plain paragraph: paragraph.go). Unless src is
// the rest of the text, its last two blocks are left for the next window,
// as cuts leaves them: the window may have cut them short.
func (l *mdLayout) blockCuts(doc ast.Node, src []byte, whole bool) []int {
	type block struct {
		at    int
		n     ast.Node
		alone bool // no block whose start is unknown joined it
	}
	var blocks []block
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		at, ok := blockStart(n, src)
		if len(blocks) == 0 {
			at, ok = 0, true
		}
		if !ok || len(blocks) > 0 && at <= blocks[len(blocks)-1].at {
			blocks[len(blocks)-1].alone = false // its start unknown: it stays with the block before
			continue
		}
		blocks = append(blocks, block{at, n, true})
	}
	stop := len(src) // where the last piece ends
	if !whole {
		if len(blocks) < 3 {
			return nil
		}
		stop = blocks[len(blocks)-2].at
		blocks = blocks[:len(blocks)-2]
	}
	var cuts []int
	from := 0 // where the piece being grown starts
	for i, bl := range blocks {
		s, e := bl.at, stop
		if i+1 < len(blocks) {
			e = blocks[i+1].at
		}
		huge := e-s > maxPieceBytes // a piece of its own
		if s > from && (huge || s-from >= l.m.least) {
			cuts, from = append(cuts, l.at+s), s
		}
		if !huge {
			continue
		}
		if !plainParagraph(string(src[s:e])) {
			b := bigBlock{start: l.at + s, end: l.at + e}
			if f, ok := bl.n.(*ast.FencedCodeBlock); ok && bl.alone {
				b.fence, b.code = true, fenceCode(f, src)
				if f.Info != nil {
					if w := strings.Fields(string(f.Info.Segment.Value(src))); len(w) > 0 {
						b.lang = w[0]
					}
				}
			}
			l.big = append(l.big, b)
		}
		cuts, from = append(cuts, l.at+e), e
	}
	if from < stop {
		cuts = append(cuts, l.at+stop)
	}
	return cuts
}

// blockStart is where a top-level block's first line starts in src: the
// line of its first text (a list's marker, a quote's mark are on it), or
// a fence's opening line; false when it has none to tell.
func blockStart(n ast.Node, src []byte) (int, bool) {
	if f, ok := n.(*ast.FencedCodeBlock); ok {
		switch {
		case f.Info != nil:
			return lineStart(src, f.Info.Segment.Start), true
		case f.Lines().Len() > 0:
			first := lineStart(src, f.Lines().At(0).Start)
			return lineStart(src, first-1), first > 0
		}
		return 0, false
	}
	for d := n; d != nil; d = d.FirstChild() {
		if d.Type() != ast.TypeBlock {
			break
		}
		if d.Lines().Len() > 0 {
			return lineStart(src, d.Lines().At(0).Start), true
		}
	}
	return 0, false
}

// lineStart is where the line holding src[i] starts.
func lineStart(src []byte, i int) int {
	i = min(max(i, 0), len(src))
	for i > 0 && src[i-1] != '\n' {
		i--
	}
	return i
}

// fenceCode is a fenced block's code, its lines as written.
func fenceCode(f *ast.FencedCodeBlock, src []byte) string {
	var b strings.Builder
	for i := 0; i < f.Lines().Len(); i++ {
		seg := f.Lines().At(i)
		b.Write(seg.Value(src))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// bigAt is the big block the piece text[at:end] is, if it is one.
func (l *mdLayout) bigAt(end int) (bigBlock, bool) {
	for _, b := range l.big {
		if b.start == l.at && b.end == end {
			return b, true
		}
	}
	return bigBlock{}, false
}

// drawBig lays out a block over maxPieceBytes: as many of its lines as the
// display cap can show (a line is a row at least), the rest counted as
// text not drawn; a fence's code highlighted within the caps, any other
// block as its text, each said in a note under the text.
func (l *mdLayout) drawBig(b bigBlock) []string {
	m := l.m
	text := m.text[b.start:b.end]
	if b.fence {
		text = b.code
	}
	text = strings.TrimRight(text, "\n")
	if i := nthLineEnd(text, maxCardRows); i < len(text) {
		l.unread += len(text) - i
		text = text[:i]
	}
	text = m.shown(text)
	if !b.fence {
		l.note(bigNote)
		st := m.th.Text
		if m.dim {
			st = m.th.Muted
		}
		var rows []string
		for ln := range strings.SplitSeq(text, "\n") {
			for _, row := range safeLine(m.th, ln, st).wrap(m.width) {
				rows = append(rows, row.String())
			}
		}
		return rows
	}
	toks, why := fenceTokens(m.th, b.lang, text, m.lex)
	if why != "" {
		l.note("code " + why)
	}
	var rows []string
	for _, lt := range toks {
		t := newText(m.th, 4)
		for _, tk := range lt {
			t.add(tk.text, tk.style)
		}
		for _, row := range t.line().wrap(m.width) {
			rows = append(rows, row.String())
		}
	}
	return rows
}

// nthLineEnd is where text's nth line ends (its newline), or len(text).
func nthLineEnd(text string, n int) int {
	at := 0
	for range n {
		i := strings.IndexByte(text[at:], '\n')
		if i < 0 {
			return len(text)
		}
		at += i + 1
	}
	return at - 1
}

// note adds a note under the text, once.
func (l *mdLayout) note(n string) {
	for _, have := range l.m.notes {
		if have == n {
			return
		}
	}
	l.m.notes = append(l.m.notes[:len(l.m.notes):len(l.m.notes)], n) // a copy's notes stay its own
}
