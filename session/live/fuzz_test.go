package live

import (
	"os"
	"strings"
	"testing"
)

// A downlink message of any bytes reads as a frame or an error that says
// why, never a panic; a frame read is whole enough to act on.
func FuzzReadFrame(f *testing.F) {
	data, err := os.ReadFile("../../golden/testdata/harness/live/web-api/mux.frames.jsonl")
	if err != nil {
		f.Fatal(err)
	}
	for i, line := range strings.Split(string(data), "\n") {
		if i%40 == 0 { // a sample of every kind of frame, by position
			if at := strings.Index(line, `"msg":`); at >= 0 {
				f.Add([]byte(strings.TrimSuffix(line[at+6:], "}")))
			}
		}
	}
	f.Add([]byte(`{"type":"server-request","rpcId":"r","payload":{"type":"question/requested","questions":[{"id":"q","options":[{"label":"a"}]}]}}`))
	f.Add([]byte(`{"type":"server-notification","method":"session/event","payload":{"type":"session/event"}}`))
	f.Add([]byte(`{"type":"server-request","rpcId":"r","method":"approval/requested","payload":{"approvalId":"a"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		fr, err := readFrame(data)
		if err != nil {
			return
		}
		if (fr.ignored == "") != usedFrames[fr.Type] {
			t.Fatalf("a frame both used and ignored, or neither: %q, %q", fr.Type, fr.ignored)
		}
		switch fr.Type {
		case "approval/requested":
			if a := fr.approval(); a.RPCID == "" || a.ApprovalID == "" {
				t.Fatalf("an approval that cannot be answered: %+v", a)
			}
		case "question/requested":
			if q := fr.question(); q.RPCID == "" || len(q.Questions) == 0 {
				t.Fatalf("a question that cannot be answered: %+v", q)
			}
		case "session/queue":
			fr.queue()
		}
	})
}
