package golden

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	"golang.org/x/net/html"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/cards/gfm"
	pagehtml "github.com/deck-tui/deck/cards/html"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/changes"
	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/session/stats"
	"github.com/deck-tui/deck/theme"
)

func exportHTML(t testing.TB, s *session.Session, th *theme.Theme) string {
	t.Helper()
	var b bytes.Buffer
	if err := pagehtml.Write(&b, s, pagehtml.Options{Width: 100, Theme: th}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func exportMarkdown(t testing.TB, s *session.Session) string {
	t.Helper()
	var b bytes.Buffer
	if err := gfm.Write(&b, s, gfm.Options{Width: 100}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// exportFixtures are the sessions whose exports are pinned: the corpus (ACP,
// Claude Code, Codex) and harness sessions with edits and live timings, and
// one that moved its working directory (its changes named from there).
func exportFixtures(t testing.TB) []fixture {
	out := corpusFixtures(t)
	for _, name := range []string{"harness/fs-edit", "harness/fs-write", "live/tools", "fixtures/edit-diffs", "fixtures/harness-v4-cwd"} {
		for _, f := range fixtures(t) {
			if f.name == name {
				out = append(out, f)
			}
		}
	}
	return out
}

// TestExportGolden pins the HTML page (both schemes) and the Markdown of
// each export fixture, and checks each page's structure.
func TestExportGolden(t *testing.T) {
	for _, f := range exportFixtures(t) {
		t.Run(f.name, func(t *testing.T) {
			s := open(t, f.path)
			page := exportHTML(t, s, nil)
			checkPage(t, s, page)
			t.Run("html", func(t *testing.T) { golden.RequireEqual(t, page) })
			md := exportMarkdown(t, s)
			checkMarkdown(t, s, md)
			t.Run("markdown", func(t *testing.T) { golden.RequireEqual(t, md) })
		})
	}
}

// TestExportsStayInert exports the hostile session (every attack in every
// card) and checks that no session text became markup in the page or in the
// HTML that Markdown becomes.
func TestExportsStayInert(t *testing.T) {
	s, err := source.ReadAll(bytes.NewReader(hostileLog(t)))
	if err != nil {
		t.Fatal(err)
	}
	reason := cards.Safe(hostileReason) // as every card shows it
	for _, th := range []*theme.Theme{nil, theme.Light()} {
		page := exportHTML(t, s, th)
		checkPage(t, s, page)
		doc, err := html.Parse(strings.NewReader(page))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(cells(doc), reason) {
			t.Errorf("the page's table of turns does not show the hostile turn's end as text: %q", cells(doc))
		}
	}
	if !slices.Contains(checkMarkdown(t, s, exportMarkdown(t, s)), reason) {
		t.Error("the Markdown's table of turns does not show the hostile turn's end as text")
	}
}

// pageElements are the only elements deck's page is made of.
var pageElements = map[string]bool{
	"html": true, "head": true, "meta": true, "title": true, "style": true, "body": true,
	"header": true, "main": true, "footer": true, "section": true, "div": true, "span": true,
	"details": true, "summary": true, "h2": true, "ul": true, "li": true,
	"table": true, "thead": true, "tbody": true, "tr": true, "th": true, "td": true, "a": true,
}

// checkPage parses a page and checks it is deck's markup alone: known
// elements and attributes, links only to its own anchors, one style sheet
// whose hash the Content-Security-Policy names, an anchor per turn and per
// tool call, and long cards folded.
func checkPage(t *testing.T, s *session.Session, page string) {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	var hrefs, turnLinks []string // every link, and the table of turns' links
	var styles []string
	var csp string
	details := 0
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			if !pageElements[n.Data] {
				t.Errorf("the page holds a <%s> element", n.Data)
			}
			for _, a := range n.Attr {
				switch a.Key {
				case "class", "lang", "charset", "name":
				case "id":
					if ids[a.Val] {
						t.Errorf("id %q twice", a.Val)
					}
					ids[a.Val] = true
				case "href":
					if !strings.HasPrefix(a.Val, "#") {
						t.Errorf("a link out of the page: %q", a.Val)
					}
					hrefs = append(hrefs, a.Val)
					if inTable(n) {
						turnLinks = append(turnLinks, a.Val)
					}
				case "http-equiv":
					if a.Val != "Content-Security-Policy" {
						t.Errorf("http-equiv %q", a.Val)
					}
				case "content":
					if strings.Contains(a.Val, "default-src") {
						csp = a.Val
					}
				default:
					t.Errorf("<%s> has an attribute %s=%q", n.Data, a.Key, a.Val)
				}
			}
			switch n.Data {
			case "style":
				styles = append(styles, n.FirstChild.Data)
			case "details":
				details++
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	if len(styles) != 1 {
		t.Fatalf("%d style elements, want 1", len(styles))
	}
	sum := sha256.Sum256([]byte(styles[0]))
	want := "default-src 'none'; style-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	if !strings.HasPrefix(csp, want) {
		t.Errorf("Content-Security-Policy %q, want it to start %q", csp, want)
	}
	turns, calls := 0, 0
	for _, e := range s.Entries {
		switch e := e.(type) {
		case *session.TurnStart:
			turns++
		case *session.ToolCall:
			calls++
			if id := fmt.Sprintf("call-%d", e.ID); !ids[id] {
				t.Errorf("no anchor %s", id)
			}
		}
	}
	anchors := 0
	for id := range ids {
		if strings.HasPrefix(id, "turn-") {
			anchors++
		}
	}
	if anchors != turns {
		t.Errorf("%d turn anchors for %d turns", anchors, turns)
	}
	if !ids["stats"] || !ids["changes"] {
		t.Error("the page has no stats or no changes section")
	}
	for _, h := range hrefs {
		if !ids[strings.TrimPrefix(h, "#")] {
			t.Errorf("a link to %s, which the page does not hold", h)
		}
	}
	if len(turnLinks) != turns || len(stats.Of(s).PerTurn) != turns {
		t.Errorf("the table of turns links %d turns of %d", len(turnLinks), turns)
	}
	for _, h := range turnLinks {
		if !strings.HasPrefix(h, "#turn-") {
			t.Errorf("the table of turns links %s", h)
		}
	}
	_ = calls
}

// inTable reports whether n is inside a table's body: a row of the turns.
func inTable(n *html.Node) bool {
	for ; n != nil; n = n.Parent {
		if n.Type == html.ElementNode && n.Data == "tbody" {
			return true
		}
	}
	return false
}

// cells are the texts of a page's table cells.
func cells(n *html.Node) []string {
	var out []string
	if n.Type == html.ElementNode && n.Data == "td" {
		return []string{text(n)}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		out = append(out, cells(c)...)
	}
	return out
}

// checkMarkdown renders Markdown as GitHub does (GFM and footnotes, raw
// HTML let through) and checks that the HTML holds only what deck writes
// itself: no element from the session, no link, no image, no heading but
// the title, Stats, Changes and the turns', no code outside a <details>.
func checkMarkdown(t *testing.T, s *session.Session, md string) []string {
	t.Helper()
	var out bytes.Buffer
	gm := goldmark.New(goldmark.WithExtensions(extension.GFM, extension.Footnote), goldmark.WithRendererOptions(gmhtml.WithUnsafe()))
	if err := gm.Convert([]byte(md), &out); err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(&out)
	if err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{"html": true, "head": true, "body": true, "h1": true, "h2": true, "h3": true, "p": true,
		"ul": true, "li": true, "input": true, "blockquote": true, "details": true, "summary": true,
		"pre": true, "code": true, "em": true, "strong": true, "br": true, "a": true,
		"table": true, "thead": true, "tbody": true, "tr": true, "th": true, "td": true}
	tables, rows, h1 := 0, 0, 0
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			if !allowed[n.Data] {
				t.Errorf("the Markdown makes a <%s> element", n.Data)
			}
			for _, a := range n.Attr {
				ok := a.Key == "class" && strings.HasPrefix(a.Val, "language-") ||
					n.Data == "a" && a.Key == "id" && strings.HasPrefix(a.Val, "call-") ||
					n.Data == "input" && (a.Key == "type" && a.Val == "checkbox" || a.Key == "disabled" || a.Key == "checked")
				if !ok {
					t.Errorf("the Markdown makes <%s %s=%q>", n.Data, a.Key, a.Val)
				}
			}
			switch {
			case n.Data == "table":
				tables++
			case n.Data == "tr" && inTable(n):
				rows++
			case n.Data == "h1":
				h1++
			case n.Data == "h2" && !slices.Contains([]string{"Stats", "Changes"}, text(n)),
				n.Data == "h3" && !turnHeading.MatchString(text(n)):
				t.Errorf("the Markdown makes <%s>%s</%s>", n.Data, text(n), n.Data)
			case n.Data == "pre" && !inDetails(n):
				t.Errorf("the Markdown makes code outside a <details>: %q", text(n))
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	if turns := len(stats.Of(s).PerTurn); turns > 0 && (tables != 1 || rows != turns) || turns == 0 && tables != 0 {
		t.Errorf("the Markdown makes %d tables of %d rows, for %d turns", tables, rows, turns)
	}
	if h1 != 1 {
		t.Errorf("the Markdown makes %d <h1>, not the title's alone", h1)
	}
	return cells(doc)
}

// turnHeading is the heading of a turn in deck's Markdown.
var turnHeading = regexp.MustCompile(`^Turn \d+$`)

// inDetails reports whether n is inside a <details>, where deck's code is.
func inDetails(n *html.Node) bool {
	for ; n != nil; n = n.Parent {
		if n.Type == html.ElementNode && n.Data == "details" {
			return true
		}
	}
	return false
}

// text is the text of n and all it holds.
func text(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

// TestChangesOfEveryFormat lists the changed files of a session of each
// format: the harness's, Claude Code's and ACP's from the testdata, and a
// Codex rollout with a patch (the corpus's Codex patches are redacted).
func TestChangesOfEveryFormat(t *testing.T) {
	codex := strings.Join([]string{
		`{"timestamp":"2025-11-17T21:30:28.664Z","type":"session_meta","payload":{"id":"s1","timestamp":"2025-11-17T21:30:28.608Z","cwd":"/w","originator":"codex_cli_rs","cli_version":"0.58.0","model_provider":"openai"}}`,
		`{"timestamp":"2025-11-17T21:31:01.000Z","type":"response_item","payload":{"type":"custom_tool_call","status":"completed","call_id":"p1","name":"apply_patch","input":"*** Begin Patch\n*** Add File: docs/new.md\n+# New\n+text\n*** Update File: src/app.py\n@@ def greet():\n-    print(\"Hi\")\n+    print(\"Hello\")\n*** End Patch\n"}}`,
		`{"timestamp":"2025-11-17T21:31:02.000Z","type":"response_item","payload":{"type":"custom_tool_call_output","call_id":"p1","output":"Exit code: 0\nWall time: 0.2 seconds\nOutput:\nSuccess.\n"}}`,
	}, "\n") + "\n"
	cs, err := source.ReadAll(strings.NewReader(codex))
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		s     *session.Session
		first string
		n     int
	}{
		"harness":     {open(t, "testdata/fixtures/edit-diffs.jsonl"), "/work/app/main.go", 2},
		"claude-code": {open(t, "testdata/corpus/claude-code/d-kimuson_claude-code-viewer__fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl"), "/path/to/Demo/todo-app/src/app/page.tsx", 26},
		"acp":         {open(t, "testdata/corpus/acp/codex-acp.codecompanion-capture.jsonl"), "/Users/Oli/Code/Neovim/codecompanion.nvim/hello.txt", 1},
		"codex":       {cs, "/w/docs/new.md", 2},
	} {
		l := changes.Of(c.s)
		if len(l.Changed) != c.n || l.Changed[0].Path != c.first {
			t.Errorf("%s: %d changed, first %+v; want %d, first %s", name, len(l.Changed), l.Changed, c.n, c.first)
			continue
		}
		if n, ok := changes.NetOf(c.s, c.first); !ok || n.Added == 0 {
			t.Errorf("%s: the net change of %s is %+v", name, c.first, n)
		}
	}
}
