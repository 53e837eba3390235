package follow

import (
	"bytes"
	"io"
)

// A log rewritten in place (cut and written again, by a harness starting it
// over) keeps its name and its inode, and may well be as long as what was
// read, or longer: neither its size nor its time of change (which may not
// move within a second) tells it from one appended to. So the first and
// the last bytes read are kept, and the file must still hold them, at the
// same places, on every look and before any byte after them is taken;
// else the log is read again from the start. What was read is checked
// whole up to headBytes+tailBytes; past that, a rewrite that keeps both
// the first and the last bytes read and changes only bytes in between is
// not seen (another session's log differs from the first byte, one cut
// and written on from some point differs in the last bytes read).

// headBytes and tailBytes are how many of the first and of the last bytes
// read are kept: checking them reads as many bytes again, on every look,
// from a file the system has just read.
const (
	headBytes = 64 << 10
	tailBytes = 4 << 10
)

// rewritten reports whether the file no longer holds what was read of it.
// A pipe or a device is never rewritten: it cannot be read again, nor at
// an offset (deck <(harness …) reads a pipe).
func (l *Log) rewritten() bool {
	return l.info.Mode().IsRegular() && !l.seen.still(l.file, l.read)
}

// seen is what a followed file was read to hold: the file's bytes, as
// read, not the text of a zstd log.
type seen struct {
	head, tail []byte // the first and the last bytes read, headBytes and tailBytes at most
	scratch    []byte // for reading them again
}

// add keeps what of p, read after the rest, is among the first or the last
// bytes read.
func (s *seen) add(p []byte) {
	if len(s.head) < headBytes {
		s.head = append(s.head, p[:min(len(p), headBytes-len(s.head))]...)
	}
	s.tail = append(s.tail, p[max(len(p)-tailBytes, 0):]...)
	if over := len(s.tail) - tailBytes; over > 0 {
		s.tail = s.tail[:copy(s.tail, s.tail[over:])]
	}
}

// reset forgets what was read: the file is read again from the start.
func (s *seen) reset() { s.head, s.tail = s.head[:0], s.tail[:0] }

// still reports whether f holds what was read of it, end bytes.
func (s *seen) still(f io.ReaderAt, end int64) bool {
	return s.holds(f, 0, s.head) && s.holds(f, end-int64(len(s.tail)), s.tail)
}

// holds reports whether f holds want at off.
func (s *seen) holds(f io.ReaderAt, off int64, want []byte) bool {
	if len(want) == 0 {
		return true
	}
	if cap(s.scratch) < len(want) {
		s.scratch = make([]byte, headBytes)
	}
	got := s.scratch[:len(want)]
	n, _ := f.ReadAt(got, off)
	return n == len(want) && bytes.Equal(got, want)
}
