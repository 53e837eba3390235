package harness_test

import (
	"testing"

	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// The end of a fork's inherited history has a line: v2+ marks it with
// session/end-seed {inherited:true}, v0/v1 count it in the header's
// seedLength. A resumed session's untagged marker, or one before the cut,
// is bookkeeping.
func TestTheEndOfAForksInheritedHistoryHasALine(t *testing.T) {
	const v0 = `{"type":"session","version":0,"id":"s","createdAt":1,"parentSession":"p","seedLength":2,"delegationDepth":0}` + "\n"
	const v5 = `{"type":"session","version":5,"id":"s","createdAt":1,"parentSession":"p","isSeeded":true,"delegationDepth":0}` + "\n"
	title := `{"type":"session/title","seq":0,"time":1,"data":{"title":"t","messageSeqs":[],"source":{"kind":"fallback"}}}` + "\n"
	endSeed := func(seq, data string) string {
		return `{"type":"session/end-seed","seq":` + seq + `,"time":2,"data":` + data + "}\n"
	}
	for name, c := range map[string]struct {
		log   string
		lines int
	}{
		"v5 inherited":          {v5 + title + endSeed("1", `{"inherited":true}`), 1},
		"v5 not seeded":         {headerV5 + title + endSeed("1", `{"inherited":true}`), 0},
		"v5 fork of a fork":     {v5 + title + endSeed("1", `{"inherited":true}`) + title + endSeed("3", `{"inherited":true}`) + endSeed("4", `{}`), 1},
		"v5 resumed, untagged":  {v5 + title + endSeed("1", `{}`), 0},
		"v0 at seedLength":      {v0 + title + title + endSeed("2", `{}`) + endSeed("5", `{}`), 1},
		"v0 ending its seed":    {v0 + title + endSeed("1", `{}`), 1},
		"v0 before the cut":     {v0 + endSeed("0", `{}`), 0},
		"v0 with no seedLength": {headerV5 + endSeed("0", `{}`), 0},
	} {
		s := sessiontest.ReadString(c.log)
		sessiontest.NoNotices(t, s)
		ev := sessiontest.Events(s, "session/end-seed")
		if len(ev) != c.lines {
			t.Errorf("%s: %d lines, want %d", name, len(ev), c.lines)
			continue
		}
		if c.lines == 1 && ev[0].Summary != "forked from session p: the conversation above is inherited from it" {
			t.Errorf("%s: %q", name, ev[0].Summary)
		}
		if name == "v5 fork of a fork" && ev[0].Seq != 3 {
			t.Errorf("%s: the line is at seq %d, want the last inherited marker's, 3", name, ev[0].Seq)
		}
	}
}
