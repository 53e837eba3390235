package cards

import (
	"math"
	"strconv"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/stats"
)

// The web client's stats pills, in words: what the harness's users see
// above its composer, with its figures (session/stats counts them by its
// rules). The header card shows both, the where bar and a host session's
// status bar the usage.

// ActivityPill is the turns, the steps and the tokens per second: "2 turns
// · 5 steps · 34 tokens/s", the steps and the speed when the log records
// them; "" for a session with no turn, or, of a log that records its steps,
// none ended (the web client shows no pill then).
func ActivityPill(st stats.Stats) string {
	steps, stepped := st.Figures.Steps.Value()
	if st.Turns == 0 || stepped && steps == 0 {
		return ""
	}
	parts := []string{plural(st.Turns, "turn", "turns")}
	if stepped {
		parts = append(parts, plural(int(min(steps, math.MaxInt32)), "step", "steps"))
	}
	if st.Figures.TokensPerSecond.Recorded() {
		parts = append(parts, strings.TrimSuffix(st.Figures.TokensPerSecond.Rate(), "/s")+" tokens/s")
	}
	return strings.Join(parts, " · ")
}

// UsagePill is the tokens, input and output, and the share of the input
// read from cache: "16.8k tokens · 87% cache hits"; "1.2k out tokens" for a
// log that counts output alone; "" for a session whose log reported none.
func UsagePill(u session.TokenUsage) string {
	if u.InputUnknown() && u.Output > 0 { // no total to give
		return Tokens(u.Output) + " out tokens"
	}
	f := stats.Usage(u)
	total, ok := f.TotalTokens.Value()
	if !ok {
		return ""
	}
	pill := Tokens(int64(min(total, math.MaxInt64))) + " tokens"
	if hit := f.CacheHit(); f.CacheReadTokens.Recorded() && hit != "not recorded" {
		pill += " · " + hit + " cache hits"
	}
	return pill
}

// Tokens writes a token count short, as the web client does: 950, 12.3k,
// 517k, 1.2M (from 100 on, a whole number of thousands or millions; below,
// one decimal, none when it is 0; halves rounded up).
func Tokens(n int64) string {
	scaled := func(v float64) string {
		if v >= 100 {
			return strconv.FormatFloat(math.Floor(v+0.5), 'f', -1, 64)
		}
		return strconv.FormatFloat(math.Floor(v*10+0.5)/10, 'f', -1, 64)
	}
	switch {
	case n < 1000:
		return strconv.FormatInt(max(n, 0), 10)
	case n < 1000000:
		return scaled(float64(n)/1000) + "k"
	}
	return scaled(float64(n)/1e6) + "M"
}
