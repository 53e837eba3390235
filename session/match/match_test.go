package match

import (
	"reflect"
	"strings"
	"testing"
)

// The rule in bytes: smart case, \ for a regular expression, no empty
// matches; First is Spans' first.
func TestSpans(t *testing.T) {
	cases := []struct {
		query, text string
		want        [][2]int
	}{
		{"sum", "SUM and Sum and sum", [][2]int{{0, 3}, {8, 11}, {16, 19}}},
		{"SUM", "SUM and Sum and sum", [][2]int{{0, 3}}},
		{`\s.m`, "SUM and sam", [][2]int{{0, 3}, {8, 11}}},
		{`\S.M`, "SUM and sam", [][2]int{{0, 3}}},
		{`\x*`, "abc", nil},
		{"i", "İx i", [][2]int{{4, 5}}}, // lower-casing resizes İ: byte offsets of the text still
		{"i", "İx", nil},                // and İ lowers to i and a dot, which no i stands for
		{"k", "\u212A k", [][2]int{{0, 3}, {4, 5}}},
	}
	for _, c := range cases {
		m, err := New(c.query)
		if err != nil {
			t.Fatal(err)
		}
		got := m.Spans(c.text)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q in %q: %v, want %v", c.query, c.text, got, c.want)
		}
		if m.Hit(c.text) != (len(c.want) > 0) && c.query != `\x*` { // an empty match may pass the cheap test
			t.Errorf("%q hit %q: %v", c.query, c.text, !(len(c.want) > 0))
		}
		first, ok := m.First(c.text)
		if ok != (len(c.want) > 0) || ok && first != c.want[0] {
			t.Errorf("%q in %q: first %v %v", c.query, c.text, first, ok)
		}
	}
}

// What a query needs: the literal as typed, a pattern's literal runs that
// every match holds, nothing where a match can do without any.
func TestNeeds(t *testing.T) {
	cases := map[string][]string{
		"Foo bar":        {"Foo bar"},
		"foo bar":        {"foo bar"},
		`\foo.*bar`:      {"foo", "bar"},
		`\(abc)+d?`:      {"abc"},
		`\abc|def`:       nil,
		`\\w+`:           nil,
		`\x{2,}yz`:       {"x", "yz"},
		`\Handle\(ctx\)`: {"Handle(ctx)"},
		`\(?i)Case`:      {"case"}, // folded: the index ignores case anyway
		"":               nil,
	}
	for q, want := range cases {
		m, err := New(q)
		if err != nil {
			t.Fatal(err)
		}
		got := m.Needs()
		if len(got) == 0 && len(want) == 0 {
			continue
		}
		for i := range got {
			got[i] = strings.ToLower(got[i])
		}
		for i := range want {
			want[i] = strings.ToLower(want[i])
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q needs %q, want %q", q, got, want)
		}
	}
}

// A query that is not UTF-8 (deck search $'\xfe') is no panic: its byte
// stands for U+FFFD, as in the text.
func TestAQueryThatIsNotUTF8(t *testing.T) {
	for _, q := range []string{"\xfe", "a\xffb", `\\xfe[`} {
		m, err := New(q)
		if err != nil {
			continue // a bad pattern, said
		}
		if !m.Hit("x\uFFFDy a\uFFFDb") && q != `\\xfe[` {
			t.Errorf("%q: not found where U+FFFD is", q)
		}
	}
}

// A bad regular expression is an error worded for a status bar.
func TestBadPattern(t *testing.T) {
	_, err := New(`\(unclosed`)
	if err == nil || !strings.HasPrefix(err.Error(), "bad pattern: ") {
		t.Fatalf("err = %v", err)
	}
}

// FuzzCountFold: a query of ASCII is counted in a text, case-blind, as
// strings.Count counts it in the lowered text, whichever way it is found (a
// letter at once, longer queries from one first letter to the next).
func FuzzCountFold(f *testing.F) {
	f.Add("Eee eE e", "e")
	f.Add("MakeAddrRange makeaddrrange MAKEADDRRANGE", "makeaddrrange")
	f.Add("aaaa", "aa")
	f.Add("naïve/é", "/")
	f.Fuzz(func(t *testing.T, s, q string) {
		q = strings.ToLower(q)
		if q == "" || !ascii(q) || !lowersInPlace(s) || q[0] == '\\' {
			return
		}
		want := strings.Count(strings.ToLower(s), q)
		if got := countFold(s, q); got != want {
			t.Errorf("countFold(%q, %q) = %d, want %d", s, q, got, want)
		}
		m, _ := New(q)
		if got := m.Hit(s); got != (want > 0) {
			t.Errorf("%q hit %q: %v", q, s, got)
		}
	})
}

// A pattern that can match nothing at all hits a text only where it
// matches something, as Spans and First have it: `1*` is no hit in "0",
// and a hit in "01".
func TestAnEmptyMatchIsNoHit(t *testing.T) {
	for text, want := range map[string]bool{"0": false, "01": true, "": false} {
		m, err := New(`\1*`)
		if err != nil {
			t.Fatal(err)
		}
		_, first := m.First(text)
		if got := m.Hit(text); got != want || got != first || got != (len(m.Spans(text)) > 0) {
			t.Errorf("%q: Hit %v, First %v, Spans %v; want %v", text, got, first, m.Spans(text), want)
		}
	}
}
