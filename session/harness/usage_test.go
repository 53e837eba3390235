package harness

import (
	"testing"

	"github.com/deck-tui/deck/session"
)

// A usage that leaves out its cache and reasoning counts (a live host's
// log) records only what it gave: the counts it left out are not 0.
func TestUsageRecordsWhatTheLogGave(t *testing.T) {
	full := (&usageData{InputTokens: "10", OutputTokens: "5", CacheReadTokens: "0", ReasoningTokens: "3"}).tokens()
	if full.Recorded != session.RecordedCache|session.RecordedReasoning {
		t.Errorf("full usage: recorded %b", full.Recorded)
	}
	bare := (&usageData{InputTokens: "10", OutputTokens: "5"}).tokens()
	if bare.Recorded != 0 || bare.Input != 10 || bare.Output != 5 {
		t.Errorf("bare usage: %+v", bare)
	}
}
