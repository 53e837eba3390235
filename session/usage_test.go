package session

import "testing"

// A usage of output tokens alone says its input is not recorded; once a
// usage that gives input is counted in it, its input is known.
func TestOutputOnlyUsageUntilInputIsCounted(t *testing.T) {
	var u TokenUsage
	u.Add(TokenUsage{Output: 5, Recorded: RecordedOutputOnly})
	u.Add(TokenUsage{Output: 7, Recorded: RecordedOutputOnly})
	if !u.InputUnknown() || u.Output != 12 {
		t.Fatalf("output alone: %+v", u)
	}
	u.Add(TokenUsage{Input: 100, Output: 1})
	if u.InputUnknown() {
		t.Errorf("input counted, still unknown: %+v", u)
	}
	u.Add(TokenUsage{Output: 2, Recorded: RecordedOutputOnly})
	if u.InputUnknown() || u.Input != 100 {
		t.Errorf("input known, then output alone: %+v", u)
	}
}
