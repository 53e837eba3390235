package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/theme"
)

// The clusters terminals disagree on: drawn as one glyph by a terminal that
// lays out clusters (x/vt, mode 2027), cell by cell per code point by one
// that does not (tmux, and Bubble Tea's renderer inside it).
var disputedClusters = []string{
	"👍🏽",              // a skin tone modifier
	"👨\u200d👩\u200d👧", // a ZWJ family
	"กำ", "น้ำ",       // Thai SARA AM
	"\u1100\u1161\u11a8", // Hangul conjoining jamo, L V T
	"क्षि", "नमस्ते",     // Devanagari conjuncts and vowel signs
	"🇺🇸", "1️⃣", "☺️", "☺︎", "漢字", // a flag, a keycap, VS16, VS15, CJK
}

// fitsBoth reports whether s fits in width cells on both kinds of
// terminal, measured by x/ansi's two methods, not by Width.
func fitsBoth(s string, width int) bool {
	return ansi.StringWidth(s) <= width && ansi.StringWidthWc(s) <= width
}

// Rows wrapped or cut from text of the disputed clusters fit both kinds of
// terminal, and wrapping loses nothing: a long word of four-cell clusters
// after a short one too (word wrapping once moved the word's start to a
// row of its own with no room left for the cluster after it).
func TestRowsFitBothKindsOfTerminal(t *testing.T) {
	th := theme.Dark()
	for _, text := range []string{
		strings.Join(disputedClusters, " ") + " " + strings.Join(disputedClusters, "") + " and words",
		"5: " + strings.Repeat("\u1100\u1161\u11a8", 30),
	} {
		rowsFitBoth(t, th, text)
	}
}

func rowsFitBoth(t *testing.T, th *theme.Theme, text string) {
	t.Helper()
	l := safeText(th, text, th.Text)
	for w := 2; w <= 60; w++ {
		for _, rows := range [][]line{l.wrap(w), l.wrapWords(w)} {
			var joined strings.Builder
			for _, r := range rows {
				if !fitsBoth(r.String(), w) {
					t.Fatalf("width %d: row %q is %d cells by clusters, %d by code points", w, r.plain(), ansi.StringWidth(r.plain()), ansi.StringWidthWc(r.plain()))
				}
				joined.WriteString(r.plain())
			}
			if got := strings.ReplaceAll(joined.String(), " ", ""); got != strings.ReplaceAll(text, " ", "") {
				t.Fatalf("width %d lost text: %q", w, got)
			}
		}
		if tr := l.truncate(w, span{"…", th.Muted}); !fitsBoth(tr.String(), w) {
			t.Fatalf("truncate %d: %q", w, tr.plain())
		}
	}
}

// Each disputed cluster measures as the wider of what the two kinds of
// terminal draw, and a row of them right-aligns its figures within the
// width on both.
func TestARowOfDisputedClustersKeepsItsFigures(t *testing.T) {
	th := theme.Dark()
	right := line{{"1 line · 10ms", th.Muted}}
	for _, c := range disputedClusters {
		if got, want := Width(c), max(ansi.StringWidth(c), ansi.StringWidthWc(c)); got != want {
			t.Errorf("%q measures %d, want %d", c, got, want)
		}
		left := safeText(th, "$ echo "+strings.Repeat(c, 40), th.Text)
		for w := 20; w <= 120; w++ {
			row := appendJoinLR(nil, left, right, w, th.Muted).String()
			if !fitsBoth(row, w) || !strings.HasSuffix(ansi.Strip(row), "· 10ms") {
				t.Fatalf("%q at width %d: %q is %d cells by clusters, %d by code points", c, w, ansi.Strip(row), ansi.StringWidth(row), ansi.StringWidthWc(row))
			}
		}
	}
}

// A cluster wider than a whole row (a run of joined emoji, a letter with
// fifty spacing marks: as wide per code point as the run is long) comes in
// pieces that fit, and nothing of it is lost.
func TestAClusterWiderThanARowComesInPieces(t *testing.T) {
	th := theme.Dark()
	for _, c := range []string{"👩" + strings.Repeat("\u200d👩", 30), "क" + strings.Repeat("ा", 50), strings.Repeat("\u1100", 40)} {
		if n, _ := ansi.FirstGraphemeCluster(c, ansi.GraphemeWidth); n != c {
			t.Fatalf("%q is not one cluster", c)
		}
		l := safeText(th, c, th.Text)
		for _, w := range []int{2, 5, 20, 33} {
			var joined strings.Builder
			for _, r := range l.wrap(w) {
				if !fitsBoth(r.plain(), w) {
					t.Fatalf("width %d: row %q is %d cells per code point", w, r.plain(), ansi.StringWidthWc(r.plain()))
				}
				joined.WriteString(r.plain())
			}
			if joined.String() != c {
				t.Fatalf("width %d lost text", w)
			}
		}
	}
}

