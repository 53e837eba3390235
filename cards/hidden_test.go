package cards

import (
	"testing"
	"unicode/utf8"
)

// Hidden, which JSON output escapes by, covers every character the
// sanitiser marks on its own: one rule for both.
func TestHiddenCoversEveryMarkedCharacter(t *testing.T) {
	for r := rune(0x20); r <= 0xE01EF; r++ {
		if r == 0x30000 {
			r = 0xE0000 // nothing between is marked: unassigned planes, none a format character
		}
		if !utf8.ValidRune(r) {
			continue
		}
		if s := string(r); Safe(s) != s && !Hidden(r) {
			t.Errorf("%U is marked (%q) but not Hidden", r, Safe(s))
		}
	}
}
