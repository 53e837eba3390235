package index

import (
	"github.com/deck-tui/deck/session/cardtext"
	"reflect"
	"testing"
)

// A chunk's texts cut anywhere short are an error, never a panic nor
// texts; whole, they are the texts, each with its entry, kind, turn and
// seq.
func TestAChunkCutShort(t *testing.T) {
	texts := []Text{{Entry: 3, Turn: 1, Seq: -1, Kind: cardtext.KindPrompt, Text: "hello"}, {Entry: 300, Turn: 2, Seq: 1 << 40, Kind: cardtext.KindEvent, Text: ""}}
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
