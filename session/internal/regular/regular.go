// Package regular opens the files deck reads a session from by name (a log,
// a subagent's transcript) only when they are regular files, links
// followed, and never blocks on one that is not: a named pipe would wait
// for a writer, a terminal would hand over the keyboard, a device would
// never end. Streams come through stdin, never through a name.
package regular

import (
	"fmt"
	"io"
	"io/fs"
	"os"
)

// Open opens path for reading if it is a regular file. It looks before it
// opens, so that no device is opened at all, and looks again at what it
// opened, without blocking, since path may have been swapped meanwhile.
func Open(path string) (*os.File, fs.FileInfo, error) {
	if _, err := Check(path); err != nil {
		return nil, nil, err
	}
	return open(path)
}

// Check stats path, links followed, and says whether it is a regular file,
// without opening it.
func Check(path string) (fs.FileInfo, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	return info, NotAFile(path, info)
}

// open opens path without waiting on it (nonblocking.go) and refuses what
// it finds there unless it is a regular file, which is then read as any
// file is.
func open(path string) (*os.File, fs.FileInfo, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	if err == nil {
		err = NotAFile(path, info)
	}
	if err == nil {
		err = blocking(f)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, info, nil
}

// NotAFile is a *NotAFileError when info, path's, is no regular file; nil
// when it is one.
func NotAFile(path string, info fs.FileInfo) error {
	if info.Mode().IsRegular() {
		return nil
	}
	return &NotAFileError{Path: path, Mode: info.Mode()}
}

// NotAFileError says a path deck was to read a session from names no
// regular file.
type NotAFileError struct {
	Path string
	Mode fs.FileMode
}

func (e *NotAFileError) Error() string {
	return fmt.Sprintf("%s is %s: deck reads a session log from a file, or a stream from stdin (-)", e.Path, e.What())
}

// What says what the path is instead: "a named pipe (FIFO), not a regular
// file".
func (e *NotAFileError) What() string {
	switch m := e.Mode; {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO), not a regular file"
	case m&fs.ModeSocket != 0:
		return "a socket, not a regular file"
	case m&fs.ModeCharDevice != 0:
		return "a character device, not a regular file"
	case m&fs.ModeDevice != 0:
		return "a block device, not a regular file"
	case m.IsDir():
		return "a folder, not a regular file"
	}
	return "not a regular file"
}

// ReadCapped reads at most max bytes of path if it is a regular file: the
// small files beside a log (a project list, a summary, a workspace's
// name), which a named pipe or a huge file must not stall.
func ReadCapped(path string, max int64) ([]byte, error) {
	f, _, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, max))
}
