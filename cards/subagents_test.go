package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// The header lists the session's subagents as the web client's catalog
// does: how many and how many run, then each by its label and id, its
// mode, and what its own log says (running or completed, its tokens, its
// time); one that ran elsewhere, or whose log deck did not read, by its
// mode alone.
func TestTheHeaderListsTheSubagents(t *testing.T) {
	s := &session.Session{Title: "t", Subagents: []session.Subagent{
		{ID: "c1", Label: "tests", Mode: "one-shot", Log: &session.SubagentLog{Completed: true, Tokens: 1200, Duration: 3000}},
		{ID: "c2", Mode: "continuable", Log: &session.SubagentLog{Running: true, Tokens: 350, Duration: 1500}},
		{ID: "c3", Label: "lint", Mode: "one-shot", Log: &session.SubagentLog{}},
		{ID: "ext-7f3a", Label: "reviewer", Mode: "external"},
		{ID: "c4", Mode: "one-shot"},
	}}
	got := ansi.Strip(strings.Join(Header(s, Options{Width: 100, Theme: theme.Dark()}), "\n"))
	for _, want := range []string{
		"  subagents: 5 · 1 running",
		"    tests (c1) · one-shot · completed · 1.2k tokens · 3.0s",
		"    c2 · continuable · running · 350 tokens · 1.5s",
		"    lint (c3) · one-shot · inactive",
		"    reviewer (ext-7f3a) · external",
		"    c4 · one-shot",
	} {
		if !strings.Contains(got, want+"\n") && !strings.HasSuffix(got, want) {
			t.Errorf("the header lacks %q:\n%s", want, got)
		}
	}
}

// A child's label and mode come from the log: they reach the terminal
// sanitised.
func TestASubagentsLabelIsSanitised(t *testing.T) {
	s := &session.Session{Subagents: []session.Subagent{{ID: "c1", Label: "\x1b]0;pwned\x07x\u202e", Mode: "\x1b[2Jone-shot"}}}
	for _, r := range Header(s, Options{Width: 80, Theme: theme.Dark()}) {
		for _, bad := range []string{"\x1b]", "\x07", "\u202e", "\x1b[2J"} {
			if strings.Contains(r, bad) {
				t.Errorf("the header lets %q through: %q", bad, r)
			}
		}
	}
}
