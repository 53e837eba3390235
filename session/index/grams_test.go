package index

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// Two characters that session/match takes for one when it ignores case
// (one lowers to the other, as strings.ToLower lowers a text and a query,
// or unicode.SimpleFold cycles from one to the other, as a (?i) regular
// expression does) fold to one character, so a text and a query that
// match have the same trigram words.
func TestFoldIsTheMatchersCase(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		f := foldRune(r)
		if g := foldRune(unicode.ToLower(r)); g != f {
			t.Fatalf("%U folds to %U, its lower case %U to %U", r, f, unicode.ToLower(r), g)
		}
		for o := unicode.SimpleFold(r); o != r; o = unicode.SimpleFold(o) {
			if g := foldRune(o); g != f {
				t.Fatalf("%U folds to %U, %U (one case of it) to %U", r, f, o, g)
			}
		}
	}
}

// words are the words gramWords gives, each without its mix (checked).
func words(t *testing.T, b []byte) string {
	t.Helper()
	var out []string
	for _, w := range strings.Fields(string(b)) {
		n := len(w) - 2
		if n < 1 {
			t.Fatalf("the word %q has no mix", w)
		}
		h := wordMix([]byte(w[:n]))
		if w[n] != 0x80|byte(h&0x7f) || w[n+1] != 0x80|byte(h>>7&0x7f) {
			t.Errorf("the word %q ends in no mix of it", w)
		}
		out = append(out, w[:n])
	}
	return strings.Join(out, " ")
}

// A text's words are each of its trigrams once, case folded, and its
// last two characters with the end mark; a text of one character has
// none. A chunk's texts give each word once. A word is a byte a
// character, in lower case, then its mix.
func TestGramWords(t *testing.T) {
	for text, want := range map[string]string{
		"abcabc":      "abc bca cab bc\xf1",
		"ABCabc":      "abc bca cab bc\xf1",
		"x":           "",
		"xy":          "xy\xf1",
		"a-1 \x00":    "a\xad1 \xad1\xa0 1\xa0\x80 \xa0\x80\xf1",
		"\u212Aé\x00": "k\xf0\x80\x81\xc9\x80 \xf0\x80\x81\xc9\x80\xf1",
	} {
		if got := words(t, gramWords(nil, text, new(gramSet))); got != want {
			t.Errorf("%q: %q, want %q", text, got, want)
		}
	}
	seen := new(gramSet)
	ws := gramWords(nil, "abcd", seen)
	ws = gramWords(ws, "xbcd", seen)
	if got, want := words(t, ws), "abc bcd cd\xf1 xbc"; got != want {
		t.Errorf("two texts of a chunk: %q, want %q", got, want)
	}
	if p := wordPrefix('b', 'c'); !strings.HasPrefix(string(appendWord(nil, 'b', 'c', 'd')), p) || p != "bc" {
		t.Errorf("the prefix of bc is %q", p)
	}
	for c, b := range asciiBytes {
		if c >= 'a' && c <= 'z' {
			continue
		}
		for d, e := range asciiBytes[:c] {
			if b == e && !(d >= 'a' && d <= 'z') {
				t.Errorf("%q and %q are both %#x", rune(c), rune(d), b)
			}
		}
		if b == ' ' || b == '"' || b == wordWide || b == wordEnd {
			t.Errorf("%q is %q", rune(c), b)
		}
	}
}
