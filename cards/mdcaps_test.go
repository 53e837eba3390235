package cards

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// markdownCards are the cards other than a reply that draw Markdown, each
// of text: a generic call's and a generic result's content (a plan, a
// Codex script deck cannot read, a failed command), a web search's answer,
// a fetched page.
func markdownCards(text string) map[string]session.Entry {
	content := []session.ContentBlock{{Type: "text", Text: text}}
	done := &session.ToolResult{Content: content}
	return map[string]session.Entry{
		"generic call":   &session.ToolCall{Name: "exit_plan_mode", Call: session.GenericCallView{Title: "Plan", Content: content}},
		"generic result": &session.ToolCall{Name: "x", Call: session.GenericCallView{Title: "x"}, Result: done, View: session.GenericResultView{Content: content}},
		"web answer":     &session.ToolCall{Name: "web_search", Result: done, View: session.WebSearchResultView{Answer: text}},
		"web page":       &session.ToolCall{Name: "web_fetch", Result: done, View: session.WebFetchResultView{URL: "https://example.com/"}},
		"reply":          &session.AssistantText{Text: text},
	}
}

// fewerUnderRace keeps, under the race detector (glamour some five times
// slower there), one card of the kinds, a generic result: these tests run
// on one goroutine, and the others draw through the same mdBody.
func fewerUnderRace(cards map[string]session.Entry) map[string]session.Entry {
	if raceEnabled {
		return map[string]session.Entry{"generic result": cards["generic result"]}
	}
	return cards
}

// drawn draws an entry and returns its card, to count what it laid out.
func drawn(e session.Entry, o Options) *card {
	c := newCard(o)
	drawEntry(c, e)
	return c
}

// A card of Markdown lays it out only until the card is full: the rows
// past the display cap are never made (a piece's worth at most), and the
// text past them is counted as not drawn. Each of these cards made every
// row of its text and dropped those past the cap: some 14,000 here.
func TestMarkdownCardsLayOutOnlyWhatTheCapShows(t *testing.T) {
	unit := "Some **prose** with `code` in it: a paragraph long enough to wrap a few times at forty columns.\n\n- a list item\n- and another\n\n"
	text := strings.Repeat(unit, (300<<10)/len(unit))
	o := Options{Width: 40, Theme: theme.Dark(), Expanded: true}
	for name, e := range fewerUnderRace(markdownCards(text)) {
		c := drawn(e, o)
		if c.dropped > 500 || c.unread == 0 {
			t.Errorf("%s: %d rows laid out past the cap and dropped, %d bytes of text counted as not drawn", name, c.dropped, c.unread)
		}
	}
}

// Markdown with nowhere to cut it into pieces (a heading before each
// paragraph) is cut before its blocks, never handed to glamour whole: a
// 200 KB text of such blocks was one piece, laid out to its end.
func TestMarkdownWithoutCutsIsLaidOutInPieces(t *testing.T) {
	unit := "## A section\n\nSome prose under it, long enough to wrap at forty columns once.\n\n```go\nfunc f() {}\n```\n\n"
	text := strings.Repeat(unit, (200<<10)/len(unit))
	o := Options{Width: 40, Theme: theme.Dark(), Expanded: true}
	for name, e := range fewerUnderRace(markdownCards(text)) {
		c := drawn(e, o)
		if c.dropped > 3000 || c.unread == 0 {
			t.Errorf("%s: %d rows laid out past the cap and dropped, %d bytes of text counted as not drawn", name, c.dropped, c.unread)
		}
	}
}

// A fence too big for glamour (a Codex script shown as it came) is drawn
// by deck as code: highlighted by its language, as many lines as the cap
// can show, the rest counted as not drawn. glamour drew all 30,000 lines.
func TestABigFenceIsDrawnAsCodeToTheCap(t *testing.T) {
	code := strings.Repeat("const x = 1;\n", 30000)
	o := Options{Width: 60, Theme: theme.Dark(), Expanded: true}
	for name, e := range fewerUnderRace(markdownCards("```js\n" + code + "```\n")) {
		c := drawn(e, o)
		if c.dropped > 10 || c.unread < 19000*len("const x = 1;\n") {
			t.Errorf("%s: %d rows dropped, %d bytes counted as not drawn", name, c.dropped, c.unread)
		}
		i := slices.IndexFunc(c.rows, func(r string) bool { return strings.Contains(ansi.Strip(r), "const x = 1;") })
		if i < 0 || strings.Count(c.rows[i], "\x1b[") < 6 { // a style a token, not one for the line
			t.Errorf("%s: the code is not highlighted: %q", name, c.rows[min(max(i, 0), len(c.rows)-1)])
		}
	}
}

