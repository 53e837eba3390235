//go:build unix

package index_test

import (
	"syscall"
	"time"
)

// cpuTime is the processor time the process has taken so far, in user
// and system mode: on a machine other work shares, a figure that says
// what deck's own work costs where the wall clock says what it waited.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
