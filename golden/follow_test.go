package golden

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/klauspost/compress/zstd"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/session/stats"
	"github.com/deck-tui/deck/theme"
)

// A followed log is read as it is written: in pieces of any size, cut
// anywhere (inside a line, a UTF-8 character, a zstd frame), and never
// closed, since the log may grow. When all of it has come, what it shows
// must be what a fresh open of the file shows: a reader may decide nothing
// at the log's end, which a followed log never reaches. The only thing the
// end decides is that a call still waiting gets no result (the session's
// Builder.EndCalls), so the followed session is compared once its calls
// are so ended. Halfway, it must be what one piece of the same bytes makes.

// followLogs is every log under testdata deck reads: the harness's
// scenarios and live host's logs (plain and zstd), the newer harness's,
// the generations', deck's own fixtures, and the corpus of ACP, Claude Code
// and Codex.
func followLogs(t testing.TB) []fixture {
	logs := append(fixtures(t), corpusFixtures(t)...)
	for _, pattern := range []string{
		"testdata/harness/live/session-logs/*/session.jsonl.zstd",
		"testdata/harness-next/*/*.jsonl",
		"testdata/harness-next/live/session-logs/*/session.jsonl*",
		"testdata/generations/*/*.jsonl*",
		"testdata/generations/*/*/*.jsonl*",
	} {
		paths, _ := filepath.Glob(pattern)
		for _, p := range paths {
			logs = append(logs, fixture{strings.TrimPrefix(p, "testdata/"), p})
		}
	}
	if len(logs) < 100 {
		t.Fatalf("found %d logs; the testdata is incomplete", len(logs))
	}
	return logs
}

// readFollowed reads data as a followed log is read: in the pieces cuts
// makes (the offsets where one ends), never closed, the parts kept beside
// the log read as they come. It returns the reader after each cut.
func readFollowed(path string, data []byte, cuts []int, at func(read int, r *source.Reader)) *source.Reader {
	r := source.NewReader()
	r.Defer()
	r.SetPath(path)
	from := 0
	for _, to := range append(cuts[:len(cuts):len(cuts)], len(data)) {
		if to = min(to, len(data)); to <= from {
			continue
		}
		r.Write(data[from:to])
		for _, later := range r.TakeLater() {
			later.Read()
			later.Show()
		}
		from = to
		if at != nil {
			at(to, r)
		}
	}
	return r
}

// readWhole reads data as one piece, never closed: a followed log's first
// read of what is there.
func readWhole(path string, data []byte) *session.Session {
	return readFollowed(path, data, nil, nil).Session()
}

// whole reports a log that ends where a line ends: its last line has its
// newline, its last zstd frame is complete. A followed log that does not
// waits for the rest, which a fresh open knows will not come.
func whole(data []byte) bool {
	if bytes.HasPrefix(data, []byte{0x28, 0xB5, 0x2F, 0xFD}) {
		d, err := zstd.NewReader(nil)
		if err != nil {
			return false
		}
		defer d.Close()
		var derr error
		if data, derr = d.DecodeAll(data, nil); derr != nil {
			return false
		}
	}
	return bytes.HasSuffix(data, []byte("\n"))
}

// cutsOf chooses where a seed's pieces end: seed 1 reads a small log a
// byte at a time; seed 2 cuts inside each multi-byte UTF-8 character and
// just past the start of each zstd frame, and at random between; the
// others cut at random, small pieces and large.
func cutsOf(data []byte, seed uint64) []int {
	rnd := rand.New(rand.NewPCG(seed, uint64(len(data))))
	var cuts []int
	switch {
	case seed == 1 && len(data) <= 4<<10:
		for i := 1; i < len(data); i++ {
			cuts = append(cuts, i)
		}
		return cuts
	case seed == 2:
		for i := 1; i < len(data); i++ {
			inRune := !utf8.RuneStart(data[i]) && data[i-1] >= utf8.RuneSelf
			frame := i >= 1 && i+3 < len(data) && bytes.HasPrefix(data[i-1:], []byte{0x28, 0xB5, 0x2F, 0xFD})
			if inRune || frame || rnd.IntN(512) == 0 {
				cuts = append(cuts, i)
			}
		}
		return cuts
	}
	for at := 0; at < len(data); {
		n := 1 + rnd.IntN(64)
		if rnd.IntN(4) == 0 {
			n = 1 + rnd.IntN(64<<10)
		}
		at += n
		cuts = append(cuts, at)
	}
	return cuts
}

// drawn is how a viewer draws a session: the header, each entry's card,
// the stats card, at 100 columns, plain.
type drawn struct {
	o cards.Options
	s *session.Session
}

