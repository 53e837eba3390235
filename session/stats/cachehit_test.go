package stats

import (
	"math/big"
	"testing"
)

// The cache hit share is written as the web client writes it: a whole
// percentage, halves rounded up, and never 100% for a share short of it.
func TestCacheHitIsNeverRoundedUpToAWholeHit(t *testing.T) {
	for _, c := range []struct {
		read, prompt int64
		want         string
	}{
		{1800, 2250, "80"},     // 80% exactly
		{1, 200, "1"},          // 0.5%: a half, rounded up
		{0, 2900, "0"},         // none from cache
		{5760, 9145, "63"},     // 62.98%
		{995, 1000, "99.5"},    // 99.5% would round to 100: one decimal shows it short
		{9996, 10000, "99.96"}, // 99.96%: one decimal rounds to 100.0, two do not
		{9999, 10000, "99.99"}, // short by one in ten thousand
		{99999, 100000, "99.999"},
		{99994, 100000, "99.99"}, // short by 0.006%: 0.01 at two decimals (0.006 rounds to 0.01)
		{1000, 1000, "100"},      // a whole hit
		{1200, 1000, "100"},      // more read than the prompt (a bad log): not over 100
	} {
		if got := cacheHit(big.NewInt(c.read), big.NewInt(c.prompt)); got != c.want {
			t.Errorf("%d of %d: %q, want %q", c.read, c.prompt, got, c.want)
		}
	}
	var none Figures
	if got := none.CacheHit(); got != "not recorded" {
		t.Errorf("no cache count: %q", got)
	}
}

// Tokens per second are written as the web client writes them: whole from
// ten on, one decimal below, halves rounded up.
func TestRateIsWholeFromTen(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{{26.19, "26/s"}, {9.96, "10/s"}, {8.333, "8.3/s"}, {10.5, "11/s"}, {0.25, "0.3/s"}, {0, "0/s"}} {
		if got := Measured(c.v).Rate(); got != c.want {
			t.Errorf("%v: %q, want %q", c.v, got, c.want)
		}
	}
}
