package stats_test

import (
	"testing"

	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/stats"
)

// A harness log's figures are the web client's (its stats pills, fed by
// the sessionStats and tokenUsage projections), each worked out here by
// hand from testdata/web-figures.jsonl, a log as 0.2 writes it:
//
//	turn 1, step 1: starts at 1000; its stream's first token is the second
//	  member of a reasoning run (the first is empty: no token), 1500+100 =
//	  1600; its message at 4000 reports 60 output tokens. Model 3000, first
//	  token 600, decoding 4000−1600 = 2400 for 60 tokens. Its call runs
//	  from 4000 to 5500: 1500 of tool time.
//	turn 1, step 2: 5500 to its message at 6500, first token at 5900:
//	  model 1000, first token 400, decoding 600 for 40 tokens.
//	turn 2: refused before any step: no step ended, so no turn is counted.
//	turn 3, step 1: starts at 8000; an attempt's first token at 8300, then
//	  a retry's message at 9500 (its own stream starts at 9200: the first
//	  attempt's token stands): model 1500, first token 300, decoding 1200
//	  for 10 tokens.
//	turn 3, step 2: cancelled: it ended (counted) with no message (untimed).
//
// So: 2 turns, 4 steps; model time 3000+1000+1500 = 5500 ms; tool time
// 1500 ms; first token (600+400+300)/3 = 433.3 ms over the 3 steps that had
// one; 110 tokens over 4.2 s of decoding, 26.19/s, written 26/s. Tokens:
// uncached 200+100+50 = 350, cache read 800+1000 = 1800, cache write 100,
// so 2250 prompt tokens, and 110 output: 2360 in all; 1800/2250 = 80% from
// cache.
func TestTheWebClientsFigures(t *testing.T) {
	s := sessiontest.ReadBytes(sessiontest.ReadFile(t, "testdata/web-figures.jsonl"), 1<<20)
	if n := s.NoticeCount(); n != 0 {
		t.Fatalf("%d notices: %s", n, s.Notices()[0].Text)
	}
	st := stats.Of(s)
	f := st.Figures
	if st.Turns != 2 {
		t.Errorf("%d turns, want 2: a turn refused before its first step is not one", st.Turns)
	}
	for name, c := range map[string]struct {
		got  stats.Figure
		want float64
	}{
		"steps":        {f.Steps, 4},
		"model time":   {f.ModelTime, 5500},
		"tool time":    {f.ToolTime, 1500},
		"first token":  {f.FirstToken, 1300.0 / 3},
		"tokens/s":     {f.TokensPerSecond, 110 / 4.2},
		"input":        {f.InputTokens, 2250},
		"cache read":   {f.CacheReadTokens, 1800},
		"output":       {f.OutputTokens, 110},
		"total tokens": {f.TotalTokens, 2360},
	} {
		if v, ok := c.got.Value(); !ok || v != c.want {
			t.Errorf("%s: %v (recorded %v), want %v", name, v, ok, c.want)
		}
	}
	for _, c := range []struct{ got, want string }{
		{f.FirstToken.Millis(), "433ms"}, {f.TokensPerSecond.Rate(), "26/s"}, {f.CacheHit(), "80%"},
	} {
		if c.got != c.want {
			t.Errorf("written %q, want %q", c.got, c.want)
		}
	}
	// turn 1 alone: the model time of its two steps, 3000+1000; first token
	// (600+400)/2; 100 tokens over 3.0 s of decoding
	t1 := st.PerTurn[0].Figures
	for name, c := range map[string]struct {
		got  stats.Figure
		want float64
	}{
		"turn 1 steps": {t1.Steps, 2}, "turn 1 model time": {t1.ModelTime, 4000},
		"turn 1 first token": {t1.FirstToken, 500}, "turn 1 tokens/s": {t1.TokensPerSecond, 100 / 3.0},
		"turn 2 steps": {st.PerTurn[1].Figures.Steps, 0},
		"turn 3 steps": {st.PerTurn[2].Figures.Steps, 2}, "turn 3 model time": {st.PerTurn[2].Figures.ModelTime, 1500},
	} {
		if v, ok := c.got.Value(); !ok || v != c.want {
			t.Errorf("%s: %v (recorded %v), want %v", name, v, ok, c.want)
		}
	}
}
