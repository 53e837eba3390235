package source_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/deck-tui/deck/golden/loggen"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// ReadAll reads into two buffers in turn and leaves a buffer's last lines
// to be applied while the next is read. A buffer whose lines end exactly
// at its end, followed by one that holds no line's end at all (a line
// longer than a buffer), must still have its lines applied before it is
// read into again: else the header and first prompt are read from the
// third buffer's bytes (a title's data is decoded as its line is applied).
func TestReadAllAppliesABuffersLinesBeforeReadingIntoIt(t *testing.T) {
	prompt := loggen.PromptLine
	const title = `{"type":"session/title","seq":0,"time":0,"data":{"title":"the first buffer's title"}}` + "\n"
	head := loggen.HostileHeader + title + prompt(1, "")
	first := loggen.HostileHeader + title + prompt(1, strings.Repeat("a", source.ReadChunk-len(head)))
	if len(first) != source.ReadChunk {
		t.Fatalf("the first buffer's lines are %d bytes, want %d", len(first), source.ReadChunk)
	}
	log := first + prompt(2, strings.Repeat("b", source.ReadChunk+100))
	for seq := 3; seq < 40; seq++ {
		log += prompt(seq, fmt.Sprintf("prompt %d", seq))
	}
	var whole, inPieces bytes.Buffer
	got, _ := source.ReadAll(strings.NewReader(log))
	sessiontest.Dump(&whole, got)
	sessiontest.Dump(&inPieces, sessiontest.ReadBytes([]byte(log), 4096))
	if !bytes.Equal(whole.Bytes(), inPieces.Bytes()) {
		t.Errorf("ReadAll and Writes of 4 KiB read different sessions:\n%.600s\n---\n%.600s", whole.Bytes(), inPieces.Bytes())
	}
	if got.Title != "the first buffer's title" || !strings.Contains(whole.String(), "prompt 39") {
		t.Errorf("the title is %q, or the last prompt is missing:\n%.600s", got.Title, whole.Bytes())
	}
}
