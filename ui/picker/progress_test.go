package picker

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/index"
	"github.com/deck-tui/deck/theme"
)

// While the index is brought up to the logs behind it, the picker's footer
// says how far; once it is done, nothing.
func TestThePickerSaysHowFarTheIndexingIs(t *testing.T) {
	p := New(theme.Dark(), "here", []catalog.Item{{Agent: catalog.AgentHarness, Path: "/a.jsonl", Scanned: true}})
	p.Indexing(index.Progress{Sessions: 1500, Done: 120})
	if s := p.View().Content; !strings.Contains(s, "indexing 120 of 1,500 sessions") {
		t.Fatalf("no progress in:\n%s", s)
	}
	p.Indexed()
	if s := p.View().Content; strings.Contains(s, "indexing") {
		t.Fatalf("the progress stays after the update:\n%s", s)
	}
}
