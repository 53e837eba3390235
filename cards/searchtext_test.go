package cards

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// A command's coloured output is searched as the terminal parser leaves
// it: colours and other CSI go, a link's address follows its text; a
// sequence the byte loop does not follow (a charset, one cut off) sends
// the output through the parser.
func TestDropEscapes(t *testing.T) {
	cases := map[string]bool{
		"\x1b[31m--- FAIL\x1b[0m: TestX":                  true,
		"a\x1b]8;;http://x\x07link\x1b]8;;\x1b\\b":        true,
		"a\x1b]8;;http://x\x07link\nnext\x1b]8;;\x1b\\ b": true,
		"\x1b]0;title\x07x\x1b[2Ky":                       true,
		"ok\x1b(Bdone":                                    false,
		"cut \x1b[38;5":                                   false,
		"end\x1b":                                         false,
		"\x1b]8;;http://x\x1b[1m":                         false,
		"plain":                                           true,
	}
	for in, wantOK := range cases {
		got, ok := dropEscapes(in)
		if ok != wantOK {
			t.Errorf("dropEscapes(%q): ok %v", in, ok)
		}
		var rows []string
		for _, r := range termLines(theme.Dark(), in) {
			rows = append(rows, r.plain())
		}
		if want := strings.Join(rows, "\n"); ok && got != want {
			t.Errorf("dropEscapes(%q) = %q, the parser leaves %q", in, got, want)
		}
		if text := terminalText(in); strings.TrimSuffix(text, "\n") != strings.Join(rows, "\n") {
			t.Errorf("terminalText(%q) = %q, the parser leaves %q", in, text, rows)
		}
	}
}

// The rule a search's prefilter stands on: every run of letters in a
// card's drawn rows is in its SearchText or in a word of Decorations, for
// every card of the demo, every fixture, the corpus and a generated
// session, at any width.
func TestSearchTextHoldsEveryDrawnWord(t *testing.T) {
	for name, s := range everySession(t) {
		for _, o := range []Options{{Width: 100, Expanded: true}, {Width: 37}, {Width: 7, Expanded: true}} {
			o.Theme, o.Cwd, o.NoHighlight = theme.Dark(), s.Header.Cwd, true
			for _, e := range s.Entries {
				wordsHeld(t, filepath.Base(name), e, o)
			}
		}
	}
}

// FuzzSearchText: whatever a command printed, a file holds or a reply
// says, every run of letters its card draws is in its SearchText or in a
// word of Decorations.
func FuzzSearchText(f *testing.F) {
	f.Add("a\x01bc \x1b[1mx\x1b[0my ab\rX \x1b]8;;http://u\x07link\x1b]8;;\x07z", 30)
	f.Add("caf&eacute;s a<b>c</b>d **em**ph [t](http://x)y ![i](u)w www.x.com", 40)
	f.Add("x\u00ady \u200bz \U000e0041q \xc2\x9b2Dw \xffv", 12)
	f.Add("see [f](src/\u00fcber.go) and [g](a^b\x01c)\n\n[r]: docs/caf\u00e9 notes", 60) // relative links are drawn escaped
	f.Fuzz(func(t *testing.T, text string, width int) {
		o := Options{Width: 1 + abs(width)%200, Theme: theme.Dark(), Expanded: true}
		var lines []session.ReadFileLine
		for i, l := range strings.Split(text, "\n") {
			lines = append(lines, session.ReadFileLine{Number: i + 1, Text: l})
		}
		for _, e := range []session.Entry{
			&session.ToolCall{Name: "bash", Call: session.TerminalCallView{Title: "make"}, View: session.TerminalResultView{Output: text}},
			&session.ToolCall{Name: "read", View: session.ReadResultView{Path: "a.txt", Lines: lines, TotalLines: len(lines)}},
			&session.AssistantText{Text: text},
			&session.UserMessage{Role: session.RoleHuman, Content: []session.ContentBlock{{Type: "text", Text: text}}},
		} {
			wordsHeld(t, "fuzz", e, o)
		}
	})
}

var decorationWords = strings.Fields(Decorations)

// wordsHeld fails when a run of letters in a card's plain rows is neither
// in its SearchText nor in a word of Decorations.
func wordsHeld(t *testing.T, name string, e session.Entry, o Options) {
	t.Helper()
	texts, ok := SearchText(e, o.Cwd)
	if !ok {
		return
	}
	text := strings.Join(texts, "\n")
	o.Plain = true
	for _, row := range Render(e, o) {
		for _, run := range strings.FieldsFunc(row, func(r rune) bool { return !unicode.IsLetter(r) }) {
			if !strings.Contains(text, run) && !slices.ContainsFunc(decorationWords, func(w string) bool { return strings.Contains(w, run) }) {
				t.Errorf("%s, %T at width %d: %q is in neither its search text nor Decorations: %q", name, e, o.Width, run, row)
			}
		}
	}
}
