package cards

import (
	"bytes"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/golden/loggen"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/demo"
	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/theme"
)

// samePlainRows fails when a card's plain rows are not its drawn rows
// without their styles.
func samePlainRows(t *testing.T, name string, e session.Entry, o Options) {
	t.Helper()
	o.Plain = false
	drawn := Render(e, o)
	o.Plain = true
	plain := Render(e, o)
	var counted []string
	CountRows(e, o, func(row string) int {
		counted = append(counted, strings.Clone(row))
		return 0
	}, nil)
	if !reflect.DeepEqual(counted, plain) {
		t.Errorf("%s, %T at width %d: CountRows reads %d rows, not the %d plain rows", name, e, o.Width, len(counted), len(plain))
	}
	for i := range max(len(drawn), len(plain)) {
		want, got := "", ""
		if i < len(drawn) {
			want = ansi.Strip(drawn[i])
		}
		if i < len(plain) {
			got = plain[i]
		}
		if got != want {
			t.Errorf("%s, %T at width %d: row %d of %d (drawn %d)\nplain %q\ndrawn %q", name, e, o.Width, i, len(plain), len(drawn), got, want)
			return
		}
	}
}

// A search counts over plain rows: they are the drawn rows, without their
// styles, for every card of the demo, every fixture, the corpus and a
// generated session, at any width, collapsed or expanded.
func TestPlainRowsAreTheDrawnRows(t *testing.T) {
	sessions := everySession(t)
	for name, s := range sessions {
		for _, o := range []Options{{Width: 100, Expanded: true}, {Width: 37}, {Width: 7, Expanded: true}} {
			o.Theme, o.Cwd, o.NoHighlight = theme.Dark(), s.Header.Cwd, true
			for _, e := range s.Entries {
				samePlainRows(t, name, e, o)
			}
		}
	}
}

// FuzzPlainRows: whatever a command printed or a file holds, its card's
// plain rows are its drawn rows without their styles, and CountRows reads
// those rows.
func FuzzPlainRows(f *testing.F) {
	f.Add("=== RUN   TestX\n\x1b[32m--- PASS\x1b[0m: TestX (0.00s)\n\tok\tx\t0.1s\n", 40)
	f.Add("a\tb\x1b[1;31mc\x1b[Kd\re\bf\x1b]8;;http://x\x1b\\l\x1b]8;;\x1b\\\n\n", 12)
	f.Add("漢字\t👩‍💻 \u202e\x00"+strings.Repeat("x", 300), 30)
	f.Add("checked 3 cases in \x1b[2m12µs\x1b[0m\té—“x”…→ ├─ ✓ \u00ad e\u0301 ↔\ufe0f \u00a0|", 9)
	f.Fuzz(func(t *testing.T, text string, width int) {
		width = 1 + abs(width)%200
		o := Options{Width: width, Theme: theme.Dark(), Expanded: true}
		term := &session.ToolCall{Name: "bash", Call: session.TerminalCallView{Title: "make"},
			View: session.TerminalResultView{Output: text}}
		samePlainRows(t, "output", term, o)
		var lines []session.ReadFileLine
		for i, l := range strings.Split(text, "\n") {
			lines = append(lines, session.ReadFileLine{Number: i + 1, Text: l})
		}
		read := &session.ToolCall{Name: "read", View: session.ReadResultView{Path: "a.txt", Lines: lines, TotalLines: len(lines)}}
		samePlainRows(t, "read", read, o)
	})
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// A card counted for a cancelled search stops between two rows, however
// long it is.
func TestCountRowsStopsBetweenRows(t *testing.T) {
	out := strings.Repeat("\x1b[32mok\x1b[0m\tsome output\n", 9000) + strings.Repeat("naïve é\u0301\n", 900)
	read := make([]session.ReadFileLine, 9000)
	for i := range read {
		read[i] = session.ReadFileLine{Number: i + 1, Text: "\tfunc f() {}"}
	}
	for _, e := range []session.Entry{
		&session.ToolCall{Name: "bash", Call: session.TerminalCallView{Title: "go test"}, View: session.TerminalResultView{Output: out}},
		&session.ToolCall{Name: "read", View: session.ReadResultView{Path: "a.go", Lang: "go", Lines: read, TotalLines: len(read)}},
	} {
		rows, asked := 0, 0
		CountRows(e, Options{Width: 80, Theme: theme.Dark(), Expanded: true}, func(string) int { rows++; return 0 }, func() bool {
			asked++
			return asked > 10
		})
		if rows > 10 || asked > 20 {
			t.Errorf("%T: %d rows counted, stop asked %d times, after it said stop", e, rows, asked)
		}
	}
}

// everySession is the demo, every fixture, the corpus and a generated
// session, by name.
func everySession(t *testing.T) map[string]*session.Session {
	t.Helper()
	sessions := map[string]*session.Session{"demo": demo.Session()}
	logs, _ := filepath.Glob("../golden/testdata/fixtures/*")
	corpus, _ := filepath.Glob("../golden/testdata/corpus/*/*")
	for _, f := range append(logs, corpus...) {
		if s, err := source.Open(f); err == nil {
			sessions[f] = s
		}
	}
	var gen bytes.Buffer
	if err := loggen.Generate(&gen, loggen.Options{Size: 1 << 20}); err != nil {
		t.Fatal(err)
	}
	s, err := source.ReadAll(bytes.NewReader(gen.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	sessions["generated"] = s
	return sessions
}
