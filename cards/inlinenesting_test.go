package cards

import (
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
	gmtext "github.com/yuin/goldmark/text"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// maxTreeDepth bounds the tree glamour gets: the document, the containers
// flattenNesting leaves (a list level is a list and an item; the markers
// of a line and the levels its indentation opens, a level each two
// columns), a leaf block and a table's row and cell, and the inline nodes.
const maxTreeDepth = 1 + 2*(maxMarkdownDepth+maxMarkdownIndent/2) + 3 + maxInlineDepth

// treeDepths parses text as glamour does and walks the tree without
// recursion: how deep it is, and how deep inline nodes nest in a block.
func treeDepths(text string) (tree, inline int) {
	type step struct {
		n           ast.Node
		depth, line int
	}
	stack := []step{{mdBlocks.Parse(gmtext.NewReader([]byte(text))), 0, 0}}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		tree, inline = max(tree, s.depth), max(inline, s.line)
		for c := s.n.FirstChild(); c != nil; c = c.NextSibling() {
			line := 0
			if c.Type() == ast.TypeInline {
				line = s.line + 1
			}
			stack = append(stack, step{c, s.depth + 1, line})
		}
	}
	return tree, inline
}

// wrapped is opener n times, middle, closer n times.
func wrapped(opener, middle, closer string, n int) string {
	return strings.Repeat(opener, n) + middle + strings.Repeat(closer, n)
}

// deepInline is inline markup nested n deep, each way it nests, and in
// each block that holds inline nodes.
func deepInline(n int) map[string]string {
	emphasis := wrapped("*a ", "b", " c*", n)
	return map[string]string{
		"emphasis":               emphasis,
		"strong":                 wrapped("**a ", "b", " c**", n),
		"underscores":            wrapped("_a ", "b", " c_", n),
		"strikethrough":          wrapped("~~a ", "b", " c~~", n),
		"one run of stars":       wrapped("*", "x", "*", n),
		"images":                 wrapped("![", "x", "](u)", n),
		"links in emphasis":      wrapped("*[_a ", "b", " c_](u)*", n),
		"in a quote":             "> > " + emphasis,
		"in a list":              "- 1. " + emphasis,
		"in a table's cell":      "| a | b |\n|---|---|\n| " + emphasis + " | x |",
		"in a heading":           "# " + emphasis,
		"in a setext heading":    emphasis + "\n===",
		"in a definition's term": emphasis + "\n: defined",
		"in a definition":        "Term\n: " + emphasis,
		"after a paragraph":      "A *first* paragraph.\n\n" + emphasis + "\n\nThen `more`.",
	}
}

// glamourText is text as glamour gets it, whole: each piece of it is
// capped as the whole is, as a piece parses as the whole does.
func glamourText(md string) (string, bool) {
	return capInline(prepareMarkdown(theme.Dark(), md, 80, false).text)
}

// Inline markup nested 100,000 deep reaches glamour no deeper than the cap,
// in a tree of bounded depth, and as written: its markup is swapped for
// stand-ins and nothing else changes.
func TestInlineNestingIsCapped(t *testing.T) {
	for name, md := range deepInline(100_000) {
		text, capped := glamourText(md)
		tree, inline := treeDepths(text)
		if !capped || inline > maxInlineDepth || tree > maxTreeDepth {
			t.Errorf("%s: glamour gets inline nodes %d deep in a tree %d deep", name, inline, tree)
		}
		if got := showInline.Replace(text); got != md {
			t.Errorf("%s: not the text as written: %.80q", name, got)
		}
	}
}

// A block drawn as plain text shows its characters as written, the rest
// of the text its Markdown, alone or in a later piece of a long text; a
// private-use character the text holds of its own that is a stand-in is
// shown by its mark, never as the markup.
func TestDeepInlineMarkupIsDrawnAsWritten(t *testing.T) {
	deep := wrapped("*a\uE02A ", "b", " c*", 40)
	written := strings.Join(strings.Fields(strings.ReplaceAll(deep, "\uE02A", "⟨U+E02A⟩")), "")
	for _, before := range []string{"A **bold** start.", plainWords(3*pieceBytes, 4, 7) + " and a **bold** start."} {
		out := plainMarkdown(before+"\n\n"+deep+"\n\nThe `end`.", 80)
		has(t, out, "bold start.", "The end.", inlineNote)
		if !strings.Contains(strings.Join(strings.Fields(out), ""), written) {
			t.Errorf("the deep paragraph is not drawn as written:\n%s", out)
		}
		if strings.Count(out, inlineNote) != 1 {
			t.Errorf("the note is not said once:\n%s", out)
		}
	}
}