func drawingOf(s *session.Session) drawn {
	return drawn{o: cards.Options{Width: 100, Theme: theme.Dark(), Cwd: s.Header.Cwd, Expanded: true, NoHighlight: true}, s: s}
}

// shape names a session's entries by kind, for a message.
func shape(s *session.Session) string {
	var kinds []string
	for _, e := range s.Entries {
		kinds = append(kinds, strings.TrimPrefix(fmt.Sprintf("%T", e), "*session."))
	}
	return strings.Join(kinds, " ")
}

func (d drawn) card(i int) string {
	return plain(strings.Join(cards.Render(d.s.Entries[i], d.o), "\n"))
}

func (d drawn) frame() string {
	return plain(strings.Join(cards.Header(d.s, d.o), "\n") + "\n" + strings.Join(cards.StatsCard(stats.Of(d.s), d.o), "\n"))
}

// sameDrawing fails the test when got draws otherwise than want. A card is
// a pure function of its entry: entries deeply equal draw alike, so only
// the entries that differ are drawn (drawing them all, for every log and
// every chunking, is most of a minute under -race).
func sameDrawing(t *testing.T, what string, got, want drawn) {
	t.Helper()
	if g, w := got.frame(), want.frame(); g != w {
		t.Fatalf("%s: the header or the stats differ:\n%s\nwant:\n%s", what, g, w)
	}
	if g, w := got.s.Title, want.s.Title; g != w {
		t.Fatalf("%s: title %q, want %q", what, g, w)
	}
	if len(got.s.Entries) != len(want.s.Entries) {
		t.Fatalf("%s: %d entries, want %d:\n%s\nwant:\n%s", what, len(got.s.Entries), len(want.s.Entries), shape(got.s), shape(want.s))
	}
	for i := range got.s.Entries {
		if reflect.DeepEqual(got.s.Entries[i], want.s.Entries[i]) {
			continue
		}
		if g, w := got.card(i), want.card(i); g != w {
			t.Fatalf("%s: card %d differs:\n%s\nwant:\n%s", what, i, g, w)
		}
	}
}

// followedShows reads data followed, in the pieces of cuts, and holds it to
// fresh (the fresh open's drawing); halfway, at the cut mid, to one piece
// of what was read.
func followedShows(t *testing.T, path string, data []byte, cuts []int, mid int, fresh drawn) {
	r := readFollowed(path, data, cuts, func(read int, r *source.Reader) {
		if read == mid {
			sameDrawing(t, fmt.Sprintf("after %d of %d bytes", read, len(data)), drawingOf(r.Session()), drawingOf(readWhole(path, data[:read])))
		}
	})
	if !whole(data) {
		r.Close() // what it waits for will not come: it ends as the fresh open did
	}
	s := r.Session()
	(&session.Builder{Session: s}).EndCalls()
	sameDrawing(t, "all read", drawingOf(s), fresh)
}

func TestAFollowedLogIsAFreshOpen(t *testing.T) {
	for _, f := range followLogs(t) {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(f.path)
			if err != nil {
				t.Fatal(err)
			}
			fresh := drawingOf(open(t, f.path))
			for seed := uint64(1); seed <= 3; seed++ {
				cuts := cutsOf(data, seed)
				mid := -1
				if len(cuts) > 0 {
					mid = cuts[rand.New(rand.NewPCG(seed, 7)).IntN(len(cuts))]
				}
				t.Run(fmt.Sprint(seed), func(t *testing.T) { followedShows(t, f.path, data, cuts, mid, fresh) })
			}
		})
	}
}

// FuzzFollowedLogIsAFreshOpen reads the smaller logs followed in the pieces
// the fuzzer chooses: each byte of sizes is the length of a piece, less one.
func FuzzFollowedLogIsAFreshOpen(f *testing.F) {
	var logs []fixture
	for _, l := range followLogs(f) {
		if info, err := os.Stat(l.path); err == nil && info.Size() <= 32<<10 {
			logs = append(logs, l)
		}
	}
	for i := range logs {
		f.Add(uint8(i), []byte{0, 1, 2, 200, 17})
	}
	f.Fuzz(func(t *testing.T, which uint8, sizes []byte) {
		l := logs[int(which)%len(logs)]
		data, err := os.ReadFile(l.path)
		if err != nil {
			t.Fatal(err)
		}
		var cuts []int
		for at, i := 0, 0; len(sizes) > 0 && at < len(data); i++ {
			at += 1 + int(sizes[i%len(sizes)])
			cuts = append(cuts, at)
		}
		mid := -1
		if len(cuts) > 0 {
			mid = cuts[len(cuts)/2]
		}
		followedShows(t, l.path, data, cuts, mid, drawingOf(open(t, l.path)))
	})
}
