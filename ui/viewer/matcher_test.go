package viewer

import (
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/theme"
)

// The matcher's rules: smart case, \ for a regular expression, cells not
// bytes, no empty matches.
func TestMatcherRules(t *testing.T) {
	cases := []struct {
		query, text string
		want        [][2]int
	}{
		{"sum", "SUM and Sum and sum", [][2]int{{0, 3}, {8, 11}, {16, 19}}}, // lower case ignores case
		{"SUM", "SUM and Sum and sum", [][2]int{{0, 3}}},                    // a capital matches exactly
		{"Sum", "SUM and Sum", [][2]int{{8, 11}}},
		{`\s.m`, "SUM and sam", [][2]int{{0, 3}, {8, 11}}}, // a regular expression, smart case
		{`\S.M`, "SUM and sam", [][2]int{{0, 3}}},          // a capital: exact
		{`\\wm`, "Sum and sam", [][2]int{{1, 3}, {9, 11}}}, // \w is no capital: still case-blind
		{`\x*`, "abc", nil},                          // an empty match is none
		{`\\\n`, `a \n b`, [][2]int{{2, 4}}},         // a backslash, as a regular expression
		{"ü", "Über über", [][2]int{{0, 1}, {5, 6}}}, // cells, not bytes
		{"i", "İx i", [][2]int{{3, 4}}},              // lower-casing resizes İ: offsets still hold
		{"日本", "これは日本語", [][2]int{{6, 10}}},          // wide cells
		{"aa", "AaAAa", [][2]int{{0, 2}, {2, 4}}},    // no overlaps, ASCII counted unlowered
		{"k", "K k", [][2]int{{0, 1}, {2, 3}}},       // the Kelvin sign is a k
	}
	for _, c := range cases {
		m, err := newMatcher(c.query)
		if err != nil {
			t.Fatalf("%q: %v", c.query, err)
		}
		if got := m.find(c.text); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q in %q: %v, want %v", c.query, c.text, got, c.want)
		}
		if got := m.count(c.text); got != len(c.want) {
			t.Errorf("%q in %q: counts %d, finds %d", c.query, c.text, got, len(c.want))
		}
		if got := m.hit(c.text); got != (len(c.want) > 0) && c.query != `\x*` { // an empty match may pass the cheap test
			t.Errorf("%q hit %q: %v", c.query, c.text, got)
		}
	}
}

// A bad regular expression is an error for the status bar, never a panic.
func TestMatcherBadPattern(t *testing.T) {
	_, err := newMatcher(`\(unclosed`)
	if err == nil || !strings.HasPrefix(err.Error(), "bad pattern: ") {
		t.Fatalf("err = %v", err)
	}
}

// A hit keeps the row's background (a diff line's red or green), and the
// current hit is drawn otherwise than the rest.
func TestHighlightKeepsTheRowsBackground(t *testing.T) {
	th := theme.Dark()
	bg := theme.Style{Bg: th.Match.Fg, Fg: th.Text.Fg}.Make()
	row := bg.Render("- old sum and sum here")
	m, _ := newMatcher("sum")
	out := highlightMatches(row, m.find(ansi.Strip(row)), th.Match, 14)
	if ansi.Strip(out) != ansi.Strip(row) {
		t.Fatalf("text changed: %q", ansi.Strip(out))
	}
	if strings.Contains(out, theme.Reset+th.Match.Prefix()) || strings.Count(out, theme.Reset) != 1 {
		t.Errorf("a hit resets the row's background: %q", out)
	}
	cur := ansi.SGR(ansi.AttrReverse)
	if strings.Count(out, cur) != 1 || strings.Index(out, cur) < strings.LastIndex(out, th.Match.Prefix()) {
		t.Errorf("the current hit (the second) is not the one drawn in reverse: %q", out)
	}
}
