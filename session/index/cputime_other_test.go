//go:build !unix

package index_test

import "time"

// cpuTime is 0 where the system does not tell it.
func cpuTime() time.Duration { return 0 }
