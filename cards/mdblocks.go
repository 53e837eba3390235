package cards

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	gmtext "github.com/yuin/goldmark/text"

	"github.com/deck-tui/deck/theme"
)

// glamour lays a document out as blocks inside blocks, each wrapping the
// rows of those inside it again: a list item's rows wrap under its bullet,
// not under its text, and a break character x/ansi let past a row's width
// was cut onto a row of its own. So deck lays out the containers itself: a
// list puts each item's rows under the item's text, after its bullet or
// number, a quote puts its bar before each row; and it hands glamour every
// other block (a leaf: a paragraph, a heading, code, a table, ...) alone,
// parsed as the whole was, to style and not to wrap. Deck wraps a leaf's
// rows (mdwrap.go) at the width its containers leave it, but a table's,
// which glamour fits to that width. Blocks are a blank row apart in a
// document and in a quote, and an item's where the author set them apart
// (a loose list); a list's items are not, as glamour draws them.

// blockRows lays out a piece of Markdown text, a blank row after it as
// after glamour's; false when glamour failed on one of its blocks.
func (m mdText) blockRows(piece string) ([]string, bool) {
	l := blockLayout{m: m, src: []byte(piece)}
	doc := mdBlocks.Parse(gmtext.NewReader(l.src))
	rows := l.blocks(doc, m.width, false, true)
	if l.failed {
		return nil, false
	}
	return append(rows, ""), true
}

// blockLayout lays out the blocks of one parsed piece.
type blockLayout struct {
	m      mdText
	src    []byte
	failed bool // glamour failed on a leaf
}

// blocks lays out the children of a document, a quote or a list item at
// width, apart or not.
func (l *blockLayout) blocks(parent ast.Node, width int, quoted, apart bool) []string {
	var kids []ast.Node // laying a leaf out moves it out of its parent
	for n := parent.FirstChild(); n != nil; n = n.NextSibling() {
		kids = append(kids, n)
	}
	var rows []string
	for _, n := range kids {
		var laid []string
		switch n := n.(type) {
		case *ast.List:
			laid = l.list(n, width, quoted)
		case *ast.Blockquote:
			laid = l.quote(n, width, quoted)
		default:
			laid = l.leaf(n, width, quoted)
		}
		if len(laid) == 0 {
			continue
		}
		if apart && len(rows) > 0 {
			rows = append(rows, "")
		}
		rows = append(rows, laid...)
	}
	return rows
}

// containerStyle is the style of a bullet or a quote's bar: glamour's, the
// colour of the text around it (muted in a quote).
func (l *blockLayout) containerStyle(quoted bool) theme.Style {
	if quoted || l.m.dim {
		return l.m.th.Muted
	}
	return l.m.th.Text
}

// list lays out a list: each item's first row after its mark (a bullet,
// its number, or its task box, as glamour draws them), its other rows under
// its text.
func (l *blockLayout) list(list *ast.List, width int, quoted bool) []string {
	st := l.containerStyle(quoted)
	var rows []string
	number := list.Start
	for item := list.FirstChild(); item != nil; item = item.NextSibling() {
		// asked before laying the item out moves its blocks
		box, task := taskBox(item)
		// blank: the item has no text, and its mark ends in no space
		mark := func(blank bool) string {
			sp := " "
			if blank {
				sp = ""
			}
			if task {
				if box.IsChecked {
					return st.Render("[✓]" + sp)
				}
				return st.Render("[ ]" + sp)
			}
			if list.IsOrdered() { // glamour draws the number and the dot apart
				return st.Render(strconv.Itoa(number)) + st.Render("."+sp)
			}
			return st.Render("•" + sp)
		}
		hang := Width(ansi.Strip(mark(false)))
		laid := l.blocks(item, max(width-hang, 1), quoted, !list.IsTight)
		if len(laid) == 0 {
			laid = []string{""}
		}
		for i, r := range laid {
			switch {
			case i == 0:
				rows = append(rows, mark(ansi.Strip(r) == "")+r)
			case ansi.Strip(r) == "":
				rows = append(rows, "")
			default:
				rows = append(rows, strings.Repeat(" ", hang)+r)
			}
		}
		number++
	}
	return rows
}

// taskBox is the task box an item starts with, if it is a task.
func taskBox(item ast.Node) (*east.TaskCheckBox, bool) {
	if first := item.FirstChild(); first != nil {
		box, ok := first.FirstChild().(*east.TaskCheckBox)
		return box, ok
	}
	return nil, false
}

// quote lays out a quote: its bar before each of its rows, its text muted.
// The bar is the colour of the text around the quote, as glamour's.
func (l *blockLayout) quote(q *ast.Blockquote, width int, quoted bool) []string {
	bar := l.containerStyle(quoted)
	laid := l.blocks(q, max(width-2, 1), true, true)
	rows := make([]string, len(laid))
	for i, r := range laid {
		if ansi.Strip(r) == "" {
			rows[i] = bar.Render("│")
			continue
		}
		rows[i] = bar.Render("│ ") + r
	}
	return rows
}
