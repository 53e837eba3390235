package index

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"github.com/deck-tui/deck/session/cardtext"
)

// A session's texts are kept, and given to the full-text table, in
// chunks: runs of its texts in order, each closed once it holds
// chunkBytes of text (a longer text is a chunk of its own). The table's
// row is a chunk's, its id the id of the chunk's first text; a candidate
// is read back whole and each of its texts checked. A trigram is given
// once a chunk however many of its texts hold it: the table's work, and
// its size, are in how many (trigram, row) pairs it holds, and a chunk of
// a session's texts (the same code read, run and changed) holds each
// trigram once where its texts held it about two times. A chunk is small
// enough to read back and check in well under a millisecond.
const chunkBytes = 64 << 10

// chunk is one chunk of a doc's texts, ready to write.
type chunk struct {
	entry int           // its first text's entry,
	kind  cardtext.Kind // and kind: its id
	n     int           // how many texts it holds
	hash  int64         // of its texts: an append rewrites only the chunks whose hash changed
	data  []byte        // its texts, encoded (encodeTexts) and packed (pack)
	words string        // the full-text table's words (gramWords)
}

// chunksOf cuts texts into chunks and prepares each for the writer.
func chunksOf(texts []Text, seen *gramSet) []chunk {
	var out []chunk
	var raw, words []byte
	for first := 0; first < len(texts); {
		n, size := 0, 0
		for first+n < len(texts) && size < chunkBytes {
			size += len(texts[first+n].Text)
			n++
		}
		raw = encodeTexts(raw[:0], texts[first:first+n])
		seen.reset()
		words = words[:0]
		for _, t := range texts[first : first+n] {
			words = gramWords(words, t.Text, seen)
		}
		sum := sha256.Sum256(raw)
		out = append(out, chunk{entry: texts[first].Entry, kind: texts[first].Kind, n: n,
			hash: int64(binary.LittleEndian.Uint64(sum[:8])), data: pack(raw), words: string(words)})
		first += n
	}
	return out
}

// encodeTexts appends the texts of one chunk: how many, then for each
// its entry, kind, turn, seq, text, and how many nests it has, then (with
// any) how many entries its card nests and each nest's start, place and
// subagent.
func encodeTexts(buf []byte, texts []Text) []byte {
	buf = binary.AppendUvarint(buf, uint64(len(texts)))
	for _, t := range texts {
		buf = binary.AppendUvarint(buf, uint64(t.Entry))
		buf = append(buf, byte(t.Kind))
		buf = binary.AppendUvarint(buf, uint64(t.Turn))
		buf = binary.AppendVarint(buf, t.Seq)
		buf = binary.AppendUvarint(buf, uint64(len(t.Text)))
		buf = append(buf, t.Text...)
		buf = binary.AppendUvarint(buf, uint64(len(t.Nests)))
		if len(t.Nests) > 0 {
			buf = binary.AppendUvarint(buf, uint64(t.NestedOf))
		}
		for _, n := range t.Nests {
			buf = binary.AppendUvarint(buf, uint64(n.At))
			buf = binary.AppendUvarint(buf, uint64(n.Place))
			buf = binary.AppendUvarint(buf, uint64(len(n.Subagent)))
			buf = append(buf, n.Subagent...)
		}
	}
	return buf
}

var errBadChunk = errors.New("a stored chunk of texts is not whole")

// decodeTexts reads a chunk's texts back; each text shares the memory of
// the string it came in.
func decodeTexts(raw string) ([]Text, error) {
	n, raw, ok := uvarint(raw)
	if !ok || n > uint64(len(raw)) { // a text takes bytes
		return nil, errBadChunk
	}
	out := make([]Text, 0, n)
	for range n {
		var entry, turn, size uint64
		var seq int64
		var ok bool
		if entry, raw, ok = uvarint(raw); !ok || len(raw) == 0 {
			return nil, errBadChunk
		}
		kind := cardtext.Kind(raw[0] & (1<<kindBits - 1))
		raw = raw[1:]
		if turn, raw, ok = uvarint(raw); !ok {
			return nil, errBadChunk
		}
		if seq, raw, ok = varint(raw); !ok {
			return nil, errBadChunk
		}
		if size, raw, ok = uvarint(raw); !ok || uint64(len(raw)) < size {
			return nil, errBadChunk
		}
		t := Text{Entry: int(entry), Kind: kind, Turn: int(turn), Seq: seq, Text: raw[:size]}
		if t.Nests, t.NestedOf, raw, ok = decodeNests(raw[size:], len(t.Text)); !ok {
			return nil, errBadChunk
		}
		out = append(out, t)
	}
	if raw != "" {
		return nil, errBadChunk
	}
	return out, nil
}

// decodeNests reads a text's nests back, each in its text of size bytes
// and after the one before, and the rest.
func decodeNests(raw string, size int) ([]Nest, int, string, bool) {
	n, raw, ok := uvarint(raw)
	if !ok || n > uint64(len(raw)) { // a nest takes bytes
		return nil, 0, raw, false
	}
	if n == 0 {
		return nil, 0, raw, true
	}
	of, raw, ok := uvarint(raw)
	if !ok || of < n || of > 1<<31 { // no card nests more
		return nil, 0, raw, false
	}
	out := make([]Nest, 0, n)
	for range n {
		var at, place, name uint64
		if at, raw, ok = uvarint(raw); !ok || at > uint64(size) || len(out) > 0 && int(at) < out[len(out)-1].At {
			return nil, 0, raw, false
		}
		if place, raw, ok = uvarint(raw); !ok || place == 0 || place > of {
			return nil, 0, raw, false
		}
		if name, raw, ok = uvarint(raw); !ok || uint64(len(raw)) < name {
			return nil, 0, raw, false
		}
		out = append(out, Nest{At: int(at), Place: int(place), Subagent: raw[:name]})
		raw = raw[name:]
	}
	return out, int(of), raw, true
}

// uvarint reads an unsigned varint from the start of s, and the rest.
func uvarint(s string) (uint64, string, bool) {
	v, n := binary.Uvarint([]byte(s[:min(len(s), binary.MaxVarintLen64)]))
	if n <= 0 {
		return 0, s, false
	}
	return v, s[n:], true
}

// varint reads a signed varint from the start of s, and the rest.
func varint(s string) (int64, string, bool) {
	v, n := binary.Varint([]byte(s[:min(len(s), binary.MaxVarintLen64)]))
	if n <= 0 {
		return 0, s, false
	}
	return v, s[n:], true
}
