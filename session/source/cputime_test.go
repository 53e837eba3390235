//go:build unix

package source_test

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used, on every core: on a shared
// machine it says what a decode costs where its wall time cannot.
func cpuTime() time.Duration {
	var u syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
