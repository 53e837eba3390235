package remote

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// Any message of the mux reads as a frame, and any item as one of the
// streams' items, or as an error that says why: never a panic, and what
// reads is whole enough to act on.
func FuzzReadMessages(f *testing.F) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "golden", "testdata", "harness", "live-0.2", "wire.json"))
	if err != nil {
		f.Fatal(err)
	}
	var ex struct {
		Mux map[string]jsontext.Value `json:"mux"`
	}
	if err := jsonline.Unmarshal(data, &ex); err != nil {
		f.Fatal(err)
	}
	for _, msg := range ex.Mux {
		f.Add([]byte(msg))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = ReadResponse("application/json", data)
		_, _ = ReadResponse("multipart/form-data; boundary=b", data)
		fr, err := ReadFrame(data)
		if err != nil || fr.Kind != Item || fr.Value == nil {
			if err == nil && fr.Kind == Error && fr.Failure == nil {
				t.Fatal("an error frame without its failure")
			}
			return
		}
		if e, err := ReadHostEvent(fr.Value); err == nil {
			switch e.Kind {
			case Ready:
				if e.ClientID == "" {
					t.Fatal("a ready item without a client id")
				}
			case Waterfall:
				if e.EventID == "" || e.AgentID == "" || e.Name == "" {
					t.Fatalf("a waterfall that cannot be answered: %+v", e)
				}
			case Withdrawn:
				if e.EventID == "" {
					t.Fatal("a withdrawal of no event")
				}
			}
		}
		if it, err := ReadFollowItem(fr.Value); err == nil {
			switch it.Kind {
			case Snapshot:
				if it.Records == nil || it.Projections == nil {
					t.Fatalf("a snapshot without records or projections: %+v", it)
				}
				for _, r := range it.Records {
					_, _ = ReadRecord(r)
				}
			case EventEntry:
				if len(it.Event) == 0 {
					t.Fatal("an event item without an event")
				}
			}
		}
		if it, err := ReadControlItem(fr.Value); err == nil && it.Kind == ControlProjection && (it.Key == "" || it.Value == nil) {
			t.Fatalf("a projection without key or value: %+v", it)
		}
		_, _ = ReadPage(fr.Value)
	})
}
