// Package lines cuts a byte stream into lines of any length, however it is
// chunked.
package lines

import "bytes"

// Splitter cuts a byte stream into lines of any length. It is fed in
// chunks (a file read in pieces, a log still being written, decompressed zstd
// frames) and keeps an unfinished line until its newline arrives, so a line is
// never split or lost whatever the chunk boundaries are.
type Splitter struct {
	pieces  [][]byte // an unfinished line, as copies of the chunks it came in
	size    int      // their bytes
	lineNum int      // number of the last line emitted, 1-based
}

// Feed splits chunk into whole lines and calls emit for each, with its 1-based
// line number. The slice passed to emit is part of chunk, or memory no later
// call reuses, so it stays valid as long as chunk does.
func (s *Splitter) Feed(chunk []byte, emit func(num int, line []byte)) {
	for len(chunk) > 0 {
		i := bytes.IndexByte(chunk, '\n')
		if i < 0 {
			s.pieces = append(s.pieces, bytes.Clone(chunk))
			s.size += len(chunk)
			return
		}
		line := chunk[:i]
		if len(s.pieces) > 0 {
			line = s.join(line)
		}
		s.lineNum++
		emit(s.lineNum, trimCR(line))
		chunk = chunk[i+1:]
	}
}

// join makes the unfinished line whole with its last piece, in memory of
// its exact size: a line of megabytes grown by append would leave about
// four times its size behind as garbage, and hold up to twice it at once.
// The line is new memory, which the splitter never writes over.
func (s *Splitter) join(last []byte) []byte {
	line := make([]byte, 0, s.size+len(last))
	for _, p := range s.pieces {
		line = append(line, p...)
	}
	s.pieces, s.size = nil, 0
	return append(line, last...)
}

// Flush emits a final line that has no newline (the last line of a finished
// file). A log still being written must not be flushed: its tail is incomplete.
func (s *Splitter) Flush(emit func(num int, line []byte)) {
	if s.size == 0 {
		s.pieces = nil
		return
	}
	s.lineNum++
	emit(s.lineNum, trimCR(s.join(nil)))
}

func trimCR(line []byte) []byte {
	if n := len(line); n > 0 && line[n-1] == '\r' {
		return line[:n-1]
	}
	return line
}
