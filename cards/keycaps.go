package cards

import (
	"strings"
	"sync"
)

// x/ansi's wrapping and cutting, which glamour wraps with, count a keycap
// (1️⃣: a digit, U+FE0F, U+20E3) as the one cell of its ASCII digit, where
// the terminal and ansi.StringWidth give it two: glamour's rows holding one
// came out a cell too wide, and at width 1 it lost the keycap's marks.
// markdown hands glamour each keycap as a wide ideograph of the same width
// instead, and puts the keycaps back in its output.

// keycapBase is the first of the stand-ins: CJK compatibility ideographs,
// two cells wide, which prose does not use.
const keycapBase = 0x2F800

var keycapSwap = sync.OnceValues(func() (hide, show *strings.Replacer) {
	var h, s []string
	for i, base := range "0123456789#*" {
		for j, tail := range []string{"\uFE0F\u20E3", "\u20E3"} {
			keycap := string(base) + tail
			stand := string(rune(keycapBase + 2*i + j))
			h, s = append(h, keycap, stand), append(s, stand, keycap)
		}
	}
	return strings.NewReplacer(h...), strings.NewReplacer(s...)
})

// hideKeycaps swaps the keycaps of text for their stand-ins; false when
// there is none, or when the text holds a stand-in of its own (then it is
// left as it is: splitRow still cuts its rows to fit).
func hideKeycaps(text string) (string, bool) {
	if !strings.ContainsRune(text, 0x20E3) {
		return text, false
	}
	for r := rune(keycapBase); r < keycapBase+24; r++ {
		if strings.ContainsRune(text, r) {
			return text, false
		}
	}
	hide, _ := keycapSwap()
	return hide.Replace(text), true
}

// showKeycaps puts the keycaps back in glamour's output.
func showKeycaps(out string) string {
	_, show := keycapSwap()
	return show.Replace(out)
}