// Nesting up to the cap is drawn as Markdown, as before: the block one
// level deeper is plain text. Replies whose markup could nest that deep
// (a list of bold items) but does not are left alone.
func TestInlineNestingUpToTheCapIsKept(t *testing.T) {
	atCap := wrapped("*a ", "b", " c*", maxInlineDepth-1) // the text is the last level
	if !mayNestInline(atCap) {
		t.Fatal("the text at the cap is not even parsed")
	}
	if got, changed := capInline(atCap); changed || got != atCap {
		t.Errorf("nesting at the cap changed: %q", got)
	}
	over := wrapped("*a ", "b", " c*", maxInlineDepth)
	if _, changed := capInline(over); !changed {
		t.Errorf("nesting a level past the cap was kept")
	}
	list := strings.Repeat("- **item** with `code`, _a_ ~~b~~ and [a link](http://x)\n", 20)
	if !mayNestInline(list) {
		t.Fatal("the list is not even parsed")
	}
	if got, changed := capInline(list); changed || got != list {
		t.Errorf("a list of bold items changed: %q", got)
	}
	if mayNestInline("**a** and **b**, `c` [d](e)\n\n**f**") {
		t.Errorf("a short reply is parsed")
	}
}

// FuzzInlineNesting nests an opener and a closer around a middle, depth
// times, in a block of any kind: glamour gets no inline nodes deeper than
// the cap and no tree deeper than maxTreeDepth, whatever the markup.
func FuzzInlineNesting(f *testing.F) {
	for _, s := range [][3]string{
		{"*a ", "b", " c*"}, {"**", "x", "**"}, {"_a ", "b", " c_"}, {"__", "x", "__"},
		{"~~", "x", "~~"}, {"~", "x", "~"}, {"[", "x", "](u)"}, {"![", "x", "](u)"},
		{"[", "x", "]"}, {"`", "x", "`"}, {"<a>", "x", "</a>"}, {"<http://a", "_", ">"},
		{"*[_", "x", "_](u)*"}, {"[*", "x", "*](u)"}, {"![*[", "x", "](u)*](v)"},
		{"> ", "x", ""}, {"- ", "*x", "*"}, {": ", "x", ""}, {"> *", "x", "*"},
	} {
		for block := range uint8(len(inlineBlocks)) {
			f.Add(s[0], s[1], s[2], uint16(300), block)
		}
	}
	f.Fuzz(func(t *testing.T, opener, middle, closer string, depth uint16, block uint8) {
		if len(opener)+len(closer) > 16 || len(middle) > 64 {
			return
		}
		md := inlineBlocks[int(block)%len(inlineBlocks)](wrapped(opener, middle, closer, int(depth)))
		text, _ := glamourText(md)
		if tree, inline := treeDepths(text); inline > maxInlineDepth || tree > maxTreeDepth {
			t.Fatalf("%.200q: glamour gets inline nodes %d deep in a tree %d deep", md, inline, tree)
		}
	})
}

// inlineBlocks puts inline text in each kind of block.
var inlineBlocks = []func(string) string{
	func(s string) string { return s },
	func(s string) string { return "> " + s },
	func(s string) string { return "- " + s },
	func(s string) string { return "| a | b |\n|---|---|\n| " + s + " | x |" },
	func(s string) string { return "# " + s },
	func(s string) string { return s + "\n---" },
	func(s string) string { return s + "\n: defined" },
	func(s string) string { return "Term\n: " + s },
	func(s string) string { return "*[" + s + "](u)*" },
	func(s string) string { return "- > 1. " + s + "\n  more " + s },
}

// What the 270 KB reply of emphasis nested 45,000 deep costs to draw
// (before the cap, glamour's stack overflowed after 15 s).
func BenchmarkDeepInlineNesting(b *testing.B) {
	e := &session.AssistantText{Text: wrapped("*a ", "b", " c*", 45_000)}
	o := Options{Width: 80, Theme: theme.Dark()}
	b.ReportAllocs()
	for b.Loop() {
		Render(e, o)
	}
}
