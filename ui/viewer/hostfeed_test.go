package viewer

import (
	"fmt"
	"os"
	"runtime"
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
	src := NewLiveSource(nil, "s1")
	src.live.applyEvents(live.Events{Events: events[cut:]})
	v := New(src, theme.Dark(), true)
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
	whole := NewLiveSource(nil, "s1") // the same events in one go
	whole.live.applyEvents(live.Events{Events: events})
	if a, b := len(src.live.session.Session().Entries), len(whole.live.session.Session().Entries); a == 0 || a != b {
		t.Errorf("read in two pages: %d entries; in one: %d", a, b)
	}
}

// userMessage is a harness user/message event of seq whose text is size
// bytes.
func userMessage(seq int64, size int) live.Event {
	raw := fmt.Sprintf(`{"type":"user/message","seq":%d,"time":1796223102064,"data":{"content":[{"type":"text","text":"%s"}],`+
		`"source":{"kind":"user"},"role":"user","id":"u%d"},"surfaceOp":"append"}`, seq, strings.Repeat("x", size), seq)
	return live.Event{Seq: seq, Raw: []byte(raw)}
}

// A host that streams without end fills no more than the window: the
// oldest events go, down to half of it, the caller learns the first seq
// kept (for the watch to fetch the rest again), and an older page that no
// longer meets the events held is not taken.
func TestAnEndlessStreamIsHeldInABoundedWindow(t *testing.T) {
	src := NewLiveSource(nil, "s1")
	l := src.live
	l.keep = 1 << 20
	trims := 0
	for seq := range int64(2000) {
		from, trimmed := l.applyEvents(live.Events{Events: []live.Event{userMessage(seq, 10_000)}})
		if trimmed {
			trims++
			if from != l.events[0].Seq || l.held > l.keep/2 {
				t.Fatalf("after seq %d: first kept %d (events from %d), %d bytes held", seq, from, l.events[0].Seq, l.held)
			}
		}
		if l.held > l.keep {
			t.Fatalf("after seq %d: %d bytes held, more than %d", seq, l.held, l.keep)
		}
	}
	if trims == 0 || len(l.session.Session().Entries) > len(l.events)+1 {
		t.Errorf("%d trims, %d entries for %d events", trims, len(l.session.Session().Entries), len(l.events))
	}
	first := l.events[0].Seq
	l.applyEvents(live.Events{Events: []live.Event{userMessage(first-5, 10)}, Older: true})
	if l.events[0].Seq != first {
		t.Errorf("a page that does not meet event %d was taken", first)
	}
	l.applyEvents(live.Events{Events: []live.Event{userMessage(first-1, 10)}, Older: true})
	if l.events[0].Seq != first-1 {
		t.Errorf("the page before event %d was not taken", first)
	}
}

// Frames of 60 MB, one after another, keep the heap bounded: measured
// after each, it stays under five frames' worth, where holding them all
// would pass 600 MB by the eighth.
func TestHugeEventsKeepTheHeapBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates 60 MB events")
	}
	const frame = 60 << 20
	src := NewLiveSource(nil, "s1")
	var peak uint64
	for seq := range int64(8) {
		src.live.applyEvents(live.Events{Events: []live.Event{userMessage(seq, frame)}})
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		peak = max(peak, m.HeapAlloc)
	}
	t.Logf("peak heap after a GC: %d MB", peak>>20)
	if peak > 5*frame {
		t.Errorf("the heap reached %d MB", peak>>20)
	}
}
