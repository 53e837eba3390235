package cards

import (
	"fmt"
	"image/color"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

func termPlain(out string) []string {
	var rows []string
	for _, l := range termLines(theme.Dark(), out) {
		rows = append(rows, l.plain())
	}
	return rows
}

func TestTerminalOutputActsLikeATerminal(t *testing.T) {
	for in, want := range map[string][]string{
		"abc\rX":                          {"Xbc"},
		"10%\r55%\r100%\n":                {"100%"},
		"back\bX":                         {"bacX"},
		"a\r\nb\r\n":                      {"a", "b"},
		"\x1b[1Aup\x1b[2Kline\x1b[?1049h": {"upline"},
		"\x1b]0;title\x07text":            {"text"},
		"\x1b]8;;https://x\x1b\\link\x1b]8;;\x1b\\": {"link (https://x)"},
		"\u009b31mc1 code point\u009b0m":            {"c1 code point"},
		"open \x1b]8;;https://y\x1b\\link":          {"open link (https://y)"},
		"\x1bPq#0;2;0;0;0\x1b\\after":               {"after"},
		"\x1b_apc payload\x1b\\after":               {"after"},
		"bell\x07 and \x00":                         {"bell^G and ␀"},
		"\x9b31mraw c1":                             {"raw c1"},
		"tab\tstop":                                 {"tab     stop"},
		"":                                          nil,
	} {
		got := termPlain(in)
		if len(got) != len(want) {
			t.Errorf("%q: got %q, want %q", in, got, want)
			continue
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%q: row %d is %q, want %q", in, i, got[i], want[i])
			}
		}
	}
}

func TestTerminalColoursAreMappedOntoTheTheme(t *testing.T) {
	th := theme.Dark()
	style := func(out string) theme.Style {
		rows := termLines(th, out)
		for _, s := range rows[0] {
			if s.text == "x" {
				return s.style
			}
		}
		t.Fatalf("%q: no x", out)
		return theme.Style{}
	}
	same := func(a, b color.Color) bool {
		if a == nil || b == nil {
			return a == b
		}
		r1, g1, b1, _ := a.RGBA()
		r2, g2, b2, _ := b.RGBA()
		return r1 == r2 && g1 == g2 && b1 == b2
	}
	if s := style("\x1b[31mx"); !same(s.Fg, th.Palette.ANSI[1]) {
		t.Errorf("31 is the theme's red: %v", s.Fg)
	}
	if s := style("\x1b[38;5;9mx"); !same(s.Fg, th.Palette.ANSI[9]) {
		t.Errorf("38;5;9 is the theme's bright red: %v", s.Fg)
	}
	if s := style("\x1b[38;2;200;100;50mx"); !same(s.Fg, color.RGBA{200, 100, 50, 255}) {
		t.Errorf("true colour is kept: %v", s.Fg)
	}
	if s := style("\x1b[1;4;7mx"); !s.Bold || !s.Underline || !s.Reverse {
		t.Errorf("attributes kept: %+v", s)
	}
	if s := style("\x1b[5;8mx"); s.Prefix() != th.Text.Prefix() {
		t.Errorf("blink and conceal are dropped: %q", s.Prefix())
	}
	if s := style("\x1b[31m\x1b[0mx"); s.Prefix() != th.Text.Prefix() {
		t.Errorf("reset: %q", s.Prefix())
	}
	for _, l := range termLines(th, "\x1b[31mred\x1b[2J\x1b]0;t\x07") {
		if got := ansi.Strip(l.String()); got != "red" {
			t.Errorf("got %q", got)
		}
	}
}

