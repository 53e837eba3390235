package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/deck-tui/deck/session"
)

// A search the tool cut shows the tool's own words under the card (how it
// sampled, where the full list is), as the web client does; one it did
// not cut says nothing of it.
func TestATruncatedSearchShowsTheToolsOwnNote(t *testing.T) {
	text := "a.ts\nb.ts\n\n(Showing 2 of 8 paths, sampled. Full sorted result stored at: /tmp/x.txt.)"
	c := &session.ToolCall{
		Name: "glob", Arguments: `{"pattern":"*"}`,
		Call:   session.GenericCallView{Title: "Glob *", Kind: "search"},
		Result: &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: text}}},
		View:   session.SearchPathsResultView{Paths: []string{"a.ts", "b.ts"}, Truncated: true, Total: 8},
	}
	out := ansi.Strip(strings.Join(Render(c, Options{Width: 200, Expanded: true}), "\n"))
	if !strings.Contains(out, "(Showing 2 of 8 paths, sampled. Full sorted result stored at: /tmp/x.txt.)") {
		t.Errorf("the tool's note is lost:\n%s", out)
	}
	if strings.Contains(out, "showing 2 of 8 · truncated") {
		t.Errorf("deck's count repeats the note's own:\n%s", out)
	}
	c.View = session.SearchPathsResultView{Paths: []string{"a.ts", "b.ts"}, Total: 2}
	if out := ansi.Strip(strings.Join(Render(c, Options{Width: 200, Expanded: true}), "\n")); strings.Contains(out, "Showing") {
		t.Errorf("a search that was not cut shows a note:\n%s", out)
	}
}

// A grep the tool cut keeps the total it cut from ("showing 2 of 120") as
// well as the tool's note, whose words do not say the total.
func TestATruncatedGrepKeepsItsTotal(t *testing.T) {
	text := "Found 2 of 120 matches\n\na.go\nLine 1: func a()\n\nb.go\nLine 2: func b()\n\n(Full grep result stored at: /tmp/x/grep.txt.)"
	c := &session.ToolCall{
		Name: "grep", Arguments: `{"pattern":"func "}`,
		Call:   session.GenericCallView{Title: "Grep func ", Kind: "search"},
		Result: &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: text}}},
		View: session.SearchMatchesResultView{Files: []session.SearchFileMatches{
			{Path: "a.go", Matches: []session.SearchLineMatch{{LineNumber: 1, Line: "func a()"}}},
			{Path: "b.go", Matches: []session.SearchLineMatch{{LineNumber: 2, Line: "func b()"}}},
		}, Truncated: true, Total: 120},
	}
	out := ansi.Strip(strings.Join(Render(c, Options{Width: 200, Expanded: true}), "\n"))
	for _, want := range []string{"showing 2 of 120 · truncated", "(Full grep result stored at: /tmp/x/grep.txt.)"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q:\n%s", want, out)
		}
	}
}
