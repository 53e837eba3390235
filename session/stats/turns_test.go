package stats_test // outside: source, which reads the log, counts with stats

import (
	"reflect"
	"testing"

	"github.com/deck-tui/deck/golden/loggen"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/demo"
	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/session/stats"
)

// Turns yields each turn's figures as Of lists them, and Totals is Of
// without them: a render goes through the turns of a million events
// without holding them. A caller that stops early is handed no more.
func TestTurnsAndTotalsAreOf(t *testing.T) {
	path, err := loggen.SmallEvents(t.TempDir(), 1200)
	if err != nil {
		t.Fatal(err)
	}
	small, err := source.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]*session.Session{"demo": demo.Session(), "small events": small, "one turn": oneTurn(), "empty": {}} {
		want := stats.Of(s)
		var turns []stats.Turn
		for tu := range stats.Turns(s) {
			turns = append(turns, tu)
		}
		if !reflect.DeepEqual(turns, want.PerTurn) && len(turns)+len(want.PerTurn) > 0 {
			t.Errorf("%s: Turns yields\n%+v\nOf lists\n%+v", name, turns, want.PerTurn)
		}
		totals := stats.Totals(s)
		if totals.PerTurn != nil {
			t.Errorf("%s: Totals holds %d turns", name, len(totals.PerTurn))
		}
		totals.PerTurn = want.PerTurn
		if !reflect.DeepEqual(totals, want) {
			t.Errorf("%s: Totals\n%+v\nOf\n%+v", name, totals, want)
		}
		if len(want.PerTurn) < 3 {
			continue
		}
		yielded := 0
		for range stats.Turns(s) {
			if yielded++; yielded == 2 {
				break
			}
		}
		if yielded != 2 {
			t.Errorf("%s: %d turns yielded to a loop that stopped at 2", name, yielded)
		}
	}
}

func oneTurn() *session.Session {
	return &session.Session{Format: session.FormatHarness, Entries: []session.Entry{
		&session.TurnStart{EntryBase: session.EntryBase{Time: 1000}, Turn: 1},
		&session.AssistantText{EntryBase: session.EntryBase{Time: 1500}, Text: "hi"},
		&session.TurnEnd{EntryBase: session.EntryBase{Time: 11000}, Turn: 1, Reason: "completed", Steps: 3, Elapsed: 10000},
	}}
}

// Totals counts a turn without allocating for it: deck render counts a
// million events' 83,334 turns before it draws a card (and again for the
// header), a tally and two maps a turn, and a slice of every turn's sums.
func TestTotalsAllocateNothingATurn(t *testing.T) {
	turns := func(n int) *session.Session {
		s := &session.Session{Format: session.FormatHarness}
		for i := 1; i <= n; i++ {
			s.Entries = append(s.Entries, &session.TurnStart{EntryBase: session.EntryBase{Time: int64(1000 * i)}, Turn: i},
				&session.ToolCall{EntryBase: session.EntryBase{Time: int64(1000*i + 1)}, Name: "bash", StartTime: int64(1000*i + 1), EndTime: int64(1000*i + 2)},
				&session.TurnEnd{EntryBase: session.EntryBase{Time: int64(1000*i + 3)}, Reason: "completed"})
		}
		return s
	}
	few, many := turns(100), turns(10_000)
	perTurn := (testing.AllocsPerRun(3, func() { stats.Totals(many) }) - testing.AllocsPerRun(3, func() { stats.Totals(few) })) / 9_900
	if perTurn > 0.01 {
		t.Errorf("Totals allocates %.2f times a turn", perTurn)
	}
}
