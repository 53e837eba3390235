package index

import "time"

// Later moves the index's clock on by d, as if that much time had passed,
// until the test's cleanup.
func Later(d time.Duration) (restore func()) {
	clock = func() time.Time { return time.Now().Add(d) }
	return func() { clock = time.Now }
}
