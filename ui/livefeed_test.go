package ui

import (
	"os"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/live"
	"github.com/deck-tui/deck/theme"
)

// An older page of a host session goes before everything held: the session
// is read again from its first event, and the viewer stays on the card it
// showed (its entry ids changed; its event seq did not).
func TestOlderPageGoesFirstAndTheViewStays(t *testing.T) {
	data, err := os.ReadFile(testdata + "/harness/live/session-logs/tools/session.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")[1:] // the header is not an event
	var events []live.Event
	for i, l := range lines {
		events = append(events, live.Event{Seq: int64(i), Raw: []byte(l)})
	}
	cut := len(events) / 2
	src := newLiveSource(nil, "s1")
	src.live.applyEvents(live.Events{Events: events[cut:]})
	v := newViewer(src, theme.Dark(), true)
	v.sync()
	before := len(v.items)
	v.top = pos{idx: len(v.items) / 2}
	seq := session.Base(v.items[v.top.idx].e).Seq

	src.live.applyEvents(live.Events{Events: events[:cut], Older: true})
	v.sync()
	if len(v.items) <= before {
		t.Fatalf("%d entries after the older page, %d before", len(v.items), before)
	}
	if got := session.Base(v.items[v.top.idx].e).Seq; got != seq {
		t.Errorf("the view moved from the entry of seq %d to seq %d", seq, got)
	}
	whole := newLiveSource(nil, "s1") // the same events in one go
	whole.live.applyEvents(live.Events{Events: events})
	if a, b := len(src.live.session.Session().Entries), len(whole.live.session.Session().Entries); a == 0 || a != b {
		t.Errorf("read in two pages: %d entries; in one: %d", a, b)
	}
}
