package present

import (
	"testing"

	"github.com/deck-tui/deck/session"
)

// rc.8's web_search takes queries: string[]; the card is titled by them as
// the harness joins them, and keeps the answer and the sources.
func TestWebSearchTakesQueries(t *testing.T) {
	args := `{"queries":["go 1.26 release notes","go iterators"]}`
	c, ok := Call("web_search", args).(session.GenericCallView)
	if !ok || c.Title != "go 1.26 release notes, go iterators" || c.Kind != "search" {
		t.Errorf("call: %#v", c)
	}
	ws := `{"sources":[{"url":"https://go.dev/doc/go1.26","title":"Go 1.26"}],"truncated":true,"answer":"It shipped."}`
	v, ok := Result("web_search", args, result(t, "", false, ws)).(session.WebSearchResultView)
	if !ok || v.Title != "go 1.26 release notes, go iterators" || v.Answer != "It shipped." || len(v.Sources) != 1 || !v.Truncated {
		t.Errorf("result: %#v", v)
	}
	// queries that are not all strings fail the schema: the generic card
	if c, ok := Call("web_search", `{"queries":["a",3]}`).(session.GenericCallView); !ok || c.Title != "web_search" {
		t.Errorf("bad queries: %#v", c)
	}
}
