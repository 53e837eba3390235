package source

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"
)

// zstdMagic opens every zstd data frame (RFC 8878 §3.1.1).
var zstdMagic = []byte{0x28, 0xB5, 0x2F, 0xFD}

// isZstd reports whether b starts like a zstd stream: a data frame or a
// skippable frame (magic 0x184D2A50–0x184D2A5F).
func isZstd(b []byte) bool {
	if len(b) < 4 {
		return false
	}
	return bytes.Equal(b[:4], zstdMagic) || (b[0]&0xF0 == 0x50 && bytes.Equal(b[1:4], []byte{0x2A, 0x4D, 0x18}))
}

// frameSplitter finds whole zstd frames in a compressed stream that arrives in
// pieces. The harness appends one frame per flush, so a log is many frames and a
// log being written ends in a partial one: a frame is decoded only once all of
// it is here, and the incomplete tail waits (or is reported at the end).
type frameSplitter struct {
	buf    []byte
	offset int64      // stream offset of buf[0]
	run    frameEvent // the corrupt run being skipped, while skipped > 0
}

// frameEvent is what the splitter found: a whole data frame, or bytes that are
// not zstd and were skipped to find the next frame.
type frameEvent struct {
	frame   []byte // a whole data frame; nil for skipped bytes
	most    int    // the most text the frame can hold, by its headers
	offset  int64  // stream offset of the frame or skipped run
	skipped int    // bytes skipped as corrupt
}

// feed calls emit for every whole frame and every corrupt run, with the
// bytes kept from before; only an unfinished frame's bytes are copied. A
// corrupt run is told once its end is here (the next frame's magic) or
// the stream ends (finish), so that a stream reads alike in any pieces:
// one notice a run, and a magic split between two pieces still found.
func (f *frameSplitter) feed(chunk []byte, emit func(frameEvent)) {
	data := chunk
	if len(f.buf) > 0 {
		f.buf = append(f.buf, chunk...)
		data = f.buf
	}
	start := 0
	for start < len(data) {
		rest := data[start:]
		if f.run.skipped > 0 && !bytes.HasPrefix(rest, zstdMagic) { // on to the next frame's magic
			skip := bytes.Index(rest, zstdMagic)
			if skip < 0 {
				skip = len(rest) - (len(zstdMagic) - 1) // the last bytes may begin a magic
			}
			if skip <= 0 {
				break
			}
			f.run.skipped += skip
			start += skip
			continue
		}
		if f.run.skipped > 0 { // the run ends at a magic
			emit(f.run)
			f.run = frameEvent{}
		}
		size, most, err := zstdFrameSize(rest)
		if errors.Is(err, io.ErrUnexpectedEOF) {
			break
		}
		if err != nil {
			if len(rest) < len(zstdMagic) {
				break // too short to tell; wait for more
			}
			f.run = frameEvent{offset: f.offset + int64(start), skipped: 1}
			start++
			continue
		}
		if size > 0 { // skippable frames carry no log data
			emit(frameEvent{frame: rest[:size], most: most, offset: f.offset + int64(start)})
		}
		start += abs(size)
	}
	f.offset += int64(start)
	f.buf = append(f.buf[:0], data[start:]...)
}

// finish ends the stream: a corrupt run is told, with the bytes held back
// in case they began a magic.
func (f *frameSplitter) finish(emit func(frameEvent)) {
	if f.run.skipped == 0 {
		return
	}
	f.run.skipped += len(f.buf)
	f.offset += int64(len(f.buf))
	f.buf = f.buf[:0]
	emit(f.run)
	f.run = frameEvent{}
}

// tail reports the bytes of an unfinished frame left at the end of the
// stream, once finished.
func (f *frameSplitter) tail() (offset int64, n int) { return f.offset, len(f.buf) }

// zstdFrameSize walks a frame's header and block headers (RFC 8878 §3.1.1) and
// returns its total length, negative for a skippable frame, and the most
// text it can decompress to: its content size when the header gives it,
// else its raw and RLE blocks' sizes and 128 KiB for each compressed block.
// It returns io.ErrUnexpectedEOF while the frame is incomplete.
func zstdFrameSize(b []byte) (size, most int, err error) {
	var h zstd.Header
	if _, err := h.DecodeAndStrip(b); err != nil {
		return 0, 0, err
	}
	if h.Skippable {
		n := h.HeaderSize + int(h.SkippableSize)
		if n > len(b) {
			return 0, 0, io.ErrUnexpectedEOF
		}
		return -n, 0, nil
	}
	pos := h.HeaderSize
	for {
		if pos+3 > len(b) {
			return 0, 0, io.ErrUnexpectedEOF
		}
		bh := uint32(b[pos]) | uint32(b[pos+1])<<8 | uint32(b[pos+2])<<16
		last, kind, size := bh&1 == 1, (bh>>1)&3, int(bh>>3)
		switch kind {
		case 0: // raw
			most += size
		case 1: // RLE: one byte repeated size times
			most += size
			size = 1
		case 2:
			most += maxBlockText
		case 3:
			return 0, 0, fmt.Errorf("reserved block type at byte %d", pos)
		}
		pos += 3 + size
		if last {
			break
		}
	}
	if h.HasCheckSum {
		pos += 4
	}
	if pos > len(b) {
		return 0, 0, io.ErrUnexpectedEOF
	}
	if h.HasFCS && h.FrameContentSize < uint64(most) {
		most = int(h.FrameContentSize)
	}
	return pos, most, nil
}

// maxBlockText is the most text a compressed block holds (RFC 8878 §3.1.1.2.4).
const maxBlockText = 128 << 10

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
