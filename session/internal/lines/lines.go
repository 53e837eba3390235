// Package lines cuts a byte stream into lines of any length, however it is
// chunked.
package lines

import "bytes"

// Splitter cuts a byte stream into lines of any length. It is fed in
// chunks (a file read in pieces, a log still being written, decompressed zstd
// frames) and keeps an unfinished line until its newline arrives, so a line is
// never split or lost whatever the chunk boundaries are.
type Splitter struct {
	partial []byte
	lineNum int // number of the last line emitted, 1-based
}

// Feed splits chunk into whole lines and calls emit for each, with its 1-based
// line number. The slice passed to emit is part of chunk, or memory no later
// call reuses, so it stays valid as long as chunk does.
func (s *Splitter) Feed(chunk []byte, emit func(num int, line []byte)) {
	for len(chunk) > 0 {
		i := bytes.IndexByte(chunk, '\n')
		if i < 0 {
			s.partial = append(s.partial, chunk...)
			return
		}
		line := chunk[:i]
		if len(s.partial) > 0 {
			s.partial = append(s.partial, line...)
			line = s.partial
		}
		s.lineNum++
		emit(s.lineNum, trimCR(line))
		s.partial = nil // the line may be kept: never write over it
		chunk = chunk[i+1:]
	}
}

// Flush emits a final line that has no newline (the last line of a finished
// file). A log still being written must not be flushed: its tail is incomplete.
func (s *Splitter) Flush(emit func(num int, line []byte)) {
	if len(s.partial) == 0 {
		return
	}
	s.lineNum++
	emit(s.lineNum, trimCR(s.partial))
	s.partial = nil
}

func trimCR(line []byte) []byte {
	if n := len(line); n > 0 && line[n-1] == '\r' {
		return line[:n-1]
	}
	return line
}
