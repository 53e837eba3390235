package html

import (
	"bytes"
	"strings"
	"testing"

	nethtml "golang.org/x/net/html"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// deckTags are the elements the page is made of.
var deckTags = map[string]bool{"html": true, "head": true, "meta": true, "title": true, "style": true, "body": true,
	"header": true, "main": true, "footer": true, "section": true, "div": true, "span": true, "details": true,
	"summary": true, "h2": true, "ul": true, "li": true, "table": true, "thead": true, "tbody": true, "tr": true,
	"th": true, "td": true, "a": true}

// FuzzPage: whatever a prompt, a path, a command's output and why a turn
// ended hold, the page is written, none of it becomes a tag (every "<" in
// it is deck's), and no colour it names hides text in either scheme.
func FuzzPage(f *testing.F) {
	f.Add("</pre><script>alert(1)</script>", "a\x1b[31m.go", "\x1b]8;;javascript:x\x07y")
	f.Add("[x](javascript:alert(1))", "<img src=x onerror=alert(1)>", "\x1b[38;5;300;48;2;1;2m")
	f.Add("# title `code`", "a.go", "\x1b[38;2;255;255;255mw\x1b[7;31mr\x1b[38;2;1;2;3;48;2;1;2;4mh\x1b[48;5;231mx")
	f.Fuzz(func(t *testing.T, prompt, path, output string) {
		s := &session.Session{Title: prompt, Header: session.Header{Cwd: path}, Entries: []session.Entry{
			&session.TurnStart{Turn: 1},
			&session.UserMessage{Content: []session.ContentBlock{{Type: "text", Text: prompt}}},
			&session.ToolCall{Name: output, Result: &session.ToolResult{},
				Call: session.TerminalCallView{Title: prompt}, View: session.TerminalResultView{Output: output}},
			&session.ToolCall{Name: "edit", Result: &session.ToolResult{},
				View: session.DiffResultView{Diffs: []session.FileDiff{{Path: path, OldText: &prompt, NewText: output}}}},
			&session.TurnEnd{Turn: 1, Reason: prompt}, // a cell of the table of turns
		}}
		var b bytes.Buffer
		if err := Write(&b, s, Options{Width: 60}); err != nil {
			t.Fatal(err)
		}
		if bad := hiddenText(b.String()); bad != "" {
			t.Fatalf("%s, in %q", bad, output)
		}
		z := nethtml.NewTokenizer(&b)
		for {
			tt := z.Next()
			if tt == nethtml.ErrorToken {
				break
			}
			name, _ := z.TagName()
			if tt == nethtml.StartTagToken && !deckTags[string(name)] {
				t.Fatalf("session text made a <%s>", name)
			}
		}
	})
}

// FuzzRow: any bytes in a row, SGR or not, become escaped text in spans.
func FuzzRow(f *testing.F) {
	f.Add("\x1b[1;38;2;1;2;3mx\x1b[m<y>\x1b[")
	f.Add("\x1b[38;5m\x1b[48;2m\x1b[7m&")
	f.Fuzz(func(t *testing.T, row string) {
		p := newPainter(theme.Light(), true)
		var b strings.Builder
		p.row(&b, row)
		out := b.String()
		stripped := strings.NewReplacer("<span class=\"", "", "</span>", "").Replace(out)
		if strings.ContainsAny(strings.Map(func(r rune) rune {
			if r == '"' || r == '>' {
				return -1 // the span's own quote and bracket
			}
			return r
		}, stripped), "<\x1b") {
			t.Fatalf("markup or an escape in %q", out)
		}
	})
}
