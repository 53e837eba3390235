package source

// What the external tests see of the reader's insides.

// IsZstd reports data that starts with a zstd frame.
var IsZstd = isZstd

// FrameEnds is where each whole zstd frame in data ends.
func FrameEnds(data []byte) []int {
	var ends []int
	var fs frameSplitter
	fs.feed(data, func(f frameEvent) { ends = append(ends, int(f.offset)+len(f.frame)) })
	return ends
}

// ReadChunk is how much ReadAll reads into each of its two buffers.
const ReadChunk = readChunk
