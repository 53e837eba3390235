package cards

import (
	"fmt"
	"strings"

	"github.com/yuin/goldmark/ast"
	gmtext "github.com/yuin/goldmark/text"
)

// glamour draws an inline node by recursing into its children, and asks of
// every node whether an ancestor drew it already, walking up to the root:
// emphasis, strikethrough, links and images nested 22,500 deep took it
// seconds and 600 MB, and 45,000 overflowed the goroutine's stack, which
// no recover catches. No block reaches it with inline markup nested deeper
// than maxInlineDepth: the markup of a block nested deeper is swapped for
// stand-ins, so glamour draws the block as plain text, and the stand-ins
// are swapped back in its output (the characters show as written).
const maxInlineDepth = 16 // inline nodes in a line of descent in one block, its text included

// inlineNote says under the card that a block was drawn as plain text.
var inlineNote = fmt.Sprintf("emphasis and links nested over %d deep are drawn as plain text", maxInlineDepth)

// The characters that open or close an inline node that nests are
// emphasis's (`*`, `_`), strikethrough's (`~`) and a link's or image's
// (`[`); a code span, an autolink and raw HTML hold no other node. Each is
// swapped for a private-use character, one cell wide, at U+E000 plus its
// ASCII code, as the backslash's stand-in is.
var (
	hideInline = strings.NewReplacer("*", "\uE02A", "_", "\uE05F", "~", "\uE07E", "[", "\uE05B")
	showInline = strings.NewReplacer("\uE02A", "*", "\uE05F", "_", "\uE07E", "~", "\uE05B", "[")
	// a stand-in the text holds of its own is shown as a hidden character is
	markInline = strings.NewReplacer("\uE02A", "⟨U+E02A⟩", "\uE05F", "⟨U+E05F⟩", "\uE07E", "⟨U+E07E⟩", "\uE05B", "⟨U+E05B⟩")
)

// capInline draws as plain text every block of text whose inline nodes
// nest deeper than maxInlineDepth, its markup swapped for stand-ins
// (showInline puts them back). It says whether it changed anything. The
// blocks are those glamour parses, asked of goldmark with its extensions,
// and only where the markup could nest that deep.
func capInline(text string) (string, bool) {
	if !mayNestInline(text) {
		return text, false
	}
	src := []byte(text)
	deep := deepInlineBlocks(mdBlocks.Parse(gmtext.NewReader(src)))
	if len(deep) == 0 {
		return text, false
	}
	var b strings.Builder
	b.Grow(len(text) + len(text)/2)
	last := 0
	for _, seg := range deep {
		b.WriteString(markInline.Replace(text[last:seg.Start]))
		b.WriteString(hideInline.Replace(markInline.Replace(text[seg.Start:seg.Stop])))
		last = seg.Stop
	}
	b.WriteString(markInline.Replace(text[last:]))
	return b.String(), true
}

// mayNestInline reports whether the markup of some run of lines between
// blank lines (no inline node reaches past one) could nest deeper than
// maxInlineDepth: each level of emphasis or strikethrough takes a
// character each side, each link or image a `[`, and a code span or
// autolink and the text in it two levels more.
func mayNestInline(text string) bool {
	delims, brackets := 0, 0
	for l := range strings.Lines(text) {
		if strings.TrimSpace(l) == "" {
			delims, brackets = 0, 0
			continue
		}
		for i := 0; i < len(l); i++ {
			switch l[i] {
			case '*', '_', '~':
				delims++
			case '[':
				brackets++
			}
		}
		if delims/2+brackets+2 > maxInlineDepth {
			return true
		}
	}
	return false
}

// deepInlineBlocks walks doc (without recursion: its depth is the text's)
// and returns the lines of the blocks whose inline nodes nest deeper than
// maxInlineDepth, in the order of the text. Every block that holds inline
// nodes (a paragraph, a heading, a table's cell, a definition's term)
// holds its lines.
func deepInlineBlocks(doc ast.Node) []gmtext.Segment {
	type step struct {
		n     ast.Node
		depth int // inline nodes from its block to it, itself included
	}
	var deep []gmtext.Segment
	var last ast.Node // the block last found deep
	stack := []step{{doc, 0}}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if s.depth > maxInlineDepth {
			if block := blockOf(s.n); block != last {
				last = block
				lines := block.Lines()
				for i := range lines.Len() {
					deep = append(deep, lines.At(i))
				}
			}
			continue // nothing below it is looked at: its block is plain text
		}
		for c := s.n.LastChild(); c != nil; c = c.PreviousSibling() {
			d := 0
			if c.Type() == ast.TypeInline {
				d = s.depth + 1
			}
			stack = append(stack, step{c, d})
		}
	}
	return deep
}

// blockOf is the block an inline node is in.
func blockOf(n ast.Node) ast.Node {
	for n.Type() == ast.TypeInline && n.Parent() != nil {
		n = n.Parent()
	}
	return n
}
