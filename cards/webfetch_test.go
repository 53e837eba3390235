package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/session"
)

// A fetch card says its URL and its HTTP status once: under the header only
// what the header did not show whole (a title that is not the URL, a row
// too narrow for the status).
func TestAFetchCardSaysItsURLAndStatusOnce(t *testing.T) {
	const url = "https://example.com/missing"
	view := session.WebFetchResultView{URL: url, StatusCode: 404}
	for _, c := range []struct {
		title string
		width int
	}{
		{url, 100},            // the title is the URL
		{"Fetch " + url, 100}, // the title holds it
		{"Fetch", 100},        // the title lacks it: the body says it
		{url, 30},             // the title is cut: the body says it whole
		{url, 16},             // the header has no room for the status
	} {
		text := ansi.Strip(strings.Join(Render(finishedCall(session.GenericCallView{Title: c.title}, view, "page"), Options{Width: c.width}), "\n"))
		flat := strings.ReplaceAll(strings.ReplaceAll(text, "\n", ""), " ", "") // rows joined: a URL wrapped is whole again
		if urls, codes := strings.Count(flat, url), strings.Count(flat, "HTTP404"); urls != 1 || codes != 1 {
			t.Errorf("%q at %d: the URL %d times, the status %d times, want each once:\n%s", c.title, c.width, urls, codes, text)
		}
	}
}
