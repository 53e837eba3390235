package gfm

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	nethtml "golang.org/x/net/html"

	"github.com/deck-tui/deck/cards"
)

// Session text is escaped where GitHub would read it as syntax and nowhere
// else: a dash, a dot or a colon inside a word stays as it is written.
func TestEscapesOnlyWhatIsSyntaxWhereItStands(t *testing.T) {
	for in, want := range map[string]string{
		// read as written
		"session-3cefc85d-b081":    "session-3cefc85d-b081",
		"wall time 1.0s · 42.5/s":  "wall time 1.0s · 42.5/s",
		"ESCALATE: read hello.txt": "ESCALATE: read hello.txt",
		"{{cwd}}/snake_case.go":    "{{cwd}}/snake_case.go",
		"-v --verbose a - b":       "-v --verbose a - b",
		"2024: 12:30 (x) !":        "2024: 12:30 (x) !",
		`{"a":"b\n"}`:              `{"a":"b\n"}`,
		"C# and a > b":             "C# and a > b",
		"AT & T, 1+1":              "AT & T, 1+1",
		// syntax where it stands
		"- item":             `\- item`,
		"+ item":             `\+ item`,
		"---":                `\---`,
		"  ===":              `  \===`,
		"1. item":            `1\. item`,
		"12) item":           `12\) item`,
		"> quote":            `\> quote`,
		"## heading ##":      `\## heading \##`,
		"*a* _b_ ~c~ `d`":    "\\*a\\* \\_b\\_ \\~c\\~ \\`d\\`",
		"__init__":           `\_\_init\_\_`,
		"[x](y) <b> a|b":     `\[x\](y) \<b> a\|b`,
		"https://e.example":  `https\://e.example`,
		"see www.e.example":  `see www\.e.example`,
		"@everyone a@b.c":    `\@everyone a\@b.c`,
		"fixes #12":          `fixes \#12`,
		":tada: &amp; &#60;": `\:tada: \&amp; \&\#60;`,
		`a\*b c\`:            `a\\\*b c\\`,
		"$$ x $$":            `\$\$ x \$\$`,
	} {
		if got := inline(in); got != want {
			t.Errorf("inline(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzInline: escaped, a line reads as it was written (its controls made
// visible, as on a card): rendered as GitHub does, it is one paragraph
// holding that text and no element.
func FuzzInline(f *testing.F) {
	for _, text := range []string{"`a` *b* __c__ ~~d~~ [e](f) ![g](h) <i> &amp; \\ \\* |j| k: l.", "1.0s", "x_y_z", "_x_y_",
		"a\\", "\\_", "# h #", "a #", "https://e.example www.e.example a@b.example", "12. x", "+", "-", "***"} {
		f.Add(text)
	}
	for _, text := range blockTexts {
		for l := range strings.SplitSeq(text, "\n") {
			f.Add(l)
		}
	}
	gm := goldmark.New(goldmark.WithExtensions(extension.GFM))
	f.Fuzz(func(t *testing.T, text string) {
		want := strings.Trim(cards.Safe(text), " ")
		if want == "" || strings.Contains(want, "\n") || !utf8.ValidString(text) {
			t.Skip() // one line is what inline is given
		}
		var page bytes.Buffer
		if err := gm.Convert([]byte(inline(text)), &page); err != nil {
			t.Fatal(err)
		}
		got, elements := "", []string{}
		z := nethtml.NewTokenizer(&page)
		for tt := z.Next(); tt != nethtml.ErrorToken; tt = z.Next() {
			switch tt {
			case nethtml.TextToken:
				got += string(z.Text())
			case nethtml.StartTagToken, nethtml.SelfClosingTagToken:
				if name, _ := z.TagName(); string(name) != "p" {
					elements = append(elements, string(name))
				}
			}
		}
		if got = strings.Trim(got, " \n"); got != want || len(elements) > 0 {
			t.Errorf("%q, escaped %q, reads %q with %q", text, inline(text), got, elements)
		}
	})
}
