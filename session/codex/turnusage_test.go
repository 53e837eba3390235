package codex_test

import (
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// Each turn keeps the tokens its token_count totals added (issue 15): the
// corpus rollout's turns, by what its totals say at each task_started.
func TestUsageIsKeptPerTurn(t *testing.T) {
	s, err := source.Open(sessiontest.Testdata + "/corpus/codex/madshn_localpush__rollout-2026-02-23T12-47-42-019c8a53-a0dd-7130-bcd7-95445d84846a.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	// input, cached, output, reasoning at the last total before each turn's end
	totals := [][4]int64{{923058, 874112, 9699, 4910}, {4749864, 4542080, 33292, 16169}, {5750551, 5485440, 35109, 16564},
		{5890688, 5488896, 35322, 16591}, {6031024, 5628928, 35523, 16591}, {6740973, 6337024, 36950, 17085}, {6740973, 6337024, 36950, 17085}}
	got := sessiontest.TurnUsage(s)
	if len(got) != len(totals) {
		t.Fatalf("%d turns, want %d", len(got), len(totals))
	}
	var was [4]int64
	for i, u := range got {
		in, cached, out, reasoning := totals[i][0]-was[0], totals[i][1]-was[1], totals[i][2]-was[2], totals[i][3]-was[3]
		if u.Input+u.CacheRead != in || u.CacheRead != cached || u.Output != out || u.Reasoning != reasoning {
			t.Errorf("turn %d: %+v, want input %d (cached %d), output %d, reasoning %d", i+1, u, in, cached, out, reasoning)
		}
		was = totals[i]
	}
	if last := got[len(got)-1]; last.Recorded != 0 || last.Input+last.Output != 0 {
		t.Errorf("the last turn, which no total follows, counts %+v", last)
	}
}

// Once token_usage_record lines come, they are each turn's usage too, and
// the totals counted before them are forgotten in every turn.
func TestUsageRecordsArePerTurn(t *testing.T) {
	rec := func(id string, in, out int) string {
		return record(1, "token_usage_record", jsonText(map[string]any{"response_id": id, "usage": map[string]any{"input_tokens": in, "cached_input_tokens": 0, "output_tokens": out}}))
	}
	s := log(t,
		event(1, `{"type":"task_started","turn_id":"t1"}`),
		event(1, `{"type":"token_count","info":{"total_token_usage":{"input_tokens":999,"cached_input_tokens":0,"output_tokens":999}}}`),
		rec("r1", 100, 10),
		event(2, `{"type":"task_started","turn_id":"t2"}`),
		rec("r2", 200, 20),
		rec("r2", 200, 20), // written again by a compaction
	)
	got := sessiontest.TurnUsage(s)
	want := []session.TokenUsage{{Input: 100, Output: 10, Recorded: session.RecordedCache}, {Input: 200, Output: 20, Recorded: session.RecordedCache}}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("turns %+v, want %+v", got, want)
	}
}
