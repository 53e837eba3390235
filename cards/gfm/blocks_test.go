package gfm

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	gmtext "github.com/yuin/goldmark/text"

	"github.com/deck-tui/deck/session"
)

// blockTexts are session texts each of which is a block of GitHub's
// Markdown when written as it is: a setext heading (`===`, `---`), an ATX
// heading, a table, an HTML block, a link reference definition used, a
// footnote used, indented code, a thematic break, lists, a quote, fences,
// math.
var blockTexts = []string{
	"a reply line\n===", "a reply line\n---", "a reply line\n  ===  ", "# heading", "###### heading",
	"| a | b |\n|---|---|\n| 1 | 2 |", "a | b\n--- | ---\n1 | 2",
	"<div>\n\nx</div>", "<!-- comment -->", "<details><summary>s</summary>",
	"[x]\n\n[x]: https://evil.example", "[x]: https://evil.example \"t\"",
	"text[^1]\n\n[^1]: a footnote",
	"    indented code", "para\n\n    indented code", "\tcode after a tab", "para\n\n        code",
	"***", "___", "- - -", "- item", "+ item", "* item", "1. item", "1) item", "- [ ] task",
	"> quote", "```\nfence\n```", "~~~\nfence\n~~~", "$$\nx^2\n$$",
}

// textSession puts text in every place the Markdown writes session text:
// the title, the header, a prompt, a reply, a plan, an event, a notice, a
// changed file's path, why a turn ended (the table of turns, and a line).
func textSession(text string) *session.Session {
	return &session.Session{Title: text, Agent: "harness", Header: session.Header{ID: text, Cwd: text}, Entries: []session.Entry{
		&session.TurnStart{Turn: 1},
		&session.UserMessage{Content: []session.ContentBlock{{Type: "text", Text: text}}},
		&session.AssistantText{Text: text},
		&session.Plan{Items: []session.PlanItem{{Content: text}}},
		&session.Event{Summary: text},
		&session.Notice{Text: text},
		&session.ToolCall{Name: "write", Result: &session.ToolResult{},
			Call: session.DiffCallView{Title: "Write", Diffs: []session.FileDiff{{Path: text, NewText: "x"}}}},
		&session.TurnEnd{Turn: 1, Reason: text},
	}}
}

// plainLines is text with each line that holds something replaced by a
// word: the same lines, no syntax.
func plainLines(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if strings.TrimSpace(l) != "" {
			lines[i] = "word"
		}
	}
	return strings.Join(lines, "\n")
}

// blocks parses Markdown as GitHub does (GFM, footnotes) and lists its
// blocks, without recursion, each as its kind (a heading with its level and,
// but the title, its text; an HTML block with its first line), the link references it defines, and
// the lines of text that hold `$$` (GitHub's display math; goldmark has
// none).
func blocks(md string) (kinds []string, refs, math int) {
	gm := goldmark.New(goldmark.WithExtensions(extension.GFM, extension.Footnote))
	ctx := parser.NewContext()
	doc := gm.Parser().Parse(gmtext.NewReader([]byte(md)), parser.WithContext(ctx))
	stack := []ast.Node{doc}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Type() == ast.TypeBlock {
			kind := n.Kind().String()
			switch n := n.(type) {
			case *ast.Heading:
				kind += fmt.Sprint(n.Level)
				if n.Level > 1 { // the title's text is the session's
					for i := range n.Lines().Len() {
						l := n.Lines().At(i)
						kind += " " + md[l.Start:l.Stop]
					}
				}
			case *ast.HTMLBlock:
				first := n.Lines().At(0)
				kind += " " + md[first.Start:first.Stop]
			}
			kinds = append(kinds, kind)
			if n.FirstChild() != nil && n.FirstChild().Type() == ast.TypeInline {
				for i := range n.Lines().Len() {
					if l := n.Lines().At(i); strings.Contains(md[l.Start:l.Stop], "$$") {
						math++
					}
				}
			}
		}
		for c := n.LastChild(); c != nil; c = c.PreviousSibling() {
			stack = append(stack, c)
		}
	}
	return kinds, len(ctx.References()), math
}

// foreignBlocks lists the blocks of md that deck never writes: a heading
// other than its title (the one h1), Stats, Changes and Turn N, an HTML
// block other than its <details>, </details> and call anchors, indented
// code, a break, footnotes, a second table, a link definition, display
// math.
func foreignBlocks(md string) []string {
	kinds, refs, math := blocks(md)
	var out []string
	h1, tables := 0, 0
	for _, k := range kinds {
		switch {
		case k == "Heading1":
			if h1++; h1 > 1 {
				out = append(out, "a second h1")
			}
		case k == "Table":
			if tables++; tables > 1 {
				out = append(out, "a second table")
			}
		case strings.HasPrefix(k, "Heading") && k != "Heading2 Stats" && k != "Heading2 Changes" && !turnHeading.MatchString(k),
			strings.HasPrefix(k, "HTMLBlock") && !deckHTML.MatchString(k),
			k == "CodeBlock", k == "ThematicBreak", strings.HasPrefix(k, "Footnote"):
			out = append(out, k)
		}
	}
	if refs > 0 {
		out = append(out, fmt.Sprintf("%d link definitions", refs))
	}
	if math > 0 {
		out = append(out, fmt.Sprintf("%d lines of math", math))
	}
	return out
}

var (
	turnHeading = regexp.MustCompile(`^Heading3 Turn \d+$`)
	deckHTML    = regexp.MustCompile(`^HTMLBlock (<details><summary>|</details>|<a id="call-\d+"></a>)`)
)

// The Markdown of a session holding any block syntax has the blocks of the
// same session holding plain words on the same lines: no heading, table,
// HTML block, link definition, footnote, code block, break, list, quote
// or math comes from session text; only deck's own.
func TestSessionTextMakesNoBlock(t *testing.T) {
	for _, text := range blockTexts {
		var md, plain bytes.Buffer
		if err := Write(&md, textSession(text), Options{Width: 80}); err != nil {
			t.Fatal(err)
		}
		if err := Write(&plain, textSession(plainLines(text)), Options{Width: 80}); err != nil {
			t.Fatal(err)
		}
		got, _, _ := blocks(md.String())
		want, _, _ := blocks(plain.String())
		i := 0
		for i < min(len(got), len(want)) && got[i] == want[i] {
			i++
		}
		if i < max(len(got), len(want)) {
			t.Errorf("%q makes the blocks %q… where plain words make %q…:\n%s",
				text, got[i:min(i+3, len(got))], want[i:min(i+3, len(want))], md.String())
		}
		if f := foreignBlocks(md.String()); len(f) > 0 {
			t.Errorf("%q makes %q:\n%s", text, f, md.String())
		}
	}
}
