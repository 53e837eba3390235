package cards

import (
	"reflect"
	"strings"
	"testing"

	"github.com/deck-tui/deck/theme"
)

// The rows simpleCode counts out are the rows gutterCode measures out
// through paint, wrap and String, byte for byte: for highlighted lines of
// Go (tabs, strings, comments), for hand-made tokens (side by side in one
// style, empty, a tab inside one, Latin and box-drawing letters), at
// widths from too narrow for the gutter to wider than the line, wrapped or
// uncut, and with a line number wider than the gutter's.
func TestSimpleCodeRowsAreGutterCodeRows(t *testing.T) {
	th := theme.Dark()
	code := "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfor i := 0; i < 10; i++ { // count ─ to ten → é\n\t\tfmt.Println(\"i\\tis\", i, `raw\n\tstring`)\n\t}\n}\n"
	lexed, why := highlight(th, "go", code)
	if why != "" {
		t.Fatal(why)
	}
	kw, str := th.Token(0x1000), th.Text // a keyword's style and the text's
	lines := append(lexed,
		[]token{{"a", str}, {"b", str}, {"", kw}, {"c", str}},
		[]token{{"x\ty", kw}, {"\t", kw}, {"zz", str}, {"", str}},
		[]token{{"ÀÉÎõü ¡¿ ─│┌┐ ←↑→ “quotes” – — …", str}, {"ok", kw}},
		[]token{{strings.Repeat("0123456789", 30), kw}, {strings.Repeat("ab", 77), str}},
		nil,
	)
	for _, width := range []int{1, 3, 7, 8, 9, 10, 11, 13, 20, 41, 80, 120, 400} {
		for _, uncut := range []bool{false, true} {
			o := Options{Width: width, Theme: th, Expanded: true, NoWrap: uncut, Uncut: uncut}
			for i, toks := range lines {
				for _, n := range []int{7, 12345} {
					g := numberGutter(th, n, 4)
					fast, slow := newCard(o), newCard(o)
					if !simpleCode(fast, g, toks) {
						if simpleText(tokensText(toks)) && width-indent-g.width() >= 1 {
							t.Errorf("width %d, line %d: simple text not laid out by counting", width, i)
						}
						continue
					}
					slow.gutterCode(g, paint(th, toks, nil, noBg, noBg), 0)
					if !reflect.DeepEqual(fast.rows, slow.rows) {
						t.Errorf("width %d, uncut %v, line %d, number %d:\ncounted  %q\nmeasured %q", width, uncut, i, n, fast.rows, slow.rows)
					}
				}
			}
		}
	}
}

func tokensText(toks []token) string {
	var b strings.Builder
	for _, t := range toks {
		b.WriteString(t.text)
	}
	return b.String()
}

// A line that is not simple text (a wide letter, a control, an emoji
// joined) goes the measured way: simpleCode adds nothing.
func TestSimpleCodeLeavesOtherLinesToGutterCode(t *testing.T) {
	th := theme.Dark()
	for _, text := range []string{"漢字", "a\x01b", "👩\u200d💻", "e\u0301", "soft\u00adhyphen"} {
		c := newCard(Options{Width: 80, Theme: th})
		if simpleCode(c, numberGutter(th, 1, 1), []token{{"x", th.Text}, {text, th.Text}}) || len(c.rows) > 0 {
			t.Errorf("%q: laid out by counting", text)
		}
	}
}
