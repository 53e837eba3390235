package golden

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/stats"
	"github.com/deck-tui/deck/theme"
)

// TestStatsGolden pins `deck stats` of every corpus log and every live
// host's log, as a person reads it and as JSON: the session's figures and
// each turn's, its tokens among them where the log reports them.
func TestStatsGolden(t *testing.T) {
	var all []fixture
	for _, f := range fixtures(t) {
		if strings.HasPrefix(f.name, "live/") {
			all = append(all, f)
		}
	}
	for _, f := range append(all, corpusFixtures(t)...) {
		t.Run(f.name, func(t *testing.T) {
			st := stats.Of(open(t, f.path))
			card := strings.Join(cards.StatsCard(st, cards.Options{Width: 120, Theme: theme.Dark()}), "\n")
			j, err := json.Marshal(st, jsontext.WithIndent("  "), json.Deterministic(true))
			if err != nil {
				t.Fatal(err)
			}
			golden.RequireEqual(t, plain(card)+"\n\n"+string(j)+"\n")
		})
	}
}

// figureOf names each figure that may be not recorded, as the stats card
// names it.
var figureOf = map[string]func(stats.Figures) stats.Figure{
	"steps":        func(f stats.Figures) stats.Figure { return f.Steps },
	"wall time":    func(f stats.Figures) stats.Figure { return f.WallTime },
	"model time":   func(f stats.Figures) stats.Figure { return f.ModelTime },
	"tool time":    func(f stats.Figures) stats.Figure { return f.ToolTime },
	"first token":  func(f stats.Figures) stats.Figure { return f.FirstToken },
	"tokens/s":     func(f stats.Figures) stats.Figure { return f.TokensPerSecond },
	"total tokens": func(f stats.Figures) stats.Figure { return f.TotalTokens },
	"input":        func(f stats.Figures) stats.Figure { return f.InputTokens },
	"output":       func(f stats.Figures) stats.Figure { return f.OutputTokens },
	"reasoning":    func(f stats.Figures) stats.Figure { return f.ReasoningTokens },
	"cache hits":   func(f stats.Figures) stats.Figure { return f.CacheHitRate },
}

// TestStatsSayWhatEachFormatHolds reads every format's logs (the harness's
// scenarios and live host's, the corpus's ACP, Claude Code and Codex) and
// holds the figures to docs/export.md's table: a figure a format never
// records is not recorded in each of its sessions and turns, one it records
// is in some turn; and deck render's summary says "not recorded" exactly
// once for each figure, session's or turn's, that is not.
func TestStatsSayWhatEachFormatHolds(t *testing.T) {
	never := map[session.Format][]string{
		session.FormatHarness:    nil,
		session.FormatClaudeCode: {"steps", "reasoning"},
		session.FormatCodex:      {"steps"},
		session.FormatACP:        {"steps", "wall time", "model time", "first token", "tokens/s"},
		session.FormatGrokBuild:  {"steps", "wall time", "model time", "first token", "tokens/s", "total tokens", "input", "output", "reasoning", "cache hits"},
		session.FormatAider:      {"steps", "wall time", "model time", "first token", "tokens/s", "reasoning"},
		session.FormatCopilot:    {"steps"},
		session.FormatCursor:     {"steps", "wall time", "model time", "first token", "tokens/s", "total tokens", "input", "output", "reasoning", "cache hits"},
	}
	some := map[session.Format][]string{
		session.FormatHarness:    {"steps", "wall time", "model time", "tool time", "first token", "tokens/s", "total tokens", "input", "output", "reasoning", "cache hits"},
		session.FormatClaudeCode: {"wall time", "model time", "tool time", "first token", "tokens/s", "total tokens", "input", "output", "cache hits"},
		session.FormatCodex:      {"wall time", "model time", "tool time", "first token", "tokens/s", "total tokens", "input", "output", "reasoning", "cache hits"},
		session.FormatACP:        {"tool time"}, // the corpus's transcripts report no usage and no prompt
		session.FormatAider:      {"total tokens", "input", "output"},
		// a turn's input only in the session's total (session.shutdown)
		session.FormatCopilot: {"wall time", "model time", "tool time", "first token", "tokens/s", "output"},
	}
	recorded := map[session.Format]map[string]bool{}
	for _, f := range append(fixtures(t), corpusFixtures(t)...) {
		if strings.HasPrefix(f.name, "fixtures/") {
			continue // deck's own, made up
		}
		s := open(t, f.path)
		st := stats.Of(s)
		all := []stats.Figures{st.Figures}
		for _, turn := range st.PerTurn {
			all = append(all, turn.Figures)
		}
		if recorded[s.Format] == nil {
			recorded[s.Format] = map[string]bool{}
		}
		missing := 0
		for i, figures := range all {
			for name, of := range figureOf {
				if !of(figures).Recorded() {
					missing++
				} else if i > 0 || len(all) == 1 {
					recorded[s.Format][name] = true
				}
			}
		}
		for _, name := range never[s.Format] {
			for _, figures := range all {
				if figureOf[name](figures).Recorded() {
					t.Errorf("%s: %s is recorded in a %s log, which holds none", f.name, name, s.Format)
				}
			}
		}
		card := plain(strings.Join(transcript(s, cards.Options{Width: 80, Theme: theme.Dark(), Expanded: true}), "\n"))
		card = card[strings.LastIndex(card, "── stats "):]
		if n := strings.Count(card, "not recorded"); n != missing {
			t.Errorf("%s: the summary says \"not recorded\" %d times for %d figures not recorded:\n%s", f.name, n, missing, card)
		}
	}
	for format, names := range some {
		for _, name := range names {
			if !recorded[format][name] {
				t.Errorf("no %s log records %s", format, name)
			}
		}
	}
}
