package follow

import (
	"bytes"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// A log read from a named pipe (deck <(harness …) opens /dev/fd/N, a pipe)
// cannot be read twice nor at an offset: it is read once, to its end, in
// chunks, never taken for a rewritten or cut file and read again, whether
// followed or not.
func TestALogFromAPipeIsReadOnce(t *testing.T) {
	for _, follow := range []bool{false, true} {
		t.Run(fmt.Sprint("follow ", follow), func(t *testing.T) { readFromAPipe(t, follow) })
	}
}

func readFromAPipe(t *testing.T, follow bool) {
	data := sessiontest.ReadFile(t, sessiontest.Testdata+"/harness/live/session-logs/plain-resumed/session.jsonl")
	data = bytes.Repeat(data, 1+2*chunkSize/len(data)) // more than one chunk
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	path := fmt.Sprintf("/dev/fd/%d", r.Fd()) // as the shell names <(…)
	if _, err := os.Stat(path); err != nil {
		t.Skip("no /dev/fd here:", err)
	}
	go func() {
		defer w.Close()
		w.Write(data)
	}()
	src := File("pipe", path, follow)
	src.Start()
	defer src.Stop()
	waitLoaded(t, src)
	time.Sleep(3 * pollEvery) // looks at the pipe, when followed
	var st State
	src.With(func(s State) { st = s })
	if st.Read != int64(len(data)) || st.Resets != 0 || st.Err != nil {
		t.Fatalf("read %d bytes of %d, %d times again, error %v", st.Read, len(data), st.Resets, st.Err)
	}
	src.With(func(st State) {
		if follow {
			src.reader.Close()
		}
		if got, want := dumpOf(st.Session), freshDump(path, data, ""); got != want {
			t.Fatalf("read from the pipe:\n%.2000s\nfresh:\n%.2000s", got, want)
		}
	})
}
