package cards

import (
	"unicode"
	"unicode/utf8"

	"github.com/aymanbagabas/go-udiff/lcs"

	"github.com/deck-tui/deck/theme"
)

// words splits a line into words, runs of spaces, and single other
// characters: the units a changed pair of lines is compared in.
func words(s string) (parts []string, offsets []int) {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		j := i + size
		switch {
		case isWordRune(r):
			for j < len(s) {
				r2, n := utf8.DecodeRuneInString(s[j:])
				if !isWordRune(r2) {
					break
				}
				j += n
			}
		case unicode.IsSpace(r):
			for j < len(s) {
				r2, n := utf8.DecodeRuneInString(s[j:])
				if !unicode.IsSpace(r2) {
					break
				}
				j += n
			}
		}
		parts = append(parts, s[i:j])
		offsets = append(offsets, i)
		i = j
	}
	return parts, append(offsets, len(s))
}

func isWordRune(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// changedWords compares a removed line with the added line that replaced it
// and returns the byte ranges that changed on each side. Lines that share
// too little are left unmarked: emphasis on everything says nothing.
func changedWords(oldLine, newLine string) [2][]byteRange {
	a, ao := words(oldLine)
	b, bo := words(newLine)
	var out [2][]byteRange
	changed := 0
	for _, d := range lcs.DiffLines(a, b) {
		if d.End > d.Start {
			out[0] = append(out[0], byteRange{ao[d.Start], ao[d.End]})
			changed += ao[d.End] - ao[d.Start]
		}
		if d.ReplEnd > d.ReplStart {
			out[1] = append(out[1], byteRange{bo[d.ReplStart], bo[d.ReplEnd]})
			changed += bo[d.ReplEnd] - bo[d.ReplStart]
		}
	}
	total := len(oldLine) + len(newLine)
	if total == 0 || float64(changed)/float64(total) > 0.6 {
		return [2][]byteRange{}
	}
	return out
}

// paint lays a line's syntax tokens over its background, with the emph
// ranges on the emphasis background.
func paint(th *theme.Theme, toks []token, emph []byteRange, bg, emphBg theme.Style) line {
	if bg == (theme.Style{}) {
		l := make(line, len(toks))
		for i, t := range toks {
			l[i] = span(t)
		}
		return sanitizeSpans(th, l)
	}
	cache := map[[2]theme.Style]theme.Style{}
	with := func(fg, back theme.Style) theme.Style {
		k := [2]theme.Style{fg, back}
		if s, ok := cache[k]; ok {
			return s
		}
		s := fg.With(back)
		cache[k] = s
		return s
	}
	var l line
	off := 0
	for _, t := range toks {
		for len(t.text) > 0 {
			inEmph, until := emphAt(emph, off, off+len(t.text))
			n := until - off
			back := bg
			if inEmph {
				back = emphBg
			}
			l = append(l, span{t.text[:n], with(t.style, back)})
			t.text = t.text[n:]
			off += n
		}
	}
	return sanitizeSpans(th, l)
}

// emphAt says whether byte off is emphasised and where that stops (≤ end).
func emphAt(emph []byteRange, off, end int) (bool, int) {
	for _, r := range emph {
		if off >= r.from && off < r.to {
			return true, min(r.to, end)
		}
		if r.from > off {
			end = min(end, r.from)
		}
	}
	return false, end
}

// sanitizeSpans makes a line of untrusted spans safe, as a textBuilder does,
// judging each span within the whole line.
func sanitizeSpans(th *theme.Theme, l line) line {
	for i := range l {
		l[i].text = clean(l[i].text) // tokens of cleaned code: this finds nothing to drop
	}
	full := l.plain()
	b := newText(th, 4)
	off := 0
	for _, s := range l {
		b.addSpan(full, off, off+len(s.text), s.style)
		off += len(s.text)
	}
	return b.line()
}

// noBg is the empty style: no background laid under the tokens.
var noBg theme.Style
