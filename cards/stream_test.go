package cards

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/deck-tui/deck/golden/loggen"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/session/stats"
	"github.com/deck-tui/deck/theme"
)

// Whatever a log holds, its cards drawn while it is read, each turn taken
// once the next has begun (Stream), are those DrawOnce draws of it read
// whole, the header, footer and stats card too, unless the session says
// the reading came back to an entry taken (the caller then reads it again
// whole): a change to an entry taken that the session does not note would
// show here.
func FuzzStreamIsDrawOnce(f *testing.F) {
	paths, _ := filepath.Glob("../golden/testdata/fixtures/*.jsonl")
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil && strings.Count(string(b), `"turn/start"`) > 1 {
			f.Add(b)
		}
	}
	small, err := loggen.SmallEvents(f.TempDir(), 60)
	if err != nil {
		f.Fatal(err)
	}
	if b, err := os.ReadFile(small); err == nil {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, log []byte) {
		path := filepath.Join(t.TempDir(), "session.jsonl")
		if err := os.WriteFile(path, log, 0o644); err != nil {
			t.Fatal(err)
		}
		o := Options{Width: 80, Theme: theme.Dark(), Expanded: true}
		var drawn []string
		st := NewStream(o, func(rows []string) error { drawn = append(drawn, rows...); return nil })
		s, err := source.OpenTaking(path, func(b *session.Builder) {
			if b.Format != session.FormatHarness || b.Header.Unsupported != nil {
				return
			}
			for i := len(b.Entries) - 1; i > 0; i-- {
				if _, ok := b.Entries[i].(*session.TurnStart); ok {
					st.Draw(b.Session, b.Take(i))
					return
				}
			}
		})
		if err != nil || !st.Started() || !st.Fits(s) || s.Header.Unsupported != nil {
			return // read again whole
		}
		header, footer, statsCard, err := st.Close(s)
		if err != nil {
			t.Fatal(err)
		}
		got := slices.Concat(header, drawn, footer, statsCard)

		whole, _ := source.Open(path)
		totals := stats.Totals(whole)
		statsWant := append([]string{""}, StatsCardOf(totals, stats.Turns(whole), o)...)
		var want []string
		if err := DrawOnce(whole, totals, o, func(rows []string) error { want = append(want, rows...); return nil }); err != nil {
			t.Fatal(err)
		}
		want = append(want, statsWant...)
		if !slices.Equal(got, want) {
			i := 0
			for i < min(len(got), len(want)) && got[i] == want[i] {
				i++
			}
			t.Fatalf("drawn while read, row %d of %d is\n%q\nwhere drawn once read it is (of %d rows)\n%q", i, len(got), at(got, i), len(want), at(want, i))
		}
	})
}

func at(rows []string, i int) string {
	if i < len(rows) {
		return rows[i]
	}
	return "(none)"
}
