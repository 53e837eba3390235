package viewer

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/session"
)

// summaries are the shown items as a line each: a group line's summary,
// another card's kind.
func summaries(v *Viewer) []string {
	var out []string
	for _, it := range v.items {
		if len(it.members) > 0 {
			out = append(out, "▸ "+it.e.(*session.Event).Summary)
			continue
		}
		out = append(out, map[kind]string{kindTurnStart: "turn", kindTurnEnd: "end", kindUser: "prompt", kindInjected: "context", kindOther: "reply"}[it.kind])
	}
	return out
}

// m cycles the web client's conversation modes: from Detailed (the cards
// as they are), Expanded (every card whole), then Compact, where the
// demo's 29 cards are 12: each run of process cards (calls, thinking,
// plans) between a prompt, a reply or the turn's bounds is one line. By
// hand, from the demo's cards: thinking; then todo, grep, glob, its plan,
// thinking, read, thinking (4 calls, thinking twice, a plan); then edit, a
// failed go test, thinking, edit, a failed read (4 calls, thinking, 2
// failed); then write, gotestsum, thinking, search, fetch, an MCP call,
// todo, its plan (6 calls, thinking, a plan). Then Detailed again.
func TestTheModesCycle(t *testing.T) {
	v := readViewer(t, demoLog(t))
	if len(v.items) != 29 || v.allOpen {
		t.Fatalf("detailed: %d cards, all open %v", len(v.items), v.allOpen)
	}
	press(v, "m")
	if len(v.items) != 29 || !v.allOpen || !strings.Contains(ansi.Strip(v.statusBar()), "expanded view") {
		t.Fatalf("expanded: %d cards, all open %v, %q", len(v.items), v.allOpen, ansi.Strip(v.statusBar()))
	}
	press(v, "m")
	want := []string{"turn", "prompt", "context", "▸ thinking", "reply", "▸ 4 tool calls · thinking ×2 · 1 plan", "reply",
		"▸ 4 tool calls · thinking · 2 failed", "reply", "▸ 6 tool calls · thinking · 1 plan", "reply", "end"}
	if got := summaries(v); strings.Join(got, "\n") != strings.Join(want, "\n") || v.allOpen {
		t.Fatalf("compact:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(ansi.Strip(v.statusBar()), "compact view") {
		t.Errorf("the status bar: %q", ansi.Strip(v.statusBar()))
	}
	if !strings.Contains(ansi.Strip(v.View().Content), "▸ 4 tool calls · thinking · 2 failed · enter to open") {
		t.Errorf("the group line is not on screen:\n%s", ansi.Strip(v.View().Content))
	}
	press(v, "m")
	status := ansi.Strip(v.statusBar())
	if len(v.items) != 29 || v.allOpen || !strings.HasSuffix(status, "· detailed view") || strings.Contains(status, "compact") {
		t.Fatalf("detailed again: %d cards, all open %v, %q", len(v.items), v.allOpen, status)
	}
}

// enter on a group line opens it: its cards take its place, the first
// focused; the next mode closes it again.
func TestEnterOpensAGroupLine(t *testing.T) {
	v := readViewer(t, demoLog(t))
	press(v, "m", "m", "tab", "tab", "tab", "tab", "tab") // compact; the turn, prompt, context, thinking, reply, then the second group
	if got := summaries(v)[v.focus]; got != "▸ 4 tool calls · thinking ×2 · 1 plan" {
		t.Fatalf("focused %q", got)
	}
	press(v, "enter")
	if len(v.items) != 12-1+7 || v.items[v.focus].kind != kindCall || len(v.items[v.focus].members) > 0 {
		t.Fatalf("opened: %d cards, focused %v", len(v.items), summaries(v)[v.focus])
	}
	press(v, "m", "m", "m") // round to compact again: closed
	if len(v.items) != 12 {
		t.Errorf("compact again: %d cards", len(v.items))
	}
}

// The mode's key is named in the config file as "mode", and in the help.
func TestTheModeKeyIsBindable(t *testing.T) {
	if got := KeyActions()["mode"]; len(got) != 1 || got[0] != "m" {
		t.Errorf("the mode action's keys: %q", got)
	}
}
