package source

import (
	"fmt"

	"github.com/deck-tui/deck/session/human"
)

// maxRatio is how many times its zstd input a log's text may be. Real
// harness logs compress 3–20× (the corpus: about 3×); a zstd bomb, a gigabyte
// of newlines in 36 KB, is some 30,000×.
const maxRatio = 1000

// ratioFloor is how much text may come out before the ratio is judged: a
// short frame of repeated text can be very small and is no threat.
const ratioFloor = 16 << 20

// ratioGuard stops a decompression bomb: it counts the zstd bytes handed to
// the decoder and the text that came out of them.
type ratioGuard struct {
	compressed, decompressed int64
}

// add counts n bytes of text more, and says why reading must stop when they
// are too many for the zstd bytes they came from ("" while they are not).
func (g *ratioGuard) add(n int) string {
	g.decompressed += int64(n)
	if g.decompressed <= ratioFloor || g.decompressed <= maxRatio*g.compressed {
		return ""
	}
	return fmt.Sprintf("stopped reading: %s bytes of zstd data had expanded to %s bytes of text, more than %d times their size, which no session log does (a decompression bomb?); the rest of the log was not read",
		human.Thousands(g.compressed), human.Thousands(g.decompressed), maxRatio)
}
