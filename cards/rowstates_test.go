package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// Each row state the web client tells apart has a mark of its own in the
// card's header: preparing, running, ok, error, stopped, denied.
func TestEachRowStateHasItsOwnMark(t *testing.T) {
	failed := func(name, code string) *session.ToolResult {
		return &session.ToolResult{IsError: true, Error: &session.ToolError{Name: name, Code: code}, Content: []session.ContentBlock{{Type: "text", Text: "no"}}}
	}
	calls := map[string]*session.ToolCall{
		"preparing": {Name: "bash", Streaming: true},
		"running":   {Name: "bash"},
		"ok":        {Name: "bash", Result: &session.ToolResult{}},
		"error":     {Name: "bash", Result: failed("Error", "EFAIL")},
		"stopped":   {Name: "bash", Result: failed("AbortError", "interrupted")},
		"denied":    {Name: "bash", Result: failed("AutoReviewDeniedError", "AUTO_REVIEW_DENIED")},
	}
	seen := map[string]string{}
	o := Options{Width: 80, Theme: theme.Dark()}
	for state, c := range calls {
		head := ansi.Strip(Render(c, o)[0])
		mark, _, _ := strings.Cut(head, " ")
		if other, dup := seen[mark]; dup {
			t.Errorf("%s and %s share the mark %q", state, other, mark)
		}
		seen[mark] = state
	}
}

// A call the auto review denied says so and why, on one line, in place
// of any output (the tool never ran), and not as the raw error.
func TestADeniedCallSaysWhyItDidNotRun(t *testing.T) {
	c := &session.ToolCall{Name: "bash", Call: session.TerminalCallView{Title: "rm -rf build"},
		Result: &session.ToolResult{IsError: true, Content: []session.ContentBlock{{Type: "text", Text: "AutoReviewDeniedError: denied"}},
			Error: &session.ToolError{Name: "AutoReviewDeniedError", Code: "AUTO_REVIEW_DENIED", Reason: "  deletes the\nbuild tree  "}}}
	out := ansi.Strip(strings.Join(Render(c, Options{Width: 80, Theme: theme.Dark()}), "\n"))
	for _, want := range []string{"⊘ $ rm -rf build", "denied by auto review", "not run: deletes the build tree"} {
		if !strings.Contains(out, want) {
			t.Errorf("want %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "AutoReviewDeniedError: denied") || strings.Contains(out, "AUTO_REVIEW_DENIED") {
		t.Errorf("the raw error is drawn:\n%s", out)
	}
	c.Result.Error.Reason = "\n"
	if out := ansi.Strip(strings.Join(Render(c, Options{Width: 80, Theme: theme.Dark()}), "\n")); !strings.Contains(out, "not run: auto review did not authorize this action") {
		t.Errorf("no reason: want the fallback in\n%s", out)
	}
}
