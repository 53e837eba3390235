package cards

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/session/stats"
	"github.com/deck-tui/deck/theme"
)

// onlySGR reports the first escape sequence or control in out that is not
// deck's own SGR or a newline.
func notSGR(out string) string {
	p := ansi.GetParser()
	defer ansi.PutParser(p)
	var state byte
	for s := out; s != ""; {
		p.Reset()
		seq, _, n, next := ansi.DecodeSequence(s, state, p)
		switch {
		case ansi.HasCsiPrefix(seq) && p.Command() == 'm' && seq[0] == 0x1b:
		case len(seq) > 1 && (seq[0] == 0x1b || (seq[0] >= 0x80 && seq[0] <= 0x9f)):
			return seq
		case len(seq) == 1 && seq != "\n" && (seq[0] < 0x20 || seq[0] == 0x7f || (seq[0] >= 0x80 && seq[0] <= 0x9f)):
			return seq
		}
		if n == 0 {
			break
		}
		s, state = s[n:], next
	}
	return ""
}

// FuzzSanitize: whatever the text, what comes out is printable, holds no
// escape and no control, and is as wide as it measures.
func FuzzSanitize(f *testing.F) {
	f.Add("a\x1b]0;t\x07b\u202e\x00\x9b2J\u009b31m👩\u200d💻\t漢")
	f.Add("\x1b[31mred\x1b]8;;u\x1b\\l\x1b]8;;\x1b\\")
	f.Add("\x1b[" + strings.Repeat("1;", 32) + "1m\x1bP" + strings.Repeat("1;", 40) + "q\x1b\\\U000E0041\u2800\uFE0F\uFE0F")
	f.Fuzz(func(t *testing.T, text string) {
		th := theme.Dark()
		l := safeText(th, strings.ReplaceAll(text, "\n", " "), th.Text)
		out := l.String()
		if bad := notSGR(out); bad != "" {
			t.Fatalf("%q reached the output of %q", bad, text)
		}
		if !utf8.ValidString(l.plain()) {
			t.Fatalf("invalid UTF-8 out of %q", text)
		}
		if got := Width(out); got != l.width() {
			t.Fatalf("measures %d, is %d", l.width(), got)
		}
		if styled := sanitizeStyled(text); notSGR(styled) != "" || !utf8.ValidString(styled) {
			t.Fatalf("sanitizeStyled(%q) = %q", text, styled)
		}
	})
}

// FuzzTerminalOutput: command output keeps only colours, and only colours
// its text reads in, as written in every profile, on either theme.
func FuzzTerminalOutput(f *testing.F) {
	f.Add("\x1b[1;31merr\x1b[0m\rX\bY\x1b[2J\x1b]0;t\x07\u009b2J\x9b31m")
	f.Add("\x1b[38;2;1;2;3;48;2;1;2;4mhidden\x1b[0m \x1b[38;2;0;0;0mblack\x1b[38;5;231m white")
	f.Add("\x1b[7;38;5;153;48;5;20mx\x1b[27;49my\x1b[48;2;213;217;227mz")
	f.Fuzz(func(t *testing.T, out string) {
		for _, th := range []*theme.Theme{theme.Dark(), theme.Light()} {
			rows := termLines(th, out)
			for _, l := range rows {
				if bad := notSGR(l.String()); bad != "" {
					t.Fatalf("%q reached the output of %q", bad, out)
				}
			}
			for _, p := range theme.TerminalProfiles {
				if bad := unreadable(th, rows, p); bad != "" {
					t.Fatalf("%s theme: %s, in %q", th.Name, bad, out)
				}
			}
		}
	})
}

// FuzzRender draws every entry of any log at any width from 1 to 300: no
// panic, no row wider than the width, no escape but deck's SGR.
func FuzzRender(f *testing.F) {
	paths, _ := filepath.Glob("../golden/testdata/fixtures/*.jsonl")
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b, uint16(40), true)
		}
	}
	f.Fuzz(func(t *testing.T, log []byte, width uint16, expanded bool) {
		w := int(width%300) + 1
		s, _ := source.ReadAll(bytes.NewReader(log))
		for _, th := range []*theme.Theme{theme.Dark(), theme.Light()} {
			o := Options{Width: w, Theme: th, Cwd: s.Header.Cwd, Expanded: expanded}
			rows := append(sessionHeader(s, stats.Totals(s), o), sessionFooter(s, o)...)
			for _, e := range s.Entries {
				rows = append(rows, Render(e, o)...)
			}
			for _, r := range rows {
				if got := Width(r); got > w {
					t.Fatalf("width %d: a row of %d cells: %q", w, got, r)
				}
				if bad := notSGR(r); bad != "" {
					t.Fatalf("%q reached the output: %q", bad, r)
				}
			}
		}
	})
}

// FuzzHugeLine draws a single line of about a megabyte, any piece
// repeated, as a command's output, a command or a prompt, or an eighth of
// it as a reply (glamour lays a paragraph out at some 2.5 µs a byte), at
// any width: each card stops at the display cap, no row is wider than the
// width, and nothing but deck's SGR comes out. One card an input: an input
// that takes 10 s under the fuzzer's coverage counts as hung, and the four
// at once (a second of processor time) passed that on a loaded machine.
func FuzzHugeLine(f *testing.F) {
	for card := range uint8(4) {
		f.Add("\x1b[31mx", uint16(80), card)
		f.Add("\u202e", uint16(40), card)
		f.Add("a\t", uint16(7), card)
		f.Add("*a ", uint16(100), card)
		f.Add("👍🏽 ", uint16(3), card)
		f.Add("\x1b", uint16(141), card)     // four cards of it at once outlasted the fuzzer's 10 s under load
		f.Add("\x1b\xf5", uint16(141), card) // a span a character, until invalid bytes were marks
	}
	f.Fuzz(func(t *testing.T, piece string, width uint16, card uint8) {
		if piece == "" || strings.ContainsAny(piece, "\n\r") {
			return
		}
		line := strings.Repeat(piece, (1<<20)/len(piece)+1)
		w := int(width%300) + 1
		zero := 0
		o := Options{Width: w, Theme: theme.Dark(), Expanded: true}
		cards := []session.Entry{
			&session.ToolCall{Name: "bash", Call: session.TerminalCallView{Title: "$ run"},
				View: session.TerminalResultView{Title: "$ run", Output: line, ExitCode: &zero}, Result: &session.ToolResult{}},
			&session.ToolCall{Name: "bash", Call: session.TerminalCallView{Title: line}},
			&session.UserMessage{Role: session.RoleHuman, Content: []session.ContentBlock{{Type: "text", Text: line}}},
			&session.AssistantText{Text: line[:len(line)/8]},
		}
		for _, e := range cards[int(card)%len(cards) : int(card)%len(cards)+1] {
			rows := Render(e, o)
			if len(rows) > maxCardRows+2 {
				t.Fatalf("%T: %d rows", e, len(rows))
			}
			for _, r := range rows {
				if got := Width(r); got > w {
					t.Fatalf("%T, width %d: a row of %d cells", e, w, got)
				}
				if bad := notSGR(r); bad != "" {
					t.Fatalf("%T: %q reached the output", e, bad)
				}
			}
		}
	})
}
