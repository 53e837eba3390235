package cards

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// glamour fits a table to its width measuring text as x/ansi does (and
// wrapped and padded every row so, before deck wrapped them: mdwrap.go): a
// cluster by clusters alone, and a keycap (1️⃣: a digit, U+FE0F, U+20E3)
// as the one cell of its digit. Width counts a keycap two cells and some
// clusters wider still (👍🏽, क्षि, กำ: width.go), so glamour's rows holding
// them came out too wide and were cut, mid-word, to fit; at width 1 x/ansi
// lost a keycap's marks. markdown hands glamour each such cluster as a
// stand-in as wide as Width counts it, which every measure agrees on, and
// puts the clusters back in its output.

const (
	// wideStandIn is the first head of the stand-ins two or more cells
	// wide: CJK ideographs of Extension B, two cells by every measure.
	wideStandIn = 0x20000
	// narrowStandIn is the first head of the stand-ins one cell wide:
	// supplementary private use, one cell by every measure.
	narrowStandIn = 0xF0000
	// maxStandIns is how many distinct clusters one text may swap, for the
	// heads to stay in their blocks.
	maxStandIns = 0xA6D0
	// standInFill fills a stand-in's cells after its two of the head: a
	// private-use character, one cell by every measure.
	standInFill = '\uE000'
)

// hideClusters swaps the clusters of text that glamour measures otherwise
// than Width for stand-ins; the replacer puts them back, nil when there is
// none. A text holding a stand-in's characters of its own is left as it
// is (splitRow still cuts its rows to fit).
func hideClusters(text string) (string, *strings.Replacer) {
	if !mayNeedStandIns(text) {
		return text, nil
	}
	var b strings.Builder
	seen := map[string]string{} // cluster → its stand-in
	var show []string
	clusters(text, func(c string, w int) {
		if !measuredOtherwise(c, w) || len(seen) >= maxStandIns {
			b.WriteString(c)
			return
		}
		stand, ok := seen[c]
		if !ok {
			if w >= 2 {
				stand = string(rune(wideStandIn+len(seen))) + strings.Repeat(string(standInFill), w-2)
			} else {
				stand = string(rune(narrowStandIn + len(seen)))
			}
			head, _ := utf8.DecodeRuneInString(stand)
			seen[c] = stand
			show = append(show, string(head), c)
		}
		b.WriteString(stand)
	})
	if len(show) == 0 {
		return text, nil
	}
	return b.String(), strings.NewReplacer(append(show, string(standInFill), "")...)
}

// mayNeedStandIns reports whether text may hold a cluster to swap, and
// holds no character a stand-in is made of.
func mayNeedStandIns(text string) bool {
	found := false
	for i := 0; i < len(text); i++ {
		if text[i] >= utf8.RuneSelf {
			found = true
			break
		}
	}
	if !found {
		return false
	}
	for _, r := range text {
		if r == standInFill || r >= wideStandIn && r < wideStandIn+maxStandIns || r >= narrowStandIn && r < narrowStandIn+maxStandIns {
			return false
		}
	}
	return true
}

// measuredOtherwise reports whether glamour measures the cluster c, w cells
// by Width, otherwise: a keycap, or a cluster of more than one code point
// (not starting with ASCII, whose Markdown meaning it keeps) that Width
// counts wider than x/ansi.
func measuredOtherwise(c string, w int) bool {
	if len(c) < 2 {
		return false
	}
	if c[0] < utf8.RuneSelf {
		return strings.ContainsRune("0123456789#*", rune(c[0])) && strings.HasSuffix(c, "\u20E3")
	}
	return w != ansi.StringWidth(c) // x/ansi's measure, glamour's
}
