package source_test

import (
	"bytes"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/deck-tui/deck/golden/loggen"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

func liveZstdLogs(t *testing.T) []string {
	zs, _ := filepath.Glob(sessiontest.Testdata + "/harness/live/session-logs/*/session.jsonl.zstd")
	if len(zs) < 7 {
		t.Fatalf("found %d zstd logs", len(zs))
	}
	return zs
}

// A multi-frame zstd log reads exactly like its decompressed twin, whether it
// arrives whole or a byte at a time.
func TestZstdLogReadsLikeItsPlainTwin(t *testing.T) {
	for _, z := range liveZstdLogs(t) {
		want := sessiontest.ReadBytes(sessiontest.ReadFile(t, strings.TrimSuffix(z, ".zstd")), 1<<20)
		for _, n := range []int{1 << 20, 1, 7} {
			got := sessiontest.ReadBytes(sessiontest.ReadFile(t, z), n)
			if sessiontest.Shape(got) != sessiontest.Shape(want) || got.Account != want.Account {
				t.Fatalf("%s fed %d bytes at a time:\n got %s %+v\nwant %s %+v", z, n, sessiontest.Shape(got), got.Account, sessiontest.Shape(want), want.Account)
			}
			if len(got.Notices()) != 0 {
				t.Fatalf("%s: notices %v", z, got.Notices()[0].Text)
			}
		}
	}
}

// A log whose last frame is cut off reports it, and shows everything the
// whole frames before it held.
func TestTruncatedZstdTailIsReportedAndTheRestShows(t *testing.T) {
	z := liveZstdLogs(t)[0]
	data := sessiontest.ReadFile(t, z)
	frames := source.FrameEnds(data)
	if len(frames) < 3 {
		t.Fatalf("%s has %d frames; the harness writes many", z, len(frames))
	}
	cut := data[:len(data)-5]
	s := sessiontest.ReadBytes(cut, 4096)
	notices := s.Notices()
	if len(notices) != 1 || !strings.Contains(notices[0].Text, "unfinished zstd frame") {
		t.Fatalf("want one notice about the unfinished frame, got %v", notices)
	}
	whole := sessiontest.ReadBytes(data[:frames[len(frames)-2]], 4096)
	if whole.Account.Lines == 0 || s.Account.Lines != whole.Account.Lines {
		t.Fatalf("read %d lines from the cut log, want the %d of its whole frames", s.Account.Lines, whole.Account.Lines)
	}
}

// Bytes that are not zstd between two frames are skipped with a notice; the
// frames after them still read.
func TestGarbageBetweenFramesIsSkipped(t *testing.T) {
	z := liveZstdLogs(t)[0]
	data := sessiontest.ReadFile(t, z)
	at := source.FrameEnds(data)[0] // after the header frame
	bad := append(append(append([]byte{}, data[:at]...), []byte("GARBAGE!")...), data[at:]...)
	s := sessiontest.ReadBytes(bad, 1<<20)
	want := sessiontest.ReadBytes(data, 1<<20)
	if s.Account.Lines != want.Account.Lines {
		t.Fatalf("read %d lines, want %d", s.Account.Lines, want.Account.Lines)
	}
	if n := s.Notices(); len(n) != 1 || !strings.Contains(n[0].Text, "8 bytes at byte") {
		t.Fatalf("notices: %v", n)
	}
}

func TestZstdIsDetectedByContentNotName(t *testing.T) {
	if !source.IsZstd([]byte{0x28, 0xB5, 0x2F, 0xFD, 0}) || !source.IsZstd([]byte{0x5A, 0x2A, 0x4D, 0x18}) {
		t.Fatal("zstd magic not recognised")
	}
	if source.IsZstd([]byte(`{"type"`)) {
		t.Fatal("JSON taken for zstd")
	}
	s := sessiontest.ReadBytes(bytes.Clone(sessiontest.ReadFile(t, liveZstdLogs(t)[0])), 1<<20)
	if !s.Header.Present {
		t.Fatal("the zstd log's header was not read")
	}
}

// A log's text cut into zstd frames of every size reads as the text does:
// many frames to a piece of text and frames cut across two, frames that
// give their size and frames that do not (the harness's), and frames of
// more text than a piece, which are streamed.
func TestZstdFramesOfEverySizeReadLikeTheirText(t *testing.T) {
	gen, err := loggen.File(t.TempDir(), 1<<20, false)
	if err != nil {
		t.Fatal(err)
	}
	text := sessiontest.ReadFile(t, gen)
	sized, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest))
	if err != nil {
		t.Fatal(err)
	}
	defer sized.Close()
	var log bytes.Buffer
	rng := rand.New(rand.NewPCG(1, 2))
	for i, rest := 0, text; len(rest) > 0; i++ {
		n := min(len(rest), 1+rng.IntN(64<<10))
		if i%7 == 3 {
			n = min(len(rest), 1200<<10) // more than a piece
		}
		if i%2 == 0 {
			log.Write(sized.EncodeAll(rest[:n], nil))
		} else { // streamed: no content size in the header
			w, _ := zstd.NewWriter(&log, zstd.WithEncoderLevel(zstd.SpeedFastest))
			w.Write(rest[:n])
			w.Close()
		}
		rest = rest[n:]
	}
	var want, got bytes.Buffer
	sessiontest.Dump(&want, sessiontest.ReadBytes(text, 1<<20))
	for _, chunk := range []int{4 << 20, 4096} {
		got.Reset()
		sessiontest.Dump(&got, sessiontest.ReadBytes(log.Bytes(), chunk))
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Fatalf("read %d bytes at a time, the zstd log's model differs from its text's", chunk)
		}
	}
}

