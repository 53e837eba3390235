//go:build unix

package catalogtest

import (
	"net"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// NotAFile is a kind of thing that may stand where a log should be and is
// no regular file.
type NotAFile int

// The kinds: each would block a reader, never end, or cannot be read.
const (
	FIFO     NotAFile = iota // a named pipe: opening it waits for a writer
	Socket                   // a Unix socket
	TTYLink                  // a link to /dev/tty: reading it takes the keyboard
	ZeroLink                 // a link to /dev/zero: it never ends
	Dangling                 // a link to nothing
	Folder                   // a folder under a log's name
)

// NotAFiles are all the kinds.
var NotAFiles = []NotAFile{FIFO, Socket, TTYLink, ZeroLink, Dangling, Folder}

// String names the kind, as a file name may.
func (k NotAFile) String() string {
	return [...]string{"fifo", "socket", "tty-link", "zero-link", "dangling-link", "folder"}[k]
}

// Make puts a k at path, its folders made.
func (k NotAFile) Make(t testing.TB, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	var err error
	switch k {
	case FIFO:
		err = syscall.Mkfifo(path, 0o644)
	case Socket:
		err = socketAt(t, path)
	case TTYLink:
		err = os.Symlink("/dev/tty", path)
	case ZeroLink:
		err = os.Symlink("/dev/zero", path)
	case Dangling:
		err = os.Symlink(filepath.Join(filepath.Dir(path), "gone"), path)
	case Folder:
		err = os.Mkdir(path, 0o755)
	}
	if err != nil {
		t.Fatalf("making a %s at %s: %v", k, path, err)
	}
}

// socketAt binds a Unix socket at path. A socket's path is short (108
// bytes on Linux), so it is bound in a short folder and moved into place.
func socketAt(t testing.TB, path string) error {
	dir, err := os.MkdirTemp("", "s")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	l, err := net.Listen("unix", filepath.Join(dir, "s"))
	if err != nil {
		return err
	}
	l.(*net.UnixListener).SetUnlinkOnClose(false) // the file stays, moved
	t.Cleanup(func() { l.Close() })
	return os.Rename(filepath.Join(dir, "s"), path)
}