// SGR with up to 31 parameters keeps its style; with more it is no style
// deck keeps (x/ansi's parser reads 31 right), and the text still shows.
func TestALongSGRIsBoundedNotFatal(t *testing.T) {
	th := theme.Dark()
	kept := termLines(th, "\x1b["+strings.Repeat("1;", 30)+"31mred")
	if len(kept) != 1 || kept[0][0].style.Fg != th.ANSIColor(1) || !kept[0][0].style.Bold {
		t.Errorf("31 parameters: %+v", kept)
	}
	long := termLines(th, "\x1b["+strings.Repeat("1;", 31)+"31mplain")
	if len(long) != 1 || long[0].plain() != "plain" || long[0][0].style.Fg == th.ANSIColor(1) {
		t.Errorf("32 parameters: %+v", long)
	}
}

// Colours that hide text are not drawn, judged as they are written in each
// profile: a pair below the theme's floor for output loses both colours
// (text in its own background, or two colours that downsample to one), a
// foreground alone too close to the theme's background becomes the theme's
// colour for the basic colour it is nearest (as 30 is on the dark theme),
// and colours that read are kept.
func TestOutputColoursThatHideTextAreNotDrawn(t *testing.T) {
	style := func(th *theme.Theme, sgr string) theme.Style {
		rows := termLines(th, "\x1b["+sgr+"mtext")
		if len(rows) != 1 || rows[0].plain() != "text" {
			t.Fatalf("%s: %q", sgr, rows)
		}
		for _, p := range theme.TerminalProfiles {
			if bad := unreadable(th, rows, p); bad != "" {
				t.Errorf("%s, %s theme: %s", sgr, th.Name, bad)
			}
		}
		return rows[0][0].style
	}
	for _, th := range []*theme.Theme{theme.Dark(), theme.Light()} {
		r, g, b, _ := th.Palette.Fg.RGBA()
		own := fmt.Sprintf("48;2;%d;%d;%d", r>>8, g>>8, b>>8) // the default foreground's own colour
		for _, sgr := range []string{"30;40", "37;47", "90;100", "38;5;200;48;5;200", "38;2;1;2;3;48;2;1;2;3",
			"38;2;1;2;3;48;2;1;2;4", "38;5;16;48;5;16", "38;5;196;48;2;255;0;0", "7;31;41", "8;32;42", "31;41;7;8",
			"38;5;1;41", "31;42", "38;2;250;250;250;48;2;255;255;255",
			"38;2;175;215;255;48;2;0;0;215", // reads in true colour; 94 on 104 in 16 colours
			own, "7;" + own} {
			// dropped, or its ground kept with black or white text
			st := style(th, sgr)
			dropped := st.Bg == nil && (st.Fg == nil || st.Fg == th.Palette.Fg)
			inked := st.Bg != nil && (st.Fg == color.Color(color.RGBA{0, 0, 0, 255}) || st.Fg == color.Color(color.RGBA{255, 255, 255, 255}))
			if !dropped && !inked {
				t.Errorf("%s, %s theme: the pair is drawn %+v", sgr, th.Name, st)
			}
		}
		// a badge (a test runner's PASS, FAIL) keeps its ground
		for _, sgr := range []string{"38;2;0;0;0;48;2;255;255;0", "38;5;231;48;5;22", "1;38;2;255;255;255;48;2;0;0;128",
			"30;42", "37;41", "1;37;42"} {
			if st := style(th, sgr); st.Fg == nil || st.Bg == nil {
				t.Errorf("%s, %s theme: a pair that reads lost a colour: %+v", sgr, th.Name, st)
			}
		}
	}
	// too close to the background: drawn as the basic colour each is nearest
	hiding := map[*theme.Theme]map[string]int{
		theme.Dark(): {"30": 0, "38;5;0": 0, "38;5;16": 0, "38;2;0;0;0": 0, "38;5;232": 0, "38;2;30;30;30": 0,
			"7;38;2;0;0;0": 0, "38;2;0;0;90": 4, "38;5;52": 1},
		theme.Light(): {"38;5;231": 15, "38;2;255;255;255": 15, "38;5;255": 15, "38;2;255;255;0": 11,
			"7;38;2;240;240;240": 15, "38;2;250;250;210": 11, "38;5;201": 13},
	}
	for th, sgrs := range hiding {
		for sgr, basic := range sgrs {
			if st := style(th, sgr); st.Fg != th.ANSIColor(basic) || st.Bg != nil {
				t.Errorf("%s, %s theme: drawn %+v, want the theme's ANSI %d", sgr, th.Name, st, basic)
			}
		}
	}
	rgb := func(r, g, b uint8) color.Color { return color.RGBA{r, g, b, 255} }
	reading := map[*theme.Theme]map[string]color.Color{
		theme.Dark(): {"31": theme.Dark().ANSIColor(1), "94": theme.Dark().ANSIColor(12), "37": theme.Dark().ANSIColor(7),
			"38;2;200;100;50": rgb(200, 100, 50), "38;2;255;255;255": rgb(255, 255, 255), "38;5;250": ansi.IndexedColor(250)},
		theme.Light(): {"31": theme.Light().ANSIColor(1), "30": theme.Light().ANSIColor(0), "38;2;0;0;0": rgb(0, 0, 0),
			"38;5;16": ansi.IndexedColor(16), "38;2;0;0;128": rgb(0, 0, 128)},
	}
	for th, want := range reading {
		for sgr, c := range want {
			if st := style(th, sgr); st.Fg != c {
				t.Errorf("%s, %s theme: a colour that reads was changed: %+v", sgr, th.Name, st)
			}
		}
	}
}

