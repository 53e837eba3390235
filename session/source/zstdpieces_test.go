package source

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/golden/loggen"
	"github.com/klauspost/compress/zstd"
)

// A zstd log's text fills two pieces in turn: the lines of one are still
// to be applied while the other is filled, and must be before it is filled
// again. Here the first piece's lines are passed on, then a whole piece
// holds no line's end (a long line's start), so the next frame goes back
// into the first piece: its lines, a title among them (whose data is
// decoded as it is applied), were read from the frame written over them.
func TestAZstdPiecesLinesAreAppliedBeforeItIsFilledAgain(t *testing.T) {
	prompt := loggen.PromptLine
	first := `{"type":"session","version":0,"id":"s","createdAt":1,"cwd":"/w","delegationDepth":0}` + "\n" +
		`{"type":"session/title","seq":0,"time":0,"data":{"title":"the first piece's title"}}` + "\n"
	for seq := 1; seq <= 50; seq++ {
		first += prompt(seq, strings.Repeat("a", 2000))
	}
	long := prompt(51, strings.Repeat("b", 2*500<<10))
	cut := len(long) / 2
	second, third := long[:cut], long[cut:]+prompt(52, "the last prompt")
	if len(first)+len(second) <= zstdPiece || len(second) > zstdPiece || len(third) > zstdPiece {
		t.Fatalf("frames of %d, %d and %d bytes do not fill the pieces as meant", len(first), len(second), len(third))
	}
	enc, err := zstd.NewWriter(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer enc.Close()
	var log []byte
	for _, text := range []string{first, second, third} {
		log = enc.EncodeAll([]byte(text), log)
	}
	r := NewReader()
	r.Write(log)
	r.Close()
	s := r.Session()
	if s.Title != "the first piece's title" || len(s.Notices()) > 0 || len(s.Entries) != 52 {
		t.Errorf("title %q, %d entries, notices %v", s.Title, len(s.Entries), s.Notices())
	}
}
