package gfm

import (
	"bytes"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	nethtml "golang.org/x/net/html"

	"github.com/deck-tui/deck/session"
)

// deckTags are the elements deck's Markdown may become; a, details and
// summary only as deck writes them, with no link.
var deckTags = map[string]bool{"h1": true, "h2": true, "h3": true, "p": true, "ul": true, "li": true,
	"input": true, "blockquote": true, "details": true, "summary": true, "pre": true, "code": true,
	"em": true, "strong": true, "br": true, "a": true,
	"table": true, "thead": true, "tbody": true, "tr": true, "th": true, "td": true} // the table of turns, once

// FuzzMarkdown: whatever a prompt, a reply (and why a turn ended), a path and
// an output hold, the Markdown makes no block deck does not write and,
// rendered as GitHub does (GFM, raw HTML let through), no element deck
// does not write, no second table and no link.
func FuzzMarkdown(f *testing.F) {
	f.Add("[x](javascript:y)", "<script>alert(1)</script>", "a`b.go", "```\n</details><img src=x>")
	f.Add("<https://e.example>", "![i](https://e.example/i.png)", "www.e.example", "~~~\n<style>")
	for _, text := range blockTexts {
		f.Add(text, text, text, text)
	}
	f.Fuzz(func(t *testing.T, prompt, reply, path, output string) {
		s := &session.Session{Title: prompt, Entries: []session.Entry{
			&session.TurnStart{Turn: 1},
			&session.UserMessage{Content: []session.ContentBlock{{Type: "text", Text: prompt}}},
			&session.AssistantText{Text: reply},
			&session.ToolCall{Name: path, Result: &session.ToolResult{}, Call: session.TerminalCallView{Title: reply},
				View: session.TerminalResultView{Output: output}},
			&session.ToolCall{Name: "read", Result: &session.ToolResult{},
				View: session.ReadResultView{Path: path, Lines: []session.ReadFileLine{{Number: 1, Text: output}}}},
			&session.Plan{Items: []session.PlanItem{{Content: reply}}},
			&session.TurnEnd{Turn: 1, Reason: reply}, // a cell of the table of turns
		}}
		var md, page bytes.Buffer
		if err := Write(&md, s, Options{Width: 60}); err != nil {
			t.Fatal(err)
		}
		if f := foreignBlocks(md.String()); len(f) > 0 {
			t.Fatalf("the Markdown makes %q:\n%s", f, md.String())
		}
		gm := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(gmhtml.WithUnsafe()))
		if err := gm.Convert(md.Bytes(), &page); err != nil {
			t.Fatal(err)
		}
		z := nethtml.NewTokenizer(&page)
		tables := 0
		for tt := z.Next(); tt != nethtml.ErrorToken; tt = z.Next() {
			if tt != nethtml.StartTagToken && tt != nethtml.SelfClosingTagToken {
				continue
			}
			name, _ := z.TagName()
			if string(name) == "table" {
				tables++
			}
			if !deckTags[string(name)] || tables > 1 {
				t.Fatalf("the Markdown makes a <%s>:\n%s", name, md.String())
			}
			for {
				key, val, more := z.TagAttr()
				if string(key) == "href" || string(key) == "src" {
					t.Fatalf("the Markdown makes a link %s=%q:\n%s", key, val, md.String())
				}
				if !more {
					break
				}
			}
		}
	})
}
