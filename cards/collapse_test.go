package cards

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/session"
)

// itemWords are n one-word lines, item01 item02 …: each kind's card below
// draws each item on a row of its own with its word once, so the words
// on a card count the items it shows.
func itemWords(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("item%02d", i+1)
	}
	return out
}

// finishedCall is a done tool call with its views and its result's text.
func finishedCall(call session.CallView, view session.ResultView, text string) *session.ToolCall {
	return &session.ToolCall{Name: "tool", Call: call, View: view,
		Result: &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: text}}}}
}

// collapseKinds are a card of n items for each kind's collapse limit, with
// the limit docs/cards.md states: how many items a collapsed card keeps, the
// most it shows whole, and its note when it has one item past that.
var collapseKinds = []struct {
	name        string
	keep, whole int
	note        string
	card        func(n int) session.Entry
}{
	{"read", 12, 13, "… 2 more lines", func(n int) session.Entry {
		var lines []session.ReadFileLine
		for i, s := range itemWords(n) {
			lines = append(lines, session.ReadFileLine{Number: i + 1, Text: s})
		}
		return finishedCall(session.GenericCallView{Title: "Read"}, session.ReadResultView{Path: "a.txt", Offset: 1, Lines: lines, TotalLines: n}, "")
	}},
	{"diff", 1, 1, "… 1 more hunk", func(n int) session.Entry {
		old := "old\n"
		var diffs []session.FileDiff
		for _, s := range itemWords(n) {
			diffs = append(diffs, session.FileDiff{Path: s + ".txt", OldText: &old, NewText: "new\n"})
		}
		return finishedCall(session.GenericCallView{Title: "Edit"}, session.DiffResultView{Diffs: diffs}, "")
	}},
	{"search", 8, 8, "… 1 more match", func(n int) session.Entry { // a file's row, then n-1 matches
		var ms []session.SearchLineMatch
		for i, s := range itemWords(n)[1:] {
			ms = append(ms, session.SearchLineMatch{LineNumber: i + 1, Line: s})
		}
		files := []session.SearchFileMatches{{Path: "item00.go", Matches: ms}}
		return finishedCall(session.GenericCallView{Title: "Grep"}, session.SearchMatchesResultView{Files: files, Total: n - 1}, "")
	}},
	{"paths", 8, 9, "… 2 more paths", func(n int) session.Entry {
		return finishedCall(session.GenericCallView{Title: "Glob"}, session.SearchPathsResultView{Paths: itemWords(n), Total: n}, "")
	}},
	{"sources", 8, 9, "… 2 more sources", func(n int) session.Entry {
		var sources []session.WebSource
		for _, s := range itemWords(n) {
			sources = append(sources, session.WebSource{Title: s, URL: "https://example.com/"})
		}
		return finishedCall(session.GenericCallView{Title: "Web search"}, session.WebSearchResultView{Sources: sources}, "")
	}},
	{"page", 12, 13, "… 2 more lines", func(n int) session.Entry {
		return finishedCall(session.GenericCallView{Title: "Fetch"}, session.WebFetchResultView{URL: "https://example.com/", StatusCode: 200},
			"- "+strings.Join(itemWords(n), "\n- "))
	}},
	{"terminal", 8, 9, "… 2 lines above", func(n int) session.Entry {
		out := strings.Join(itemWords(n), "\n")
		return finishedCall(session.TerminalCallView{Title: "seq"}, session.TerminalResultView{Output: out}, out)
	}},
	{"content", 12, 13, "… 2 more lines", func(n int) session.Entry {
		text := []session.ContentBlock{{Type: "text", Text: "- " + strings.Join(itemWords(n), "\n- ")}}
		return finishedCall(session.GenericCallView{Title: "Task"}, session.GenericResultView{Content: text}, "")
	}},
	{"input", 3, 4, "… 2 more lines", func(n int) session.Entry {
		return &session.ToolCall{Name: "tool", Call: session.GenericCallView{Title: "tool", RawInput: strings.Join(itemWords(n), "\n")}}
	}},
	{"text", 3, 4, "… 2 more lines", func(n int) session.Entry {
		return &session.Event{Kind: "compaction", Summary: "compacted", Body: strings.Join(itemWords(n), "\n")}
	}},
}

// Each kind's card shows a list as long as its limit's whole, and keeps
// the limit's first items (a command's output: its last) of one item more,
// saying how many it hides.
func TestCollapseLimitsPerKind(t *testing.T) {
	for _, k := range collapseKinds {
		draw := func(n int) string { return ansi.Strip(strings.Join(Render(k.card(n), Options{Width: 60}), "\n")) }
		if card := draw(k.whole); strings.Count(card, "item") != k.whole || strings.Contains(card, "…") {
			t.Errorf("%s: %d items, want all shown:\n%s", k.name, k.whole, card)
		}
		if card := draw(k.whole + 1); strings.Count(card, "item") != k.keep || !strings.Contains(card, k.note) {
			t.Errorf("%s: %d items, want %d shown and %q:\n%s", k.name, k.whole+1, k.keep, k.note, card)
		}
	}
}
