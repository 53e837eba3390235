package subagentfile

import (
	"fmt"
	"io"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/lines"
)

// MaxBytes bounds how much of a subagent's file is read.
const MaxBytes = 64 << 20

// Lines gives apply each line of a subagent's file, numbered from 1, of
// at most MaxBytes of it. A larger file's start only is read, its last
// line cut short left out, and a notice in s says so, naming the file as
// what ("transcript", "chat").
func Lines(rd io.Reader, apply func(num int, line []byte), s *session.Builder, what string) {
	linesUpTo(rd, MaxBytes, apply, s, what)
}

func linesUpTo(rd io.Reader, limit int64, apply func(int, []byte), s *session.Builder, what string) {
	var split lines.Splitter
	limited := &io.LimitedReader{R: rd, N: limit}
	buf := make([]byte, 256<<10)
	for {
		n, err := limited.Read(buf)
		split.Feed(buf[:n], apply)
		if err != nil {
			break
		}
	}
	if limited.N == 0 {
		if more, _ := rd.Read(buf[:1]); more > 0 {
			s.Notice(0, fmt.Sprintf("the subagent's %s is larger than %d MB; only its start is shown", what, limit>>20))
			return
		}
	}
	split.Flush(apply)
}
