package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/theme"
)

func plainText(text string) string {
	b := newText(theme.Dark(), 4)
	b.add(text, theme.Dark().Text)
	return b.line().plain()
}

func TestUntrustedTextIsMadeVisible(t *testing.T) {
	for in, want := range map[string]string{
		"a\tb\tc":                "a   b   c",
		"nul\x00 del\x7f bs\b":   "nul␀ del^? bs^H",
		"cr\r":                   "cr^M",
		"user\u202e txt":         "user⟨RLO⟩ txt",
		"a\u2066b\u2069":         "a⟨LRI⟩b⟨PDI⟩",
		"zero\u200bwidth":        "zero⟨ZWSP⟩width",
		"\ufeffbom":              "⟨BOM⟩bom",
		"bad \xff\xfe utf8":      "bad \uFFFD\uFFFD utf8",
		"coder 👩\u200d💻 ok":      "coder 👩\u200d💻 ok", // a joiner inside an emoji stays
		"\x1b]0;title\x07 after": " after",            // sequences go, whole
		"\x1b[2Jclear":           "clear",
		"\x1b[31mred\x1b[m":      "red", // no style outside command output
		"\x1bP1$r\x1b\\dcs":      "dcs",
		"\x1b_apc body\x1b\\x":   "x",
		"\x1b]52;c;cHduZWQ=\x07": "",
		"\x1b]8;;https://x.example\x1b\\link\x1b]8;;\x1b\\!": "link (https://x.example)!",
		"a lone ESC\x1b":      "a lone ESC␛",
		"bell\x07":            "bell^G",
		"\x9b31mraw c1 csi":   "raw c1 csi",
		"\x9d0;t\x9cafter":    "after",
		"\u009b2J code point": " code point", // a C1 code point acts as its byte
		"next\u0085line":      "next⟨85⟩line",
		"a\u200db":            "a⟨ZWJ⟩b",
		"漢字 and ✔️":           "漢字 and ✔️",
	} {
		got := plainText(in)
		if got != want {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
		if strings.ContainsAny(got, "\x1b\x00\x07\u009b\u202e") {
			t.Errorf("%q: a control survived: %q", in, got)
		}
	}
}

// Tabs go to the next stop after the text before them, wide runes included.
func TestTabStopsCountCells(t *testing.T) {
	if got := plainText("漢\tx"); got != "漢  x" {
		t.Errorf("got %q", got)
	}
}

func TestKeepSGRDropsEveryOtherEscape(t *testing.T) {
	in := "\x1b[1;31mred\x1b[m \x1b]8;id=1;https://x.example\x1b\\link\x1b]8;;\x1b\\ \x1b[2J\x1b]0;t\x07\x1bP1$r\x1b\\end"
	got := keepSGR(in)
	if got != "\x1b[1;31mred\x1b[m link end" {
		t.Errorf("got %q", got)
	}
}

func TestMarkdownShowsNoForeignEscape(t *testing.T) {
	th := theme.Dark()
	rows := markdown(th, "# Title \x1b]0;pwn\x07\n\nSee [docs](https://example.com) and `code`\x1b[2J.\n\n```go\nfunc main() {}\n```", 40, false)
	joined := strings.Join(rows, "\n")
	p := ansi.GetParser()
	defer ansi.PutParser(p)
	var state byte
	for s := joined; s != ""; {
		seq, _, n, ns := ansi.DecodeSequence(s, state, p)
		if len(seq) > 1 && seq[0] == 0x1b && !(ansi.HasCsiPrefix(seq) && p.Command() == 'm') {
			t.Fatalf("escape %q in %q", seq, joined)
		}
		s, state = s[n:], ns
	}
	if text := ansi.Strip(joined); !strings.Contains(text, "https://example.com") || strings.Contains(text, "pwn") {
		t.Errorf("the link's URL is missing, or the title sequence got through:\n%s", text)
	}
	for _, r := range rows {
		if w := Width(r); w > 40 {
			t.Errorf("row %d wide: %q", w, r)
		}
	}
}

// manyParams is a CSI or DCS with n parameters and an intermediate, the
// shape that panicked x/ansi v0.11.9's parser from 33 parameters on.
func manyParams(intro string, n int, inter string) string {
	return intro + strings.Repeat("1;", max(n-1, 0)) + strings.Repeat("1", min(n, 1)) + inter + "m"
}

// The sanitiser is total: a sequence with any number of parameters is
// removed whole, in clean text and in command output, and the text after
// it survives (x/ansi v0.11.9 panicked on the 33rd parameter).
func TestASequenceOfAnyLengthIsRemovedWhole(t *testing.T) {
	cases := []string{"\x1b[" + strings.Repeat("1;", 32) + "1m"} // the sequence
	for n := 0; n <= 300; n++ {
		for _, intro := range []string{"\x1b[", "\x1bP", "\u009b", "\x1b[?"} {
			for _, inter := range []string{"", " ", "$"} {
				cases = append(cases, manyParams(intro, n, inter))
			}
		}
	}
	for _, seq := range cases {
		in := "before" + seq + "after"
		if strings.HasPrefix(seq, "\x1bP") {
			in = "before" + seq + "body\x1b\\after"
		}
		if got := Safe(in); got != "beforeafter" {
			t.Fatalf("Safe(%q) = %q", in, got)
		}
		if got := termPlain(in); len(got) != 1 || got[0] != "beforeafter" {
			t.Fatalf("output %q: %q", in, got)
		}
	}
}

// Should the decoder panic on some input, that sequence goes and the rest
// of the text stays.
func TestAPanicInTheDecoderDropsOnlyItsSequence(t *testing.T) {
	real := decode
	defer func() { decode = real }()
	decode = func(s string, state byte, p *ansi.Parser) (string, int, int, byte) {
		if strings.HasPrefix(s, "\x1b[") || strings.HasPrefix(s, "\x1b]") {
			panic("a parser bug")
		}
		return real(s, state, p)
	}
	for in, want := range map[string]string{
		"a\x1b[31;1mb":              "ab",
		"a\x1b]0;title\x07b":        "ab",
		"a\x1b[31":                  "a",
		"a\x1b]52;c;x\x1b\\b\u202e": "ab⟨RLO⟩",
	} {
		if got := Safe(in); got != want {
			t.Errorf("Safe(%q) = %q, want %q", in, got, want)
		}
		if got := termPlain(in); len(got) != 1 || got[0] != want {
			t.Errorf("output %q: %q, want %q", in, got, want)
		}
	}
}

// Code points that draw as nothing, or as a blank, show as marks like the
// bidi controls: tags (hidden ASCII), the invisible operators and other
// format controls, Hangul fillers, a braille blank outside a braille
// picture, a variation selector with nothing to vary.
// scotland is the flag of Scotland: 🏴, the tags g b s c t, the cancel tag.
const scotland = "🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"

func TestInvisibleCodePointsAreMarked(t *testing.T) {
	cases := map[string]string{
		"a\U000E0041\U000E0020\U000E007Fb": "a⟨TAG A⟩⟨TAG 20⟩⟨TAG 7F⟩b",
		"mvs\u180Ex":                       "mvs⟨U+180E⟩x",
		"f\u2061(x)\u2062\u2063\u2064":     "f⟨U+2061⟩(x)⟨U+2062⟩⟨U+2063⟩⟨U+2064⟩",
		"\u206A\u206Fshape":                "⟨U+206A⟩⟨U+206F⟩shape",
		"\uFFF9ruby\uFFFAa\uFFFB":          "⟨U+FFF9⟩ruby⟨U+FFFA⟩a⟨U+FFFB⟩",
		"\U0001D173beam\U0001D17A":         "⟨U+1D173⟩beam⟨U+1D17A⟩",
		"\U00013430\U0001345F":             "⟨U+13430⟩⟨U+1345F⟩",
		"\U0001BCA0\U0001BCA3":             "⟨U+1BCA0⟩⟨U+1BCA3⟩",
		"\u3164\u115F\u1160\uFFA0":         "⟨U+3164⟩⟨U+115F⟩⟨U+1160⟩⟨U+FFA0⟩",
		"title \u2800\u2800":               "title ⟨U+2800⟩⟨U+2800⟩",
		"\u2800":                           "⟨U+2800⟩",
		"art ⣿\u2800⡇":                     "art ⣿\u2800⡇", // a blank inside a braille picture stays
		"\uFE0Fstart":                      "⟨VS16⟩start",
		"x \uFE00":                         "x ⟨VS1⟩",
		"😀\uFE0F\uFE00\U000E0100":          "😀\uFE0F⟨VS1⟩⟨VS17⟩", // one may vary it; the rest carry hidden bytes
		"葛\U000E0100":                      "葛\U000E0100",
		"✔️ ok":                            "✔️ ok",
		"\u202E\uFE0F":                     "⟨RLO⟩⟨VS16⟩",
		"\u2800\uFE0F":                     "⟨U+2800⟩⟨VS16⟩", // after a mark, a selector would vary the mark
		// the three flags Unicode recommends are tags that draw as a flag; any other tags are hidden text
		scotland: scotland,
		"🏴\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F": "🏴\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F",
		"🏴\U000E0075\U000E0073\U000E0074\U000E0078\U000E007F":           "🏴⟨TAG u⟩⟨TAG s⟩⟨TAG t⟩⟨TAG x⟩⟨TAG 7F⟩",
		"🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074":           "🏴⟨TAG g⟩⟨TAG b⟩⟨TAG s⟩⟨TAG c⟩⟨TAG t⟩", // no cancel tag: no flag
		scotland + "\U000E0041\U000E007F":                               scotland + "⟨TAG A⟩⟨TAG 7F⟩",
		"x" + scotland[len("🏴"):]:                                       "x⟨TAG g⟩⟨TAG b⟩⟨TAG s⟩⟨TAG c⟩⟨TAG t⟩⟨TAG 7F⟩",
	}
	for in, want := range cases {
		if got := plainText(in); got != want {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
		if got := termPlain("\x1b[31m" + in); len(got) != 1 || got[0] != want {
			t.Errorf("output %q: got %q, want %q", in, got, want)
		}
	}
}

// Styled output (glamour's) keeps its SGR and nothing else; what no
// sanitiser saw before it (a character reference goldmark turned into a
// raw RLO) shows as a mark.
func TestStyledOutputKeepsOnlySGR(t *testing.T) {
	for in, want := range map[string]string{
		"\x1b[1;38;5;9mbold\x1b[0m\n":                          "\x1b[1;38;5;9mbold\x1b[0m\n",
		"\x1b]8;;https://x\x1b\\link\x1b]8;;\x1b\\ after":      "link (https://x) after",
		"a\u202eb\u2066c\x1b[2J\x07\x00\x1b[?1049h\x9b31m\x85": "a⟨RLO⟩b⟨LRI⟩c^G␀⟨85⟩",
		"\x1b[" + strings.Repeat("1;", 32) + "1mx":             "x",
		"\x1b[>4mx\x1b[1$mx\x1bPq#0\x1b\\\U000E0041\u3164":     "xx⟨TAG A⟩⟨U+3164⟩",
		"tab\there\xff": "tab^Ihere\uFFFD",
		"\x1b]8;;u\u202e\xb1\x1b\\l\x1b]8;;\x1b\\": "l (u⟨RLO⟩\uFFFD)", // the URL is untrusted too
	} {
		got := sanitizeStyled(in)
		if got != want {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
		if bad := notSGR(got); bad != "" {
			t.Errorf("%q: %q survived", in, bad)
		}
	}
}

// Invalid UTF-8 is a replacement character drawn as a mark, as a control
// character's is: between controls it joins their span, so a line of a
// megabyte of ESC and bad bytes in turn is one span, not one a character
// (which took over a second to draw, and the fuzzer's 10 s under load).
func TestInvalidBytesAreMarksJoinedWithTheirNeighbours(t *testing.T) {
	th := theme.Dark()
	l := safeLine(th, "ok\xf5\x1b\xf5\x01done", th.Text)
	if len(l) != 3 || l[0].text != "ok" || l[2].text != "done" || l[1].style != th.Control {
		t.Fatalf("spans %q", l)
	}
	if !strings.Contains(l[1].text, "\uFFFD") {
		t.Errorf("the marks %q hold no replacement character", l[1].text)
	}
	huge := safeLine(th, strings.Repeat("\x1b\xf5", 1<<16), th.Text)
	if len(huge) != 1 {
		t.Errorf("%d spans for a line of ESC and bad bytes in turn", len(huge))
	}
}
