package regular_test

import (
	"os"
	"syscall"
	"testing"
)

// nonblocking reports whether f's descriptor has O_NONBLOCK set.
func nonblocking(t *testing.T, f *os.File) bool {
	conn, err := f.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var flags uintptr
	var errno syscall.Errno
	conn.Control(func(fd uintptr) { flags, _, errno = syscall.Syscall(syscall.SYS_FCNTL, fd, syscall.F_GETFL, 0) })
	if errno != 0 {
		t.Fatal(errno)
	}
	return flags&syscall.O_NONBLOCK != 0
}
