package match

import "testing"

// A match holds at most the runes MaxRunes says: a literal's own (case
// folded a rune for a rune), a pattern's longest; a pattern that repeats
// without a bound has none.
func TestMaxRunes(t *testing.T) {
	for q, want := range map[string]int{
		"wombat":           6,
		"Ünïcode":          7,
		`\fix(es|ed)? #\d`: 8,
		`\a{2,5}b?`:        6,
		`\^func\b`:         4,
		`\x\d+`:            -1,
		`\.*`:              -1,
		`\a{3,}`:           -1,
	} {
		m, err := New(q)
		if err != nil {
			t.Fatal(err)
		}
		n, ok := m.MaxRunes()
		if !ok {
			n = -1
		}
		if n != want {
			t.Errorf("%q: %d runes at most (%v); want %d", q, n, ok, want)
		}
		for _, s := range m.Spans("fixes #1 fix #2 aaaaab func wombat ÜNÏCODE") {
			if got := len([]rune("fixes #1 fix #2 aaaaab func wombat ÜNÏCODE"[s[0]:s[1]])); want >= 0 && got > want {
				t.Errorf("%q matched %d runes, more than %d", q, got, want)
			}
		}
	}
}
