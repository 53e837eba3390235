package cards

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/demo"
	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/theme"
)

// piecewise lays a text out as markdown does, cut into as many pieces as
// it can be (the least piece one byte), and whole, in one glamour call.
func piecewise(th *theme.Theme, text string, width int) (pieces int, cut, whole []string) {
	m := prepareMarkdown(th, text, width, false)
	m.least = 1
	l := mdLayout{m: m}
	for l.more() {
		cut = append(cut, l.next()...)
	}
	one := mdLayout{m: m}
	return l.pieces, append(cut, l.m.noteRows()...), append(one.take(one.layout(m.text), len(m.text), false), one.m.noteRows()...)
}

// markdownTexts are the replies and reasonings of the demo, every fixture,
// the harness's logs and the corpus.
func markdownTexts(t *testing.T) map[string]string {
	t.Helper()
	sessions := []*session.Session{demo.Session()}
	var logs []string
	for _, g := range []string{"../golden/testdata/fixtures/*", "../golden/testdata/corpus/*/*", "../golden/testdata/harness/*/session.jsonl", "../golden/testdata/harness/live/session-logs/*/session.jsonl", "../golden/testdata/harness-next/*/*.jsonl"} {
		paths, _ := filepath.Glob(g)
		logs = append(logs, paths...)
	}
	for _, f := range logs {
		if s, err := source.Open(f); err == nil {
			sessions = append(sessions, s)
		}
	}
	texts := map[string]string{}
	for _, s := range sessions {
		for _, e := range s.Entries {
			switch e := e.(type) {
			case *session.AssistantText:
				texts[e.Text] = "reply"
			case *session.Reasoning:
				texts[e.Text] = "reasoning"
			}
		}
	}
	if len(texts) < 200 {
		t.Fatalf("found %d texts; the testdata is incomplete", len(texts))
	}
	return texts
}

// A text laid out in pieces is the text laid out whole, byte for byte:
// every reply and reasoning of the fixtures and the corpus, cut at every
// place it can be, at several widths.
func TestPiecesAreTheWhole(t *testing.T) {
	th := theme.Dark()
	cuts := 0
	for text, kind := range markdownTexts(t) {
		for _, width := range []int{7, 38, 118} {
			n, cut, whole := piecewise(th, text, width)
			cuts += max(n-1, 0)
			if !slices.Equal(cut, whole) {
				i := 0
				for i < min(len(cut), len(whole)) && cut[i] == whole[i] {
					i++
				}
				t.Errorf("a %s in %d pieces at width %d is not its whole from row %d:\npieces %q\nwhole  %q", kind, n, width, i, cut[i:min(i+3, len(cut))], whole[i:min(i+3, len(whole))])
			}
		}
	}
	if cuts < 100 {
		t.Errorf("only %d cuts: the texts are hardly cut", cuts)
	}
	t.Logf("%d cuts", cuts)
}

// FuzzPiecesAreTheWhole: whatever the Markdown, its pieces lay out as the
// whole does.
func FuzzPiecesAreTheWhole(f *testing.F) {
	for _, s := range []string{
		"para one\n\npara two\n\n- a\n  - b\n\nafter\n\n# head\n\ntext",
		"```go\nx := 1\n\nnot a paragraph\n```\n\nafter\n\n<!--\n\nin a comment\n-->\n\nafter",
		"> quote\n\nafter\n\nTerm\n: definition\n\nnext\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nend",
		"1. one\n\n   more of one\n\n2. two\n\nafter\n\n    code\n\nafter\n\n[link][x]\n\n[x]: http://example.com",
	} {
		f.Add(s, uint8(38))
	}
	th := theme.Dark()
	f.Fuzz(func(t *testing.T, text string, width uint8) {
		if len(text) > 4<<10 {
			return
		}
		n, cut, whole := piecewise(th, text, int(width%120)+1)
		if !slices.Equal(cut, whole) {
			t.Errorf("%q in %d pieces at width %d is not its whole:\npieces %q\nwhole  %q", text, n, int(width%120)+1, cut, whole)
		}
	})
}

// plainWords is about n bytes of words of the lengths given, in turn,
// single spaces between them, as a reply of one huge paragraph is.
func plainWords(n int, lengths ...int) string {
	var s strings.Builder
	for i := 0; s.Len() < n; i++ {
		if i > 0 {
			s.WriteByte(' ')
		}
		l := lengths[i%len(lengths)]
		s.WriteString(strings.Repeat(string(rune('a'+i%26)), l))
	}
	return s.String()
}

// A huge paragraph of plain words is cut between its rows, and its pieces
// are its whole: one word of a few hundred KiB (as the 10 MB line is), a
// few hundred KiB of short words (as the 10 MB of words are) and of words
// of every length around the widths, after a paragraph or alone.
func TestAPlainParagraphIsCutBetweenItsRows(t *testing.T) {
	th := theme.Dark()
	kib := 1 << 10
	if raceEnabled {
		kib /= 2 // the race detector makes glamour about five times slower
	}
	texts := map[string]string{
		"one word":              strings.Repeat("x", 100*kib),
		"short words":           plainWords(100*kib, 3, 7, 4, 1, 5, 2, 6),
		"words of every length": plainWords(120*kib, 1, 6, 7, 8, 13, 37, 38, 39, 79, 80, 81, 117, 118, 119, 300, 2),
		"after a paragraph":     "A *first* paragraph.\n\n" + plainWords(60<<10, 5, 9, 2) + ", and the end.\n\nThen more.\n",
	}
	for kind, text := range texts {
		for _, width := range []int{7, 38, 80, 118} {
			n, cut, whole := piecewise(th, text, width)
			if n < len(text)/(max(pieceBytes, 16*width)+pieceBytes)-1 {
				t.Errorf("%s at width %d: %d pieces", kind, width, n)
			}
			if !slices.Equal(cut, whole) {
				i := 0
				for i < min(len(cut), len(whole)) && cut[i] == whole[i] {
					i++
				}
				t.Errorf("%s in %d pieces at width %d is not its whole from row %d of %d:\npieces %q\nwhole  %q", kind, n, width, i, len(whole), cut[i:min(i+3, len(cut))], whole[i:min(i+3, len(whole))])
			}
		}
	}
}

// FuzzPlainParagraphPiecesAreTheWhole: a huge paragraph of plain words of
// any lengths is cut between its rows into pieces that are its whole.
func FuzzPlainParagraphPiecesAreTheWhole(f *testing.F) {
	f.Add([]byte{3, 7, 4, 1, 5}, uint8(38))
	f.Add([]byte{0}, uint8(6))
	f.Add([]byte{1, 6, 7, 8, 13, 37, 38, 39, 79, 80, 81, 117, 118, 119, 255, 2}, uint8(7))
	f.Add([]byte{200, 1, 250, 2}, uint8(117))
	th := theme.Dark()
	f.Fuzz(func(t *testing.T, lengths []byte, width uint8) {
		if len(lengths) == 0 || len(lengths) > 64 {
			return
		}
		ls := make([]int, len(lengths))
		for i, l := range lengths {
			ls[i] = int(l) + 1
			if l == 0 {
				ls[i] = 5000 // a word longer than a piece
			}
		}
		text := plainWords(plainBytes+3*pieceBytes, ls...)
		n, cut, whole := piecewise(th, text, int(width%120)+1)
		if !slices.Equal(cut, whole) {
			i := 0
			for i < min(len(cut), len(whole)) && cut[i] == whole[i] {
				i++
			}
			t.Errorf("words of lengths %v in %d pieces at width %d are not their whole from row %d", ls, n, int(width%120)+1, i)
		}
	})
}
