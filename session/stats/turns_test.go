package stats

import (
	"reflect"
	"testing"

	"github.com/deck-tui/deck/golden/loggen"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/demo"
	"github.com/deck-tui/deck/session/source"
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
	for name, s := range map[string]*session.Session{"demo": demo.Session(), "small events": small, "one turn": turn(session.FormatHarness), "empty": {}} {
		want := Of(s)
		var turns []Turn
		for tu := range Turns(s) {
			turns = append(turns, tu)
		}
		if !reflect.DeepEqual(turns, want.PerTurn) && len(turns)+len(want.PerTurn) > 0 {
			t.Errorf("%s: Turns yields\n%+v\nOf lists\n%+v", name, turns, want.PerTurn)
		}
		totals := Totals(s)
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
		for range Turns(s) {
			if yielded++; yielded == 2 {
				break
			}
		}
		if yielded != 2 {
			t.Errorf("%s: %d turns yielded to a loop that stopped at 2", name, yielded)
		}
	}
}
