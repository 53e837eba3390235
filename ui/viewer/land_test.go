package viewer

import "testing"

// A hit whose card is not in the log (it changed since it was indexed)
// opens the session at its top with the search set, and says so: the
// search's first match is current, and n goes on.
func TestLandingOnACardNoMoreThereSearchesFromTheTop(t *testing.T) {
	x := start(t, Options{Demo: true, Land: &landing{entry: 1 << 20, query: "healthz"}}, 100, 30)
	x.waitFor("the hit is not in the log now", "match 1 of")
	x.keys("n")
	x.waitFor("match 2 of")
	x.quit()
}
