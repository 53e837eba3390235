package cards

import (
	"bufio"
	"bytes"
	"runtime"
	"strings"
	"sync"

	gansi "charm.land/glamour/v2/ansi"
	"github.com/charmbracelet/x/ansi"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"

	"github.com/deck-tui/deck/theme"
)

// mdKey names one glamour renderer: renderers are built once per theme,
// dimness, highlighting and width and reused, never built per card. The
// width is a table's; every other block is drawn at width 0, unwrapped.
type mdKey struct {
	theme string
	dim   bool
	lex   bool // highlight code blocks; without, glamour never calls chroma
	width int
}

// leafRenderer draws one block at a time: glamour's renderer of Markdown
// nodes, under goldmark's, and the buffer it draws into.
type leafRenderer struct {
	r   renderer.Renderer
	buf bytes.Buffer
	w   *bufio.Writer
}

// mdPool holds the idle renderers of one key. A renderer is not safe for
// concurrent use, so each card takes one for itself; cards drawn on
// several cores at once get one each, and they are kept for the next.
type mdPool chan *leafRenderer

var mdRenderers sync.Map // mdKey → mdPool

// takeRenderer returns an idle renderer for the key, or builds one. A quote
// only colours its text: deck draws its bar.
func takeRenderer(key mdKey, th *theme.Theme) (*leafRenderer, mdPool) {
	p, ok := mdRenderers.Load(key)
	if !ok {
		p, _ = mdRenderers.LoadOrStore(key, make(mdPool, runtime.GOMAXPROCS(0)))
	}
	pool := p.(mdPool)
	select {
	case r := <-pool:
		return r, pool
	default:
	}
	styles := th.Markdown(key.dim)
	if !key.lex {
		styles.CodeBlock.Theme = "" // not even the lexer chroma would guess for code of no language
	}
	zero := uint(0)
	styles.BlockQuote.Indent, styles.BlockQuote.IndentToken = &zero, nil
	nodes := gansi.NewRenderer(gansi.Options{WordWrap: key.width, Styles: styles, ChromaFormatter: "terminal16m"})
	r := &leafRenderer{r: renderer.NewRenderer(renderer.WithNodeRenderers(util.Prioritized(nodes, 1000)))}
	r.w = bufio.NewWriter(&r.buf)
	return r, pool
}

// giveBack keeps a renderer for the next card, unless enough are idle.
func (p mdPool) giveBack(r *leafRenderer) {
	select {
	case p <- r:
	default:
	}
}

// draw renders a document of src.
func (r *leafRenderer) draw(src []byte, doc ast.Node) (string, error) {
	r.buf.Reset()
	if err := r.r.Render(r.w, src, doc); err != nil {
		return "", err
	}
	return r.buf.String(), nil
}

// leaf lays out a block deck does not lay out itself: glamour draws it
// alone, in a quote of its own where it is quoted (for the colour), and
// deck wraps its rows at width; a table glamour fits to width itself.
// A paragraph of a tight list item (a text block, which glamour draws as
// lines, not as a paragraph) is drawn as the paragraph it is.
func (l *blockLayout) leaf(n ast.Node, width int, quoted bool) []string {
	if l.failed {
		return nil
	}
	m := l.m
	key := mdKey{m.th.Name, m.dim, m.lex, 0}
	breaks, code := proseBreaks, false
	switch n.Kind() {
	case ast.KindParagraph, ast.KindHeading:
	case ast.KindTextBlock:
		n = asParagraph(n)
	case east.KindTable:
		breaks, key.width = "", width
	case ast.KindFencedCodeBlock, ast.KindCodeBlock:
		breaks, code = blockBreaks, true
	default:
		breaks = blockBreaks
	}
	if quoted {
		q := ast.NewBlockquote()
		q.AppendChild(q, n)
		n = q
	}
	doc := ast.NewDocument()
	doc.AppendChild(doc, n)
	r, pool := takeRenderer(key, m.th)
	out, err := r.draw(l.src, doc)
	if err != nil { // its state may be broken: it is not kept
		l.failed = true
		return nil
	}
	pool.giveBack(r)
	return m.leafRows(out, width, breaks, code)
}

// asParagraph moves a text block's text into a paragraph.
func asParagraph(tb ast.Node) ast.Node {
	p := ast.NewParagraph()
	for c := tb.FirstChild(); c != nil; {
		next := c.NextSibling()
		p.AppendChild(p, c)
		c = next
	}
	return p
}

// leafRows are the rows of a block glamour drew, without the blank rows
// it puts around a block (a code block's own blank lines are kept), each
// wrapped at width after breaks (none: not wrapped), made safe and cut to
// the width if still wider. A row narrower than the width ends as glamour's
// row padded to the width and trimmed did.
func (m mdText) leafRows(out string, width int, breaks string, code bool) []string {
	lines := strings.Split(out, "\n")
	blank := func(s string) bool { return s == "" || !code && strings.TrimSpace(ansi.Strip(s)) == "" }
	for len(lines) > 0 && blank(lines[0]) {
		lines = lines[1:]
	}
	for len(lines) > 0 && blank(lines[len(lines)-1]) {
		lines = lines[:len(lines)-1]
	}
	var rows []string
	for _, line := range lines {
		line = expandTabs(keepSGR(m.shown(line)))
		wrapped := []string{line}
		if breaks != "" {
			wrapped = wrapRendered(line, width, breaks)
		}
		for _, r := range wrapped {
			r = trimRightSpace(r)
			if r != "" && Width(r) < width {
				r = trimTrailingSGR(r) + theme.Reset
			}
			rows = append(rows, fitRow(r, width)...)
		}
	}
	return rows
}

// fitRow cuts a row wider than width into rows that fit.
func fitRow(l string, width int) []string {
	var rows []string
	for Width(l) > width {
		head, rest := splitRow(l, width)
		if rest == l { // nothing left to cut: never loop
			break
		}
		rows = append(rows, head+theme.Reset)
		l = rest
	}
	return append(rows, l)
}
