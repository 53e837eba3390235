package harness

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
)

// A turn's start and end are decoded where their lines are prepared, on
// every core, not on the one that applies them in order; data that does
// not fit is read the slow way and said as before.
func TestATurnsDataIsDecodedWhereItsLineIsPrepared(t *testing.T) {
	for line, want := range map[string]any{
		`{"seq":1,"time":1,"type":"turn/start","data":{"turn":1}}`:                             &turnStartData{},
		`{"seq":2,"time":2,"type":"turn/end","data":{"turn":1,"reason":{"kind":"completed"}}}`: &turnEndData{},
	} {
		r, err := readRecord([]byte(line))
		if err != nil {
			t.Fatal(err)
		}
		switch want.(type) {
		case *turnStartData:
			if v, ok := r.pre.(*turnStartData); !ok || v.Turn != "1" {
				t.Errorf("%s: prepared as %#v", line, r.pre)
			}
		case *turnEndData:
			if v, ok := r.pre.(*turnEndData); !ok || v.Turn != "1" || v.Reason.Kind != "completed" {
				t.Errorf("%s: prepared as %#v", line, r.pre)
			}
		}
	}
	b := session.NewBuilder()
	d := New(b)
	d.Apply(1, []byte(`{"seq":2,"time":2,"type":"turn/end","data":{"turn":1,"reason":7}}`))
	if n := b.Notices(); len(n) != 1 || !strings.Contains(n[0].Text, "`turn/end` event does not fit its shape") {
		t.Errorf("a turn/end of a bad reason: notices %#v", n)
	}
}
