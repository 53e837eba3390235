//go:build !race

package harness

import (
	"testing"
)

// Nearly every message is appended to the model's surface
// (surfaceOp "append"): reading that costs no allocation, where it was a
// copy of the op a line (0.4 of an event's 16.6 over a million small
// events). An op that is not "append" is still copied, the line not being
// kept, and read as before.
func TestAnAppendedMessageCostsNothingMore(t *testing.T) {
	const event = `{"seq":3,"time":1796000000003,"type":"turn/end","data":{"turn":1,"reason":{"kind":"completed"}}`
	plain, appended := []byte(event+`}`), []byte(event+`,"surfaceOp":"append"}`)
	read := func(line []byte) func() {
		return func() {
			r, err := readRecord(line)
			if err != nil {
				t.Fatal(err)
			}
			r.release()
		}
	}
	without, with := testing.AllocsPerRun(200, read(plain)), testing.AllocsPerRun(200, read(appended))
	if with > without {
		t.Errorf("an event appended to the surface allocates %.1f times, one that is not %.1f", with, without)
	}
	replace := []byte(event + `,"surfaceOp":{"op":"replace","start":1,"end":2}}`)
	r, err := readRecord(replace)
	if err != nil {
		t.Fatal(err)
	}
	if !isReplace(r.SurfaceOp) {
		t.Errorf("a replace op reads as %s", r.SurfaceOp)
	}
	replace[len(event)+16] = 'x' // the line is not kept: the record holds its own op
	if !isReplace(r.SurfaceOp) {
		t.Errorf("the record's op changed with its line: %s", r.SurfaceOp)
	}
}
