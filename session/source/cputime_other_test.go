//go:build !unix

package source_test

import "time"

// cpuTime is 0 where the system does not say (see cputime_test.go).
func cpuTime() time.Duration { return 0 }
