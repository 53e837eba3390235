package cards

import (
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/stats"
)

// Token counts are written short as the web client writes them: whole
// below a thousand, one decimal under a hundred thousands (none when it is
// 0), whole from a hundred thousands on; halves rounded up.
func TestTokensAreWrittenAsTheWebClientWritesThem(t *testing.T) {
	for _, c := range []struct {
		n    int64
		want string
	}{
		{950, "950"}, {1000, "1k"}, {2360, "2.4k"}, {6015, "6k"}, {12250, "12.3k"}, {48832, "48.8k"},
		{99960, "100k"}, {517400, "517k"}, {517500, "518k"}, {1234567, "1.2M"}, {0, "0"},
	} {
		if got := Tokens(c.n); got != c.want {
			t.Errorf("%d: %q, want %q", c.n, got, c.want)
		}
	}
}

// The usage pill is the tokens in all and the share of the prompt read
// from cache: 350 uncached, 1,800 read and 100 written from cache are
// 2,250 prompt tokens, 80% from cache; with 110 out, 2,360 tokens. A log
// that gave no cache count says nothing of cache hits; one that reported
// no usage has no pill.
func TestTheUsagePill(t *testing.T) {
	u := session.TokenUsage{Input: 350, CacheRead: 1800, CacheWrite: 100, Output: 110, Recorded: session.RecordedCache}
	if got := UsagePill(u); got != "2.4k tokens · 80% cache hits" {
		t.Errorf("%q", got)
	}
	u.Recorded = 0
	if got := UsagePill(u); got != "2.4k tokens" {
		t.Errorf("no cache count: %q", got)
	}
	if got := UsagePill(session.TokenUsage{}); got != "" {
		t.Errorf("no usage: %q", got)
	}
}

// The activity pill is the turns, the steps and the speed; a log that
// records its steps but whose none ended shows none, as the web client
// shows no pill then; a log that does not record steps says its turns.
func TestTheActivityPill(t *testing.T) {
	m := stats.Measured[float64]
	st := stats.Stats{Turns: 2, Figures: stats.Figures{Steps: m(4), TokensPerSecond: m(110 / 4.2)}}
	if got := ActivityPill(st); got != "2 turns · 4 steps · 26 tokens/s" {
		t.Errorf("%q", got)
	}
	st.Figures.Steps = m(0)
	if got := ActivityPill(st); got != "" {
		t.Errorf("no step ended: %q", got)
	}
	if got := ActivityPill(stats.Stats{Turns: 1}); got != "1 turn" {
		t.Errorf("no steps recorded: %q", got)
	}
}
