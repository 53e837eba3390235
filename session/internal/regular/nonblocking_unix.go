//go:build unix

package regular

import (
	"os"
	"syscall"
)

// openFlags make opening return at once whatever path is: a named pipe
// with no writer opens without waiting for one, and a terminal does not
// become deck's controlling terminal.
const openFlags = syscall.O_NONBLOCK | syscall.O_NOCTTY

// blocking clears O_NONBLOCK again on a regular file, which is then read
// as any file is.
func blocking(f *os.File) error {
	conn, err := f.SyscallConn()
	if err != nil {
		return err
	}
	if cerr := conn.Control(func(fd uintptr) { err = syscall.SetNonblock(int(fd), false) }); cerr != nil {
		return cerr
	}
	return err
}
