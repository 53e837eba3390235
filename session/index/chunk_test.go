package index

import (
	"github.com/deck-tui/deck/session/cardtext"
	"reflect"
	"testing"
)

// A chunk's texts cut anywhere short are an error, never a panic nor
// texts; whole, they are the texts, each with its entry, kind, turn and
// seq, and where its subagents' work starts.
func TestAChunkCutShort(t *testing.T) {
	texts := []Text{{Entry: 3, Turn: 1, Seq: -1, Kind: cardtext.KindPrompt, Text: "hello"},
		{Entry: 4, Turn: 1, Seq: 9, Kind: cardtext.KindReply, Text: "a\nb\nc", Nests: []Nest{{At: 2, Place: 1, Subagent: "Task: x"}, {At: 4, Place: 3, Subagent: ""}}, NestedOf: 3},
		{Entry: 300, Turn: 2, Seq: 1 << 40, Kind: cardtext.KindEvent, Text: ""}}
	raw := string(encodeTexts(nil, texts))
	for n := range len(raw) {
		if got, err := decodeTexts(raw[:n]); err == nil {
			t.Fatalf("cut at %d: %+v", n, got)
		}
	}
	if got, err := decodeTexts(raw); err != nil || !reflect.DeepEqual(got, texts) {
		t.Errorf("%+v %v", got, err)
	}
}

// A stored nest outside its text, before the one before it, or placed
// past the card's nested entries is a damaged chunk, never a hit.
func TestABadNestIsADamagedChunk(t *testing.T) {
	for _, nests := range [][]Nest{{{At: 4, Place: 1}}, {{At: 2, Place: 1}, {At: 1, Place: 2}}, {{At: 0, Place: 3}}, {{At: 0, Place: 0}}} {
		raw := string(encodeTexts(nil, []Text{{Kind: cardtext.KindReply, Text: "abc", Nests: nests, NestedOf: 2}}))
		if got, err := decodeTexts(raw); err == nil {
			t.Errorf("%+v: read as %+v", nests, got)
		}
	}
}