// Its code is highlighted within highlight.go's caps, and a card whose
// code is over them says why, as a read card does: glamour lexed a line
// of any length.
func TestABigFenceOverTheCapsSaysWhyItIsPlain(t *testing.T) {
	code := strings.Repeat("const x = 1; ", 40<<10/13) + "\n"
	o := Options{Width: 60, Theme: theme.Dark(), Expanded: true}
	for name, e := range markdownCards("```js\n" + code + "```\n") {
		rows := Render(e, o)
		if !strings.Contains(strings.Join(rows, "\n"), "code not highlighted: a line over 16 KiB") {
			t.Errorf("%s: no note says the code is not highlighted", name)
		}
	}
}

// Any other block too big for glamour (a list of thousands of items) is
// shown as its text, and says so.
func TestABigBlockIsShownAsItsText(t *testing.T) {
	text := strings.Repeat("- an item\n", 8000)
	o := Options{Width: 60, Theme: theme.Dark(), Expanded: true}
	for name, e := range markdownCards(text) {
		rows := Render(e, o)
		all := strings.Join(rows, "\n")
		if !strings.Contains(all, bigNote) || strings.Count(all, "- an item") != 8000 {
			t.Errorf("%s: %d items shown as text, note: %v", name, strings.Count(all, "- an item"), strings.Contains(all, bigNote))
		}
	}
}

// A collapsed card lays out its first rows and a bounded part of the rest
// to count them, and says how much text is left past that: it laid all
// of it out to count its rows.
func TestACollapsedMarkdownCardCountsABoundedPart(t *testing.T) {
	unit := "Some **prose** with `code` in it: a paragraph long enough to wrap a few times at forty columns.\n\n"
	text := strings.Repeat(unit, (300<<10)/len(unit))
	o := Options{Width: 40, Theme: theme.Dark()}
	for name, e := range markdownCards(text) {
		if name == "web answer" || name == "reply" {
			continue // drawn whole, to the cap
		}
		rows := Render(e, o)
		foot := strings.Join(strings.Fields(ansi.Strip(strings.Join(rows[len(rows)-3:], " "))), " ")
		if len(rows) > 30 || !strings.Contains(foot, "KB more text") {
			t.Errorf("%s: %d rows, the last %q", name, len(rows), foot)
		}
	}
}

// A tool call's card of Markdown is lazy as a reply's is: its rows are
// Render's first rows however far it is laid out, and Render's once whole,
// collapsed or expanded.
func TestALazyToolCardIsRendersCard(t *testing.T) {
	for name, e := range fewerUnderRace(markdownCards(paragraphs(16 << 10))) {
		for _, expanded := range []bool{false, true} {
			o := Options{Width: 58, Theme: theme.Dark(), Expanded: expanded}
			whole := Render(e, o)
			z := NewLazy(e, o)
			if z == nil {
				t.Fatalf("%s: not drawn in pieces", name)
			}
			for n := 1; !z.Whole(); n += 97 {
				rows := z.Rows(n)
				if len(rows) < min(n, len(whole)) || !slices.Equal(rows, whole[:len(rows)]) {
					t.Fatalf("%s, expanded %v: asked for %d rows, the lazy card's %d rows are not Render's first", name, expanded, n, len(rows))
				}
			}
			if !slices.Equal(z.All(), whole) {
				t.Errorf("%s, expanded %v: the whole lazy card is not Render's", name, expanded)
			}
		}
	}
}

// A screen of a tool card of 10 MB of Markdown costs a piece or two: it
// was drawn whole, to the cap.
func TestALazyToolCardLaysOutOnlyWhatIsRead(t *testing.T) {
	for name, e := range markdownCards(paragraphs(10 << 20)) {
		if _, ok := e.(*session.ToolCall); !ok {
			continue
		}
		z := NewLazy(e, Options{Width: 120, Theme: theme.Dark(), Expanded: true})
		if z == nil {
			t.Fatalf("%s: not drawn in pieces", name)
		}
		if rows := z.Rows(50); len(rows) < 50 {
			t.Fatalf("%s: asked for 50 rows, got %d", name, len(rows))
		}
		if done := z.l.(*mdCard).body.texts[0].pieces; done > 2 {
			t.Errorf("%s: 50 rows laid out %d pieces", name, done)
		}
	}
}
