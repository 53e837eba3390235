package picker

import (
	"testing"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/theme"
)

// The titles are read in the background only for the rows not known yet:
// a row the index held, its log unchanged, is not read again.
func TestARowTheIndexKnowsIsNotScanned(t *testing.T) {
	known := catalog.Item{Agent: catalog.AgentHarness, Path: "/no/such/known.jsonl", Title: "known", Scanned: true}
	unknown := catalog.Item{Agent: catalog.AgentHarness, Path: "/no/such/unknown.jsonl"}
	p := New(theme.Dark(), "here", []catalog.Item{known, unknown, known})
	cmd := p.scan(0)
	if cmd == nil {
		t.Fatal("the row not known is not read")
	}
	msg, ok := cmd().(ScannedMsg)
	if !ok || msg.i != 1 {
		t.Fatalf("read %+v, not the second row, the one not known", msg)
	}
	if cmd := p.scan(2); cmd != nil {
		t.Fatalf("a known row is read again: %+v", cmd())
	}
	if p.sessions[0].Title != "known" {
		t.Fatalf("the known row's title is %q", p.sessions[0].Title)
	}
}
