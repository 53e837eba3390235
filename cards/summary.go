package cards

import (
	"fmt"
	"sort"
	"strings"

	"github.com/deck-tui/deck/session/stats"
)

// StatsCard is the stats card of `deck stats`: the summary, then two lines
// per turn, its counts and times, then its tokens.
func StatsCard(st stats.Stats, o Options) []string {
	c := newCard(o)
	c.rows = Summary(st, o)
	c.made = len(c.rows)
	for _, t := range st.PerTurn {
		f := t.Figures
		l := fmt.Sprintf("turn %d: %s · %s · %s · wall time %s · model time %s · tool time %s · first token %s",
			t.Turn, plural(f.ToolCalls, "tool call", "tool calls"), plural(f.Errors, "error", "errors"), "steps "+f.Steps.Count(),
			f.WallTime.Millis(), f.ModelTime.Millis(), f.ToolTime.Millis(), f.FirstToken.Millis())
		if t.Reason != "" {
			l += " · " + t.Reason
		}
		c.body(safeLine(c.th, l, c.th.Muted))
		tokens := fmt.Sprintf("turn %d tokens: input %s · output %s · reasoning %s · cache hits %s · tokens/s %s",
			t.Turn, f.InputTokens.Count(), f.OutputTokens.Count(), f.ReasoningTokens.Count(), f.CacheHitRate.Percent(), f.TokensPerSecond.Rate())
		c.body(safeLine(c.th, tokens, c.th.Muted))
	}
	return c.rows
}

// Summary is the stats card that closes `deck render`: the session's
// turns, calls, errors, times and tokens, each figure the log does not
// record said to be so.
func Summary(st stats.Stats, o Options) []string {
	c := newCard(o)
	th := c.th
	c.row(rule(th, o.Width, "──", " stats "))
	for _, l := range StatsLines(st) {
		c.body(safeLine(th, l, th.Muted))
	}
	return c.rows
}

// StatsLines are the summary's lines as plain words, for every output
// format: counts, then times, then tokens. Tool names are untrusted: a
// caller sanitises or escapes them.
func StatsLines(st stats.Stats) []string {
	f := st.Figures
	counts := []string{plural(st.Turns, "turn", "turns"), "steps " + f.Steps.Count(), plural(f.ToolCalls, "tool call", "tool calls") + byName(f.ToolCallsByName), plural(f.Errors, "error", "errors")}
	times := []string{"wall time " + f.WallTime.Millis(), "model time " + f.ModelTime.Millis(), "tool time " + f.ToolTime.Millis(), "first token " + f.FirstToken.Millis(), "tokens/s " + f.TokensPerSecond.Rate()}
	tokens := []string{"input tokens " + f.InputTokens.Count(), "output " + f.OutputTokens.Count(), "reasoning " + f.ReasoningTokens.Count(), "cache hits " + f.CacheHitRate.Percent()}
	return []string{strings.Join(counts, " · "), strings.Join(times, " · "), strings.Join(tokens, " · ")}
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
