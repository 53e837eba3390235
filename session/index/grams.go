package index

import (
	"unicode"
	"unicode/utf8"
)

// The full-text table is given, for each text, its trigrams as words:
// each run of three characters it holds, case folded (fold), once however
// often it is there, written as a word FTS5's ascii tokenizer takes whole
// (appendWord). The trigrams are found here, on every core that reads
// logs, and each only once: FTS5's own trigram tokenizer would hash one
// per byte of text on the one goroutine that writes. Its last two
// characters are given once more with the end (endRune), so that two
// characters anywhere in a text are the start of one of its words (a
// query of two is a prefix query).

// endRune stands for the end of a text in a trigram: past every
// character, its word "v".
const endRune = unicode.MaxRune + 1

// foldASCII is fold for the characters below U+0080.
var foldASCII = func() (t [utf8.RuneSelf]byte) {
	for c := range t {
		t[c] = byte(fold(rune(c)))
	}
	return t
}()

// fold is the one character that stands for every character r matches
// when case is ignored, as session/match ignores it: strings.ToLower of a
// text and query, or a regular expression's (?i), which matches the
// characters unicode.SimpleFold cycles through. It is the lowest of r's
// lower case and of those its lower case folds to, so that K, k and the
// Kelvin sign are one, and İ (which lowers to i) is I's.
func fold(r rune) rune {
	l := unicode.ToLower(r)
	low := l
	for f := unicode.SimpleFold(l); f != l; f = unicode.SimpleFold(f) {
		low = min(low, f)
	}
	return low
}

// foldRune is fold, at once below U+0080.
func foldRune(r rune) rune {
	if r < utf8.RuneSelf {
		return rune(foldASCII[r])
	}
	return fold(r)
}

// gramSet is the trigrams of one text seen so far: those of three
// characters below U+0080 (most of them) in a bitmap of their 21 bits,
// the others in a map. It is kept from text to text, emptied between.
type gramSet struct {
	bits  [1 << 21 / 64]uint64
	set   []uint32 // the bits set, to clear
	other map[uint64]struct{}
}

// add adds a trigram and reports whether it was new.
func (g *gramSet) add(a, b, c rune) bool {
	if a|b|c < utf8.RuneSelf {
		key := uint32(a)<<14 | uint32(b)<<7 | uint32(c)
		word, bit := key>>6, uint64(1)<<(key&63)
		if g.bits[word]&bit != 0 {
			return false
		}
		g.bits[word] |= bit
		g.set = append(g.set, word)
		return true
	}
	key := uint64(a)<<42 | uint64(b)<<21 | uint64(c)
	if _, ok := g.other[key]; ok {
		return false
	}
	if g.other == nil {
		g.other = map[uint64]struct{}{}
	}
	g.other[key] = struct{}{}
	return true
}

// reset empties the set.
func (g *gramSet) reset() {
	for _, w := range g.set {
		g.bits[w] = 0
	}
	g.set = g.set[:0]
	clear(g.other)
}

// gramWords appends the words the full-text table is given for text,
// each followed by a space, but for those in seen already (a chunk's
// texts share one set).
func gramWords(buf []byte, text string, seen *gramSet) []byte {
	var a, b rune // the two characters before, folded
	n := 0
	for i := 0; i < len(text); n++ {
		var c rune
		if x := text[i]; x < utf8.RuneSelf { // most text: no decoding, no call
			c = rune(foldASCII[x])
			i++
		} else {
			r, size := utf8.DecodeRuneInString(text[i:])
			c = fold(r)
			i += size
		}
		if n >= 2 {
			if a|b|c < utf8.RuneSelf { // seen.add's first case, here where it is cheap
				key := uint32(a)<<14 | uint32(b)<<7 | uint32(c)
				w, bit := key>>6, uint64(1)<<(key&63)
				if seen.bits[w]&bit == 0 {
					seen.bits[w] |= bit
					seen.set = append(seen.set, w)
					buf = appendWord(buf, a, b, c)
				}
			} else if seen.add(a, b, c) {
				buf = appendWord(buf, a, b, c)
			}
		}
		a, b = b, c
	}
	if n >= 2 && seen.add(a, b, endRune) {
		buf = appendWord(buf, a, b, endRune)
	}
	return buf
}

// A word is a byte a character: a letter or digit as itself (letters in
// lower case, as the tokenizer folds them), another character below
// U+0080 a byte from 0x80 on (asciiBytes), any other character wordWide
// and its 21 bits in three bytes from 0x80, the end wordEnd; then two
// bytes from 0x80 that mix all of those (wordMix). The ascii tokenizer
// takes every byte from 0x80 on as part of a word, as it takes UTF-8 past
// ASCII; no word holds a space, a double quote or any of FTS5's syntax.
//
// The two bytes at the end are for FTS5's hash of the words it holds in
// memory (fts5HashKey2: the hash times nine, xor a byte, a byte at a
// time): over three bytes it takes at most some hundred thousand values,
// so a batch of a million words would chain ten to a slot, and most of a
// build's time would go in walking the chains. Five bytes spread as many
// words as a batch holds. They come last, where a prefix query of a
// word's first characters does not see them.
const (
	wordWide byte = 0xf0
	wordEnd  byte = 0xf1
)

// asciiBytes is the byte of each folded character below U+0080.
var asciiBytes = func() (t [utf8.RuneSelf]byte) {
	next := byte(0x80)
	for c := range byte(utf8.RuneSelf) {
		switch {
		case c >= 'A' && c <= 'Z':
			t[c] = c - 'A' + 'a'
		case c >= 'a' && c <= 'z':
			t[c] = t[c-'a'+'A'] // folded away: never a trigram's
		case c >= '0' && c <= '9':
			t[c] = c
		default:
			t[c], next = next, next+1
		}
	}
	return t
}()

// appendWord appends the word of the characters rs, and a space.
func appendWord(buf []byte, rs ...rune) []byte {
	start := len(buf)
	for _, r := range rs {
		switch {
		case r < utf8.RuneSelf:
			buf = append(buf, asciiBytes[r])
		case r == endRune:
			buf = append(buf, wordEnd)
		default:
			buf = append(buf, wordWide, 0x80|byte(r>>14&0x7f), 0x80|byte(r>>7&0x7f), 0x80|byte(r&0x7f))
		}
	}
	h := wordMix(buf[start:])
	return append(buf, 0x80|byte(h&0x7f), 0x80|byte(h>>7&0x7f), ' ')
}

// wordMix is a hash of a word's characters (FNV-1a), for its last bytes.
func wordMix(b []byte) uint32 {
	h := uint32(2166136261)
	for _, c := range b {
		h = (h ^ uint32(c)) * 16777619
	}
	return h ^ h>>16
}

// wordPrefix is the start of the words of two characters rs: what a
// prefix query asks for.
func wordPrefix(rs ...rune) string {
	w := appendWord(nil, rs...)
	return string(w[:len(w)-3]) // the mix and the space
}
