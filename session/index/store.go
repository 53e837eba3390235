package index

import (
	"fmt"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// A chunk of texts is kept compressed beside the full-text table, which
// holds only its trigrams (contentless): a candidate is read back from
// here to be checked and its snippet cut. The first byte says how: stored
// as it is, or zstd.
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

// pack is a chunk's texts as the table keeps them.
func pack(raw []byte) []byte {
	if len(raw) >= compressFrom {
		dst := make([]byte, 1, 1+len(raw)/2) // room for most texts' frame: not grown and copied as it is written
		dst[0] = storedZstd
		out := encoder().EncodeAll(raw, dst)
		if len(out) < len(raw)+1 {
			return out
		}
	}
	return append([]byte{storedPlain}, raw...)
}

// unpack reads a chunk's texts back.
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
