package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/session"
)

// The session header's facts wrap as units: at any width with room for the
// longest (the id), a row holds whole facts, so "83% cache hits" never
// stands alone under the tokens it is of, nor a date's time under its day.
func TestHeaderFactsWrapWhole(t *testing.T) {
	s := &session.Session{Title: "Use the bash tool", Model: "deepseek-v4-flash", Agent: "deepseek-harness",
		Header: session.Header{ID: "e128dda9-ed11-4868-8266-0ef90d03c3d6", CreatedAt: 1783352075000},
		Usage:  session.TokenUsage{Input: 1000, CacheRead: 4900, Output: 115, Recorded: session.RecordedCache}}
	// 6,015 tokens; 4,900 of 5,900 prompt tokens from cache, 83.05%
	facts := []string{"deepseek-harness", "e128dda9-ed11-4868-8266-0ef90d03c3d6", "deepseek-v4-flash", "6k tokens · 83% cache hits"}
	for width := 40; width <= 140; width++ {
		rows := Header(s, Options{Width: width})
		var rest []string
		for _, r := range rows[1:] {
			r = strings.TrimSpace(ansi.Strip(r))
			for _, f := range facts {
				r = strings.ReplaceAll(r, f, "")
			}
			if r = strings.Trim(strings.ReplaceAll(r, " · ", " "), " "); r != "" && !isDate(r) {
				rest = append(rest, r)
			}
		}
		if len(rest) > 0 {
			t.Errorf("width %d: pieces of facts %q in\n%s", width, rest, ansi.Strip(strings.Join(rows, "\n")))
		}
	}
}

// isDate is a row left holding only the start's day and time.
func isDate(s string) bool {
	return len(s) == len("2006-01-02 15:04") && s[4] == '-' && s[10] == ' ' && s[13] == ':'
}
