package cards

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/stats"
	"github.com/deck-tui/deck/theme"
)

// twoTurns is a session whose first turn records every figure and whose
// second, unfinished, records none but its counts.
func twoTurns() stats.Stats {
	m := stats.Measured[float64]
	timed := stats.Figures{Steps: m(3), ToolCalls: 142, Errors: 1, WallTime: m(821000), ModelTime: m(760000), ToolTime: m(421000),
		FirstToken: m(11100), TokensPerSecond: m(48.6), CacheHitRate: m(0.94), InputTokens: m(6740973), OutputTokens: m(36950), ReasoningTokens: m(17085),
		CacheReadTokens: m(6336515), TotalTokens: m(6777923),
		ToolCallsByName: map[string]int{"exec_command": 118, "write_stdin": 14, "apply_patch": 10}}
	bare := stats.Figures{ToolCalls: 2, ToolTime: m(0)}
	return stats.Stats{Turns: 2, Figures: timed, PerTurn: []stats.Turn{{Turn: 1, Reason: "completed", Figures: timed}, {Turn: 2, Figures: bare}}}
}

// The card breaks its rows between two figures, never inside one that
// fits a row, and says "not recorded" for each figure a turn lacks: it is
// readable at every width deck is read at.
func TestStatsCardBreaksBetweenFigures(t *testing.T) {
	st := twoTurns()
	var figures []string
	for _, g := range sessionFigures(st) {
		figures = append(figures, g...)
	}
	for _, turn := range st.PerTurn {
		for _, g := range turnFigures(turn) {
			figures = append(figures, g...)
		}
	}
	for _, w := range []int{40, 80, 120} {
		rows := StatsCard(st, Options{Width: w, Theme: theme.Dark()})
		plain := make([]string, len(rows))
		for i, r := range rows {
			plain[i] = ansi.Strip(r)
			if Width(plain[i]) > w {
				t.Errorf("width %d: row %q is wider", w, plain[i])
			}
			if l := strings.TrimSpace(plain[i]); strings.HasPrefix(l, "·") || strings.HasSuffix(l, "·") {
				t.Errorf("width %d: row %q breaks at a separator's side", w, plain[i])
			}
		}
		card := strings.Join(plain, "\n")
		for _, f := range figures {
			if ansi.StringWidth(f) <= w-2*indent && !strings.Contains(card, f) {
				t.Errorf("width %d: the figure %q is cut across rows:\n%s", w, f, card)
			}
		}
		if w == 120 {
			has(t, card, "turn 2 · 2 tool calls · 0 errors · steps not recorded", "\n    wall time not recorded · model time not recorded", "tool time 0ms", "total tokens not recorded · input not recorded")
		}
		if strings.Contains(card, "wall time 0") {
			t.Errorf("width %d: an unrecorded time reads as 0:\n%s", w, card)
		}
	}
}

// The exports' table of turns holds each turn's figures in the card's
// words, one cell per head.
func TestTurnTable(t *testing.T) {
	head, rows := TurnTable(twoTurns())
	if len(rows) != 2 || len(rows[0]) != len(head) || len(rows[1]) != len(head) {
		t.Fatalf("%d heads, rows %q", len(head), rows)
	}
	cell := func(row int, name string) string {
		for i, h := range head {
			if h == name {
				return rows[row][i]
			}
		}
		t.Fatalf("no column %q in %q", name, head)
		return ""
	}
	for _, c := range []struct {
		row        int
		name, want string
	}{
		{0, "turn", "1"}, {0, "ended", "completed"}, {0, "tool calls", "142"}, {0, "wall time", "13m41s"}, {0, "cache hits", "94%"},
		{1, "ended", ""}, {1, "steps", "not recorded"}, {1, "tool time", "0ms"}, {1, "input", "not recorded"}, {0, "total tokens", "6,777,923"}, {1, "tokens/s", "not recorded"},
	} {
		if got := cell(c.row, c.name); got != c.want {
			t.Errorf("turn %d's %s is %q, want %q", c.row+1, c.name, got, c.want)
		}
	}
}