// Output longer than the display cap can show is cut before it is parsed,
// like other texts: a coloured line of megabytes (mostly escapes, which
// take no cell) draws the cap's rows, the card says how much it did not
// draw, and the search still finds what was cut, in the text the model
// holds.
func TestHugeOutputIsCutAtTheDisplayCap(t *testing.T) {
	zero := 0
	out := strings.Repeat("\x1b[31mred\x1b[0m ", 200000) + "needle\n" + strings.Repeat("more\n", 20)
	call := &session.ToolCall{Name: "bash", Call: session.TerminalCallView{Title: "$ cat log"},
		View: session.TerminalResultView{Title: "$ cat log", Output: out, ExitCode: &zero}}
	rows := Render(call, Options{Width: 40, Theme: theme.Dark(), Expanded: true})
	if len(rows) > maxCardRows+1 {
		t.Fatalf("%d rows", len(rows))
	}
	note := ansi.Strip(rows[len(rows)-1])
	if !strings.Contains(note, "MB of text more not drawn") {
		t.Fatalf("the last row: %q", note)
	}
	if !strings.HasPrefix(ansi.Strip(rows[len(rows)-2]), "  │ red red") {
		t.Fatalf("the last row of output: %q", ansi.Strip(rows[len(rows)-2]))
	}
	if texts, ok := SearchText(call, ""); !ok || !strings.Contains(strings.Join(texts, "\n"), "needle") {
		t.Fatal("the cut text is not searched")
	}
}

// An invalid byte in output is a mark as the control beside it is, so a
// line of both in turn is one span: a span a character made a megabyte of
// it cost seconds.
func TestInvalidBytesInOutputAreMarksJoinedWithControls(t *testing.T) {
	th := theme.Dark()
	rows := termLines(th, "ok\xf5\x1b\xf5\x01done")
	if len(rows) != 1 || len(rows[0]) != 3 || rows[0][0].text != "ok" || rows[0][2].text != "done" {
		t.Fatalf("spans %q", rows)
	}
	if !strings.Contains(rows[0][1].text, "\uFFFD") {
		t.Errorf("the marks %q hold no replacement character", rows[0][1].text)
	}
	huge := termLines(th, strings.Repeat("\x1b\xf5", 1<<16))
	if len(huge) != 1 || len(huge[0]) != 1 {
		t.Errorf("%d rows, %d spans for a line of ESC and bad bytes in turn", len(huge), len(huge[0]))
	}
}
