package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

func grepCall(args string) *session.ToolCall {
	return &session.ToolCall{
		Name: "grep", Arguments: args,
		Call: session.GenericCallView{Title: "Grep func  in src"},
		View: session.SearchMatchesResultView{Files: []session.SearchFileMatches{{Path: "src/a.go", Matches: []session.SearchLineMatch{{LineNumber: 3, Line: "func main() { FUNC() }"}}}}},
	}
}

// A grep card marks what its pattern matched (case-blind with -i), quotes
// a pattern with a space at its edge in its title, and draws a pattern Go
// cannot read as plain text.
func TestGrepCardMarksMatches(t *testing.T) {
	th := theme.Dark()
	o := Options{Width: 80, Theme: th, Expanded: true}
	mark := th.Text.With(th.Match).Prefix()
	cases := []struct {
		args  string
		marks int
		title string
	}{
		{`{"pattern":"func "}`, 1, `Grep "func " in src`},
		{`{"pattern":"func","-i":true}`, 2, "Grep func  in src"},
		{`{"pattern":"(unclosed"}`, 0, "Grep func  in src"},
	}
	for _, c := range cases {
		rows := Render(grepCall(c.args), o)
		all := strings.Join(rows, "\n")
		if got := strings.Count(all, mark); got != c.marks {
			t.Errorf("%s: %d marks, want %d:\n%q", c.args, got, c.marks, all)
		}
		if !strings.Contains(ansi.Strip(rows[0]), c.title) {
			t.Errorf("%s: title %q, want %q", c.args, ansi.Strip(rows[0]), c.title)
		}
	}
}

// A search card built from a shell search's output (rg, grep) marks what its
// reader says it matched: the command's arguments have no pattern field.
func TestAShellSearchCardMarksMatches(t *testing.T) {
	th := theme.Dark()
	o := Options{Width: 80, Theme: th, Expanded: true}
	mark := th.Text.With(th.Match).Prefix()
	for match, marks := range map[string]int{"(?i)(?:func)": 2, "(?:func)": 1, "": 0} {
		call := grepCall(`{"command":["bash","-lc","rg -n func src"]}`)
		v := call.View.(session.SearchMatchesResultView)
		v.Match = match
		call.View = v
		if got := strings.Count(strings.Join(Render(call, o), "\n"), mark); got != marks {
			t.Errorf("match %q: %d marks, want %d", match, got, marks)
		}
	}
}