// Truncate and TruncateLeft, which the ui cuts its bars and rows with, cut
// styled text to fit both kinds of terminal, keeping every style sequence.
func TestTruncateFitsBothKindsOfTerminal(t *testing.T) {
	th := theme.Dark()
	text := strings.Join(disputedClusters, " ")
	styled := th.Title.Render(text) + " " + th.Muted.Render(text)
	for w := 1; w <= Width(styled)+1; w++ {
		got := Truncate(styled, w, "…")
		if !fitsBoth(got, w) {
			t.Fatalf("Truncate(%d) = %q: %d cells by clusters, %d by code points", w, ansi.Strip(got), ansi.StringWidth(got), ansi.StringWidthWc(got))
		}
		if strings.Count(got, "\x1b[") != strings.Count(styled, "\x1b[") {
			t.Fatalf("Truncate(%d) lost a style sequence: %q", w, got)
		}
		if w < Width(text) {
			if left := TruncateLeft(text, Width(text)-w+1, "…"); !fitsBoth(left, w) || !strings.HasPrefix(left, "…") {
				t.Fatalf("TruncateLeft to %d = %q", w, left)
			}
		}
	}
}

// Markdown wraps prose of disputed clusters between its words, as glamour
// measures them as Width does (stand-ins), never cutting a word to make a
// row fit; no stand-in shows, though a word longer than a row splits one.
func TestMarkdownWrapsDisputedClustersBetweenWords(t *testing.T) {
	words := map[string]bool{"word": true, "👍🏽क्षि": true, "กำ각": true}
	text := strings.Repeat("word 👍🏽क्षि กำ각 ", 30)
	for w := 12; w <= 80; w++ {
		for _, r := range markdown(theme.Dark(), text, w, false) {
			if !fitsBoth(r, w) {
				t.Fatalf("width %d: %q is too wide", w, ansi.Strip(r))
			}
			for _, f := range strings.Fields(ansi.Strip(r)) {
				if !words[f] {
					t.Fatalf("width %d: the row %q cuts a word", w, ansi.Strip(r))
				}
			}
		}
	}
	long := strings.Repeat("👍🏽क्षि", 30)
	for w := 2; w <= 30; w++ {
		got := ansi.Strip(strings.Join(markdown(theme.Dark(), long, w, false), ""))
		if strings.ReplaceAll(got, " ", "") != long {
			t.Fatalf("width %d: %q", w, got)
		}
	}
}

// Each letter simpleRune takes is a cell as clusters measure it, and
// joins neither the letter before it nor the one after: what measuring a
// row of them by counting (simpleWidth) and laying plain rows out by
// counting (plain.go) stand on.
func TestSimpleRunesAreACellJoiningNothing(t *testing.T) {
	for r := rune(0x80); r <= 0x2FFFF; r++ {
		if !simpleRune(r) {
			continue
		}
		var widths []int
		clusters("a"+string(r)+string(r)+"b", func(_ string, w int) { widths = append(widths, w) })
		if len(widths) != 4 || widths[0] != 1 || widths[1] != 1 || widths[2] != 1 || widths[3] != 1 {
			t.Errorf("%U: a%cb comes in clusters of widths %v", r, r, widths)
		}
	}
}

// Width counted a character a cell (simpleWidth) is Width measured
// cluster by cluster, wherever it counts.
func FuzzSimpleWidthIsWidth(f *testing.F) {
	for _, s := range []string{"plain", "\x1b[1;94m▌ \x1b[m\x1b[97mplease · do\x1b[m", "── turn 1 ──", "✓ $ echo", "é\u0301", "a\x1b[38:2::1:2:3mb", "\x1b]8;;x\x07y", "tab\there", "ÿ→─…", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if w, ok := simpleWidth(s); ok && w != piecesWidth(s) {
			t.Errorf("%q: counted %d cells, measured %d", s, w, piecesWidth(s))
		}
	})
}

// The marks hidden characters are drawn as are counted, not segmented: a
// row of a hostile megabyte of ESC and invalid bytes is measured a
// character a cell (segmenting it took 1.25 s a card, past the fuzzer's
// 10 s a input under load).
func TestMarkedRowsAreCounted(t *testing.T) {
	th := theme.Dark()
	for _, in := range []string{"\x1b\xf5\x1b", "\x00\x01\x7f", "a\u202eb", "\x85"} {
		row := safeLine(th, in, th.Text).String()
		if w, ok := simpleWidth(row); !ok || w != piecesWidth(row) {
			t.Errorf("%q drawn as %q: counted %d, %v", in, row, w, ok)
		}
	}
}