// A subagent's calls and errors are said apart from the session's own, as
// nested, on the card and in the exports' table; a session with none says
// nothing of them.
func TestStatsSayWhatIsNested(t *testing.T) {
	st := twoTurns()
	none := strings.Join(StatsLines(st), "\n")
	st.Figures.NestedToolCalls, st.Figures.NestedErrors = 156, 23
	st.Figures.NestedToolCallsByName = map[string]int{"Bash": 100, "Read": 56}
	st.PerTurn[1].Figures.NestedToolCalls, st.PerTurn[1].Figures.NestedErrors = 156, 23
	rows := StatsCard(st, Options{Width: 200, Theme: theme.Dark()})
	card := ansi.Strip(strings.Join(rows, "\n"))
	has(t, card, "142 tool calls (exec_command ×118, write_stdin ×14, apply_patch ×10) · +156 nested calls (Bash ×100, Read ×56) · 1 error (+23 nested)",
		"turn 2 · 2 tool calls (+156 nested) · 0 errors (+23 nested)", "turn 1 · completed · 142 tool calls · 1 error ·")
	if strings.Contains(none, "nested") {
		t.Errorf("a session with no nested work speaks of it:\n%s", none)
	}
	_, table := TurnTable(st)
	if got := table[1][2] + " | " + table[1][3]; got != "2 (+156 nested) | 0 (+23 nested)" {
		t.Errorf("turn 2's calls and errors in the table: %q", got)
	}
}

// The card stops at the display cap: the turns past it are not laid out
// to be dropped (a million events are 83,334 turns, 250,000 rows of
// figures), so ten times the turns cost what the cap does.
func TestAStatsCardOfManyTurnsCostsItsCap(t *testing.T) {
	st := twoTurns()
	turn := st.PerTurn[0]
	allocs := func(turns int) float64 {
		st.PerTurn = make([]stats.Turn, turns)
		for i := range st.PerTurn {
			st.PerTurn[i] = turn
			st.PerTurn[i].Turn = i + 1
		}
		o := Options{Width: 100, Theme: theme.Dark()}
		return testing.AllocsPerRun(1, func() { StatsCard(st, o) })
	}
	few, many := allocs(5000), allocs(50000)
	if many > few*1.1 {
		t.Errorf("50,000 turns allocate %.0f times, 5,000 %.0f: the card lays out the turns past its cap", many, few)
	}
	pulled := 0 // the turns as stats.Turns yields them: those past the cap are not even counted
	StatsCardOf(st, func(yield func(stats.Turn) bool) {
		for _, tu := range st.PerTurn {
			if pulled++; !yield(tu) {
				return
			}
		}
	}, Options{Width: 100, Theme: theme.Dark()})
	if pulled > maxCardRows/3+1 {
		t.Errorf("the card took %d turns of %d; three rows each, %d fill it", pulled, len(st.PerTurn), maxCardRows/3)
	}
}

// A card over the display cap says how many turns it does not list, and
// where they are: a million events are 83,334 turns, and the card listed
// 3,333 of them and said nothing of the rest.
func TestAStatsCardSaysHowManyTurnsItDoesNotList(t *testing.T) {
	turns := func(n int) *session.Session {
		s := &session.Session{Format: session.FormatHarness}
		for i := 1; i <= n; i++ {
			s.Entries = append(s.Entries, &session.TurnStart{Turn: i}, &session.TurnEnd{Reason: "completed"})
		}
		return s
	}
	o := Options{Width: 100, Theme: theme.Dark()}
	many := turns(5000)
	for name, rows := range map[string][]string{
		"of Of":               StatsCard(stats.Of(many), o),
		"of Totals and Turns": StatsCardOf(stats.Totals(many), stats.Turns(many), o),
	} {
		listed := 0
		for _, r := range rows {
			if strings.HasPrefix(ansi.Strip(r), "  turn ") {
				listed++
			}
		}
		if listed == 0 || listed >= 5000 {
			t.Fatalf("%s: %d turns of 5,000 listed: the cap is not where the test expects it", name, listed)
		}
		want := fmt.Sprintf("  … %s more turns, past the display cap: deck stats --json lists them all", thousands(5000-listed))
		if last := ansi.Strip(rows[len(rows)-1]); last != want {
			t.Errorf("%s: the card lists %d turns of 5,000 and ends\n%q, not\n%q", name, listed, last, want)
		}
	}
	for _, r := range StatsCard(stats.Of(turns(3)), o) {
		if strings.Contains(r, "display cap") {
			t.Errorf("a card that lists every turn says some are not: %q", ansi.Strip(r))
		}
	}
}
