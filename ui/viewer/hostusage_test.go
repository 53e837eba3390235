package viewer

import (
	"slices"
	"testing"

	"github.com/deck-tui/deck/session/live"
)

// A host session's status bar says the host's tokenUsage projection as
// the web client's usage pill does: its four buckets summed (350 uncached,
// 1,800 read and 100 written from cache, 110 out: 2,360 tokens), and the
// share of the 2,250 prompt tokens read from cache (80%).
func TestAHostSessionSaysItsTokensAsTheWebClient(t *testing.T) {
	c, err := live.New("http://127.0.0.1:1", live.Options{})
	if err != nil {
		t.Fatal(err)
	}
	l := newLiveState(c, "s1")
	l.tokens = live.TokenUsage{Uncached: 350, CacheRead: 1800, CacheWrite: 100, Output: 110}
	if facts := l.facts(""); !slices.Contains(facts, "2.4k tokens · 80% cache hits") {
		t.Errorf("the status bar's facts: %q", facts)
	}
}
