package cards

import (
	"fmt"
	"iter"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/deck-tui/deck/session/stats"
)

// StatsCard is the stats card: the session's figures, then each turn's. It
// closes `deck render`, is what `deck stats` prints and the viewer's stats
// page. Each figure the log does not record is said to be so.
func StatsCard(st stats.Stats, o Options) []string {
	return StatsCardOf(st, slices.Values(st.PerTurn), o)
}

// StatsCardOf is StatsCard of the session's figures st and its turns'
// as turns yields them (stats.Turns): the turns past the display cap are
// not even counted, and none is held; a last row says how many they are.
func StatsCardOf(st stats.Stats, turns iter.Seq[stats.Turn], o Options) []string {
	c := newCard(o)
	c.row(rule(c.th, o.Width, "──", " stats "))
	for _, g := range sessionFigures(st) {
		c.figures(g, indent, indent)
	}
	listed := 0
	for t := range turns {
		if c.full() { // the turns past the display cap are not laid out to be dropped
			break
		}
		listed++
		for i, g := range turnFigures(t) {
			first := indent + 2 // a turn's later rows hang under its number
			if i == 0 {
				first = indent
			}
			c.figures(g, first, indent+2)
		}
	}
	if unlisted := st.TurnsWithFigures() - listed; unlisted > 0 {
		note := fmt.Sprintf("  … %s, past the display cap: deck stats --json lists them all", plural(unlisted, "more turn", "more turns"))
		c.keepRow(c.str(line{{note, c.th.Notice}}.truncate(o.Width, span{"…", c.th.Notice})))
	}
	return c.rows
}

// figureGap is the width of " · ", between two figures.
const figureGap = 3

// figures adds one group of figures as rows, " · " between two: a row
// breaks between figures, and inside one only when it alone is wider than
// a row. The first row is indented by first cells, the others by rest.
func (c *card) figures(group []string, first, rest int) {
	th := c.th
	n := first
	var row line
	for _, f := range group {
		l := c.safeLine(f, th.Muted)
		if len(row) > 0 && row.width()+figureGap+l.width() > c.o.Width-n {
			c.bodyAt(row, n)
			row, n = nil, rest
		}
		if len(row) > 0 {
			l = append(line{{" · ", th.Muted}}, l...) // figureGap cells
		}
		for _, s := range l { // one span per style: one reset, not one a figure
			if k := len(row) - 1; k >= 0 && row[k].style == s.style {
				row[k].text += s.text
			} else {
				row = append(row, s)
			}
		}
	}
	if len(row) > 0 {
		c.bodyAt(row, n)
	}
}

// StatsLines are the session's figures as plain words, a line per group,
// for the exports: counts, then times, then tokens. Tool names are
// untrusted: a caller sanitises or escapes them.
func StatsLines(st stats.Stats) []string {
	groups := sessionFigures(st)
	lines := make([]string, len(groups))
	for i, g := range groups {
		lines[i] = strings.Join(g, " · ")
	}
	return lines
}

// sessionFigures are the session's figures in three groups: counts, times,
// tokens.
func sessionFigures(st stats.Stats) [][]string {
	f := st.Figures
	counts := []string{plural(st.Turns, "turn", "turns"), "steps " + f.Steps.Count(), plural(f.ToolCalls, "tool call", "tool calls") + byName(f.ToolCallsByName)}
	if f.NestedToolCalls > 0 {
		counts = append(counts, "+"+plural(f.NestedToolCalls, "nested call", "nested calls")+byName(f.NestedToolCallsByName))
	}
	return [][]string{
		append(counts, plural(f.Errors, "error", "errors")+NestedNote(f.NestedErrors)),
		{"wall time " + f.WallTime.Millis(), "model time " + f.ModelTime.Millis(), "tool time " + f.ToolTime.Millis(), "first token " + f.FirstToken.Millis(), "tokens/s " + f.TokensPerSecond.Rate()},
		{"total tokens " + f.TotalTokens.Count(), "input " + f.InputTokens.Count(), "output " + f.OutputTokens.Count(), "reasoning " + f.ReasoningTokens.Count(), "cache hits " + f.CacheHit()},
	}
}

// turnHead names a turn's figures in the order turnCells gives them, the
// order every output shows them in.
var turnHead = []string{"turn", "ended", "tool calls", "errors", "steps",
	"wall time", "model time", "tool time", "first token", "tokens/s",
	"total tokens", "input", "output", "reasoning", "cache hits"}

// turnCells are a turn's figures in words, one per turnHead: "not
// recorded" where the log lacks one, "" for a turn that has not ended.
func turnCells(t stats.Turn) []string {
	f := t.Figures
	return []string{strconv.Itoa(t.Turn), t.Reason, thousands(f.ToolCalls) + NestedNote(f.NestedToolCalls), thousands(f.Errors) + NestedNote(f.NestedErrors), f.Steps.Count(),
		f.WallTime.Millis(), f.ModelTime.Millis(), f.ToolTime.Millis(), f.FirstToken.Millis(), f.TokensPerSecond.Rate(),
		f.TotalTokens.Count(), f.InputTokens.Count(), f.OutputTokens.Count(), f.ReasoningTokens.Count(), f.CacheHit()}
}

// turnFigures are a turn's cells as the card's three groups, as the
// session's are: its number, end and counts; its times; its tokens.
func turnFigures(t stats.Turn) [][]string {
	cells := turnCells(t)
	named := func(from, to int) []string {
		var g []string
		for i := from; i < to; i++ {
			g = append(g, turnHead[i]+" "+cells[i])
		}
		return g
	}
	counts := []string{"turn " + cells[0]}
	if t.Reason != "" {
		counts = append(counts, t.Reason)
	}
	f := t.Figures
	counts = append(counts, plural(f.ToolCalls, "tool call", "tool calls")+NestedNote(f.NestedToolCalls), plural(f.Errors, "error", "errors")+NestedNote(f.NestedErrors))
	return [][]string{append(counts, named(4, 5)...), named(5, 10), named(10, len(turnHead))}
}

// TurnTable is the table of a session's turns that the exports write: its
// head, and a row of cells per turn (st.PerTurn's, in order), the figures
// in the card's words, the turn's number first. A turn's "ended" cell is the
// log's: untrusted.
func TurnTable(st stats.Stats) (head []string, rows [][]string) {
	for _, t := range st.PerTurn {
		rows = append(rows, turnCells(t))
	}
	return turnHead, rows
}

// NestedNote says how many more a count has nested in calls (a subagent's
// work): " (+156 nested)", "" when there are none. The stats card, the
// exports' table and the viewer's status bar say it in these words.
func NestedNote(n int) string {
	if n == 0 {
		return ""
	}
	return " (+" + thousands(n) + " nested)"
}

// byName lists the calls by tool, most used first: " (bash ×3, read ×2)".
func byName(n map[string]int) string {
	if len(n) == 0 {
		return ""
	}
	names := make([]string, 0, len(n))
	for k := range n {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool {
		if n[names[i]] != n[names[j]] {
			return n[names[i]] > n[names[j]]
		}
		return names[i] < names[j]
	})
	parts := make([]string, len(names))
	for i, k := range names {
		parts[i] = fmt.Sprintf("%s ×%d", k, n[k])
	}
	return " (" + strings.Join(parts, ", ") + ")"
}
