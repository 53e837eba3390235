//go:build !race

package cards

import (
	"runtime"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// The work of drawing a huge text is bounded by the display cap, not by its
// size: a 10 MB line costs what the cap's rows cost, in any of a card's
// texts (a reply, a prompt, a notice, a call's title and input).
func TestAHugeLineCostsWhatTheCapShows(t *testing.T) {
	if testing.Short() {
		t.Skip("draws 10 MB")
	}
	o := Options{Width: 100, Theme: theme.Dark(), Expanded: true}
	huge := strings.Repeat("x", 10<<20)
	coloured := strings.Repeat("\x1b[31mred\x1b[0m ", 10<<20/13) // uncut: 2.1 GiB
	output := &session.ToolCall{Name: "bash", View: session.TerminalResultView{Title: "$ cat", Output: coloured}}
	text := []session.ContentBlock{{Type: "text", Text: huge}}
	lines := strings.Repeat("x\n", 5<<20)
	for _, e := range []session.Entry{&session.AssistantText{Text: huge}, &session.Reasoning{Text: huge}, output,
		// each of these took 3.7 to 15.6 GiB before its texts were cut
		&session.UserMessage{Role: session.RoleHuman, Content: text},
		&session.UserMessage{Role: session.RoleInjected, Source: huge, Content: text},
		&session.Notice{Text: huge},
		&session.Event{Kind: "command", Summary: huge, Body: lines},
		&session.ToolCall{Name: "x", Call: session.GenericCallView{Title: huge, RawInput: lines}},
		&session.ToolCall{Name: "bash", Call: session.TerminalCallView{Title: huge, Description: huge}},
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		rows := Render(e, o)
		runtime.ReadMemStats(&after)
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<30 { // uncut: 7.7 GiB for the reasoning
			t.Errorf("%T: drawing a 10 MB text allocated %d MiB", e, alloc>>20)
		}
		if !strings.Contains(rows[len(rows)-1], "of text more not drawn") {
			t.Errorf("%T: the last row: %q", e, rows[len(rows)-1])
		}
	}
}

// A long line of a terminal card costs its length: doubling it no more
// than doubles what drawing it allocates (a row of output grown by joining
// its cells one by one, as it was, and a command's marks joined to their
// span one by one by the sanitiser, copied the run so far for each:
// four times the bytes).
func TestALongOutputLineCostsItsLength(t *testing.T) {
	allocated := func(call *session.ToolCall) uint64 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		Render(call, Options{Width: 100, Theme: theme.Dark(), Expanded: true})
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	output := func(out string) *session.ToolCall {
		return &session.ToolCall{Name: "bash", View: session.TerminalResultView{Title: "$ cat", Output: out}}
	}
	for name, call := range map[string]func(n int) *session.ToolCall{
		"a coloured line": func(n int) *session.ToolCall { return output("\x1b[31m" + strings.Repeat("x", n)) },
		"RLO marks":       func(n int) *session.ToolCall { return output(strings.Repeat("\u202e", n/8)) }, // ⟨RLO⟩: 5 cells each
		"a command of RLO marks": func(n int) *session.ToolCall {
			return &session.ToolCall{Name: "bash", View: session.TerminalResultView{Title: "$ " + strings.Repeat("\u202e", n/8), Output: "x"}}
		},
	} {
		short, long := allocated(call(64<<10)), allocated(call(128<<10))
		if long > 3*short {
			t.Errorf("%s: 64 KB allocated %d KiB, 128 KB %d KiB", name, short>>10, long>>10)
		}
	}
}
