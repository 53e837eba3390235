package cards

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// A worker hands a batch's cards over a chunk at a time, each chunk
// ending at the card that took it past chunkBytes: the cards drawn ahead
// of the one emitted are a few chunks, not a whole batch of large cards.
func TestABatchsCardsComeInChunks(t *testing.T) {
	o := Options{Width: 100, Theme: theme.Dark(), Expanded: true}
	reply := strings.Repeat("a reply of many words, ", 2000) // some 46 KB a card
	j := drawJob{done: make(chan [][]string, 1)}
	for range cardBatch {
		j.entries = append(j.entries, &session.AssistantText{Text: reply})
	}
	go drawBatch(j, o)
	cards, chunks := 0, 0
	for chunk := range j.done {
		chunks++
		size := 0
		for k, rows := range chunk {
			if size >= chunkBytes {
				t.Fatalf("chunk %d went on past %d bytes, to card %d of %d", chunks, chunkBytes, k+1, len(chunk))
			}
			for _, r := range rows {
				size += len(r)
			}
		}
		cards += len(chunk)
	}
	if cards != cardBatch || chunks < 2 {
		t.Errorf("%d cards in %d chunks; want %d cards in several", cards, chunks, cardBatch)
	}
}
