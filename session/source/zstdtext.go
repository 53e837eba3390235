package source

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// zstdPiece is how much decompressed text a piece holds. A zstd log's text
// goes into two pieces in turn, frame after frame: while the lines of one
// are prepared on every core, the next frames are decompressed into the
// other. So a frame that expands to gigabytes is held a piece at a time,
// never whole, and the lines of many small frames (the harness flushes a
// frame every few lines) make one batch worth sharing (parallelBytes).
const zstdPiece = 512 << 10

// wholeFrames decompresses a frame in one call into the piece being filled,
// never past its capacity (WithDecodeAllCapLimit). Streaming copies each
// block out of a history ring of the frame's window (8 MiB for the
// harness's), a new one a reader: about a tenth more CPU and a third more
// garbage. One decoder serves every reader; DecodeAll may be called from
// several goroutines at once.
var wholeFrames = sync.OnceValue(func() *zstd.Decoder {
	d, err := zstd.NewReader(nil, zstd.WithDecodeAllCapLimit(true),
		zstd.WithDecoderConcurrency(runtime.GOMAXPROCS(0)), zstd.WithDecoderMaxWindow(maxWindow))
	if err != nil {
		panic(err) // only invalid options fail here
	}
	return d
})

// decodeFrame reads one whole zstd frame's text into lines: decompressed
// at once when it fits in what is left of the piece or in a fresh one,
// else streamed (more text than a piece). A frame that is corrupt is
// streamed too, which reads its lines before the damage.
func (r *Reader) decodeFrame(f frameEvent) {
	if r.stopped {
		return // a bomb, stopped by an earlier frame of the same Write
	}
	r.guard.compressed += int64(len(f.frame))
	if r.piece == nil {
		r.piece, r.spare = textPieces.Get().(*[zstdPiece]byte)[:0], textPieces.Get().(*[zstdPiece]byte)[:0]
	}
	if f.most > zstdPiece {
		r.streamFrame(f)
		return
	}
	if f.most > cap(r.piece)-len(r.piece) {
		r.nextPiece()
	}
	text, err := wholeFrames().DecodeAll(f.frame, r.piece)
	if err != nil {
		r.streamFrame(f)
		return
	}
	text, r.piece = text[len(r.piece):], text
	r.take(text)
}

// streamFrame streams a frame's text into pieces, as much as each holds.
func (r *Reader) streamFrame(f frameEvent) {
	if r.zdec == nil {
		r.zdec = newZstdDecoder()
	}
	// a bare io.Reader: given a small *bytes.Reader, the zstd decoder
	// would decompress the whole frame at once
	if err := r.zdec.Reset(struct{ io.Reader }{bytes.NewReader(f.frame)}); err != nil {
		r.streamNotice(fmt.Sprintf("zstd frame at byte %d is corrupt (%v); its lines are lost", f.offset, err))
		return
	}
	for !r.stopped {
		if len(r.piece) == cap(r.piece) {
			r.nextPiece()
		}
		n, err := io.ReadFull(r.zdec, r.piece[len(r.piece):cap(r.piece)])
		if n > 0 {
			text := r.piece[len(r.piece) : len(r.piece)+n]
			r.piece = r.piece[:len(r.piece)+n]
			r.take(text)
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return
		}
		if err != nil {
			r.streamNotice(fmt.Sprintf("zstd frame at byte %d is corrupt (%v); the rest of its lines are lost", f.offset, err))
			return
		}
	}
}

// take reads the lines of text just decompressed into the piece, and stops
// reading a decompression bomb.
func (r *Reader) take(text []byte) {
	r.lines.Feed(text, r.applyLine)
	if why := r.guard.add(len(text)); why != "" {
		r.streamNotice(why)
		r.stopped = true
	}
}

// nextPiece starts filling the other piece. The lines batched so far are
// passed on to be prepared, which applies every line before them: all the
// lines in the other piece, which only then may be written over. When none
// were batched since the last piece began (it holds no line's end), the
// batch ahead holds the other piece's lines: keep applies it.
func (r *Reader) nextPiece() {
	if p, ok := r.dec.(preparer); ok {
		r.prep.keep(p, r.applied)
	}
	r.piece, r.spare = r.spare[:0], r.piece
}

// textPieces are the pieces of text, kept between reads as ReadAll's
// buffers are: two new ones are 2 MiB to zero.
var textPieces = sync.Pool{New: func() any { return new([zstdPiece]byte) }}

// releasePieces gives the pieces back once every line in them is applied
// (Close).
func (r *Reader) releasePieces() {
	for _, p := range [][]byte{r.piece, r.spare} {
		if cap(p) == zstdPiece {
			textPieces.Put((*[zstdPiece]byte)(p[:zstdPiece]))
		}
	}
	r.piece, r.spare = nil, nil
}

// maxWindow is the largest zstd window deck decodes with: zstd --long's
// 128 MiB, far past what the harness's frames use. The window is what the
// streaming decoder holds of a frame while it streams its text.
const maxWindow = 128 << 20

// newZstdDecoder makes a streaming decoder for single frames; one per
// reader, reused.
func newZstdDecoder() *zstd.Decoder {
	d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(maxWindow))
	if err != nil {
		panic(err) // only invalid options fail here
	}
	return d
}
