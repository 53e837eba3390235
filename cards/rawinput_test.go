package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/deck-tui/deck/session"
)

// A finished generic call keeps its raw input one keypress away: expanded,
// the run_code program shows under the title; collapsed, the card is its
// result alone.
func TestAFinishedGenericCallKeepsItsInputExpanded(t *testing.T) {
	c := &session.ToolCall{
		Name:   "run_code",
		Call:   session.GenericCallView{Title: "Count the files", RawInput: "return 12"},
		Result: &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: "12"}}},
		View:   session.GenericResultView{},
	}
	draw := func(expanded bool) string {
		return ansi.Strip(strings.Join(Render(c, Options{Width: 80, Expanded: expanded}), "\n"))
	}
	if out := draw(true); !strings.Contains(out, "→ return 12") {
		t.Errorf("expanded, the program is lost:\n%s", out)
	}
	if out := draw(false); strings.Contains(out, "return 12") {
		t.Errorf("collapsed, the program shows:\n%s", out)
	}
}

// Collapsed, a finished generic call says its input is there, and in the
// viewer how to see it, as a cut list says how much more there is.
func TestACollapsedCallSaysItsInputIsThere(t *testing.T) {
	c := &session.ToolCall{
		Name:   "run_code",
		Call:   session.GenericCallView{Title: "Count the files", RawInput: "const n = 12\nreturn n"},
		Result: &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: "12"}}},
		View:   session.GenericResultView{},
	}
	if out := ansi.Strip(strings.Join(Render(c, Options{Width: 80, ExpandHint: true}), "\n")); !strings.Contains(out, "… 2 lines of input · enter to expand") {
		t.Errorf("collapsed, nothing says the input is there:\n%s", out)
	}
	if out := ansi.Strip(strings.Join(Render(c, Options{Width: 80, Expanded: true, ExpandHint: true}), "\n")); strings.Contains(out, "of input") {
		t.Errorf("expanded, the note stays:\n%s", out)
	}
}

// An input the title shows whole, as one of its words, is not repeated
// under it (`✓ Grep old in src`, not `→ old` under it); one the title only
// holds inside a word is.
func TestAnInputTheTitleShowsIsNotRepeated(t *testing.T) {
	for title, repeated := range map[string]bool{"Grep old": false, "Grep old in src": false, "Grep old (*.go)": false, "Read old.go": true, "Grep golden": true, "old": false} {
		c := &session.ToolCall{
			Name:   "grep",
			Call:   session.GenericCallView{Title: title, Kind: "search", RawInput: "old"},
			Result: &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: "Found 1 match"}}},
			View:   session.GenericResultView{},
		}
		out := ansi.Strip(strings.Join(Render(c, Options{Width: 80, Expanded: true}), "\n"))
		if got := strings.Contains(out, "→ old"); got != repeated {
			t.Errorf("%q: input repeated %v, want %v:\n%s", title, got, repeated, out)
		}
	}
}

// An input that is an object of programs (cordis_define's code: host and
// client halves) shows each member under its name as lines, never as one
// line of JSON with "\n" in it; an object of short values stays one line.
func TestAnInputOfProgramsShowsTheirLines(t *testing.T) {
	c := &session.ToolCall{
		Name: "cordis_define",
		Call: session.GenericCallView{Title: "Register Cordis Plugin", RawInput: map[string]any{
			"host": "return {\n  apply(ctx) {}\n}", "client": "return {}",
		}},
	}
	out := ansi.Strip(strings.Join(Render(c, Options{Width: 80}), "\n"))
	for _, want := range []string{"→ client:\n      return {}", "    host:\n      return {\n        apply(ctx) {}\n      }"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, `\n`) {
		t.Errorf("a program shows as JSON:\n%s", out)
	}
	c.Call = session.GenericCallView{Title: "Query", RawInput: map[string]any{"method": "b", "n": 2.0}}
	if out := ansi.Strip(strings.Join(Render(c, Options{Width: 80}), "\n")); !strings.Contains(out, `→ {"method":"b","n":2}`) {
		t.Errorf("short values are not one line:\n%s", out)
	}
}