// A frame whose bytes are damaged says so, reads what it can, and the
// frames after it read whole.
func TestACorruptZstdFrameIsReportedAndTheNextFramesRead(t *testing.T) {
	data := sessiontest.ReadFile(t, liveZstdLogs(t)[0])
	ends := source.FrameEnds(data)
	if len(ends) < 3 {
		t.Fatalf("%d frames", len(ends))
	}
	bad := bytes.Clone(data)
	mid := (ends[0] + ends[1]) / 2 // inside the second frame's one block
	for i := mid; i < mid+4; i++ {
		bad[i] ^= 0x5A
	}
	s := sessiontest.ReadBytes(bad, 1<<20)
	notices := strings.Join(sessiontest.NoticeTexts(s), "\n")
	if !strings.Contains(notices, "is corrupt") {
		t.Fatalf("no notice of the corrupt frame: %q", notices)
	}
	after := sessiontest.ReadBytes(data[ends[1]:], 1<<20)
	if s.Account.Lines < after.Account.Lines {
		t.Fatalf("read %d lines, fewer than the %d of the frames after the corrupt one", s.Account.Lines, after.Account.Lines)
	}
}

// Bytes that are not zstd, and a frame that is corrupt, read alike in any
// pieces (as a followed log arrives): one notice for each run skipped, in
// the same place among the entries as when the log arrives whole, and a
// frame whose magic number is split between two pieces still found.
func TestBrokenZstdReadsAlikeInAnyPieces(t *testing.T) {
	data := sessiontest.ReadFile(t, liveZstdLogs(t)[0])
	ends := source.FrameEnds(data)
	var bad []byte
	bad = append(bad, data[:ends[0]]...)
	bad = append(bad, "GARBAGE! and then some more bytes that are no zstd"...)
	bad = append(bad, data[ends[0]:ends[1]]...)
	bad = append(bad, "MORE"...)
	bad = append(bad, data[ends[1]:ends[3]]...)
	corrupt := len(bad) + (ends[4]-ends[3])/2
	bad = append(bad, data[ends[3]:]...)
	bad[corrupt] ^= 0xFF // a block of the fifth frame
	bad = append(bad, "and a tail of garbage"...)
	whole := sessiontest.ReadBytes(bad, 1<<20)
	if n := len(whole.Notices()); n != 4 || !strings.Contains(sessiontest.Shape(whole), "is corrupt") {
		t.Fatalf("read whole, %d notices:\n%s", n, sessiontest.Shape(whole))
	}
	for n := 1; n <= 64; n++ {
		if got := sessiontest.ReadBytes(bad, n); sessiontest.Shape(got) != sessiontest.Shape(whole) || got.Account != whole.Account {
			t.Fatalf("fed %d bytes at a time:\n%s\n%+v\nwhole:\n%s\n%+v", n, sessiontest.Shape(got), got.Account, sessiontest.Shape(whole), whole.Account)
		}
	}
}
