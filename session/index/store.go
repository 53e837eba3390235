package index

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// A text is kept compressed beside the full-text table, which holds only
// its trigrams (contentless): a candidate is read back from here to be
// checked and its snippet cut. The first byte says how: stored as it is,
// or zstd.
const (
	storedPlain byte = 0
	storedZstd  byte = 1
	// compressFrom is the shortest text worth a zstd frame's header.
	compressFrom = 96
	// maxText bounds what a stored text may expand to: the cache is deck's
	// own, but a file damaged on disk must not take all memory.
	maxText = 1 << 30
)

var (
	encoder = sync.OnceValue(func() *zstd.Encoder {
		e, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(1), zstd.WithLowerEncoderMem(true))
		if err != nil {
			panic(err) // only bad options fail
		}
		return e
	})
	decoder = sync.OnceValue(func() *zstd.Decoder {
		d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(0), zstd.WithDecoderMaxMemory(maxText))
		if err != nil {
			panic(err)
		}
		return d
	})
)

// pack is a text as the table keeps it.
func pack(text string) []byte {
	if len(text) >= compressFrom {
		out := encoder().EncodeAll([]byte(text), []byte{storedZstd})
		if len(out) < len(text)+1 {
			return out
		}
	}
	return append([]byte{storedPlain}, text...)
}

// unpack reads a text back.
func unpack(b []byte) (string, error) {
	if len(b) == 0 {
		return "", fmt.Errorf("an empty stored text")
	}
	switch b[0] {
	case storedPlain:
		return string(b[1:]), nil
	case storedZstd:
		out, err := decoder().DecodeAll(b[1:], nil)
		return string(out), err
	}
	return "", fmt.Errorf("a stored text of unknown kind %d", b[0])
}

// textHash tells a text row that changed from one that did not, turn and
// seq included: an append rewrites only the rows whose hash differs.
func textHash(t Text) int64 {
	h := sha256.New()
	var head [16]byte
	binary.LittleEndian.PutUint64(head[:8], uint64(t.Turn))
	binary.LittleEndian.PutUint64(head[8:], uint64(t.Seq))
	h.Write(head[:])
	io.WriteString(h, t.Text)
	var sum [sha256.Size]byte
	return int64(binary.LittleEndian.Uint64(h.Sum(sum[:0])))
}
