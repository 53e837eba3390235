package cards

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/demo"
	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/theme"
)

// piecewise lays a text out as markdown does, cut into as many pieces as
// it can be (the least piece one byte), and whole, as one piece.
func piecewise(th *theme.Theme, text string, width int) (pieces int, cut, whole []string) {
	m := prepareMarkdown(th, text, width, false)
	m.least = 1
	l := mdLayout{m: m}
	for l.more() {
		cut = append(cut, l.next()...)
	}
	m.least = len(m.text)
	return l.pieces, append(cut, m.noteRows()...), markdownRows(m)
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
