package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// tail is the rows a turn's end draws after its first: its produced files.
func tail(t *testing.T, end *session.TurnEnd, width int) string {
	t.Helper()
	rows := Render(end, Options{Width: width, Theme: theme.Dark(), Cwd: "/w"})
	var out []string
	for _, r := range rows[1:] {
		out = append(out, strings.TrimRight(ansi.Strip(r), " "))
	}
	return strings.Join(out, "\n")
}

// A turn's end names the files it produced, as the web client's turn tail:
// six at most by their names, then how many more; fewer on a narrow row,
// the count taking the rest; files that share a name by their paths.
func TestTheTurnsTailNamesWhatItProduced(t *testing.T) {
	end := &session.TurnEnd{Turn: 1, Reason: "completed", Produced: []string{
		"/w/a.go", "/w/b.go", "/w/c.go", "/w/d.go", "/w/e.go", "/w/f.go", "/w/g.go", "/w/h.go"}}
	for _, c := range []struct {
		width int
		want  string
	}{
		{120, "  produced  a.go  b.go  c.go  d.go  e.go  f.go  +2 files"}, // six, then the count
		{40, "  produced  a.go  b.go  c.go  +5 files"},                    // 38 cells after the indent: three chips and the count (a fourth needs 42)
		{20, "  produced  +8 files"},
	} {
		if got := tail(t, end, c.width); got != c.want {
			t.Errorf("at %d columns:\n%q\nwant\n%q", c.width, got, c.want)
		}
	}
	end.Produced = []string{"/w/api/main.go", "/w/cmd/main.go", "/w/go.mod"}
	if got := tail(t, end, 120); got != "  produced  api/main.go  cmd/main.go  go.mod" {
		t.Errorf("two files of one name: %q", got)
	}
	end.Produced = nil
	if got := tail(t, end, 120); got != "" {
		t.Errorf("a turn that produced nothing: %q", got)
	}
}

// A produced file's name comes from the log: it reaches the terminal
// sanitised.
func TestAProducedFilesNameIsSanitised(t *testing.T) {
	end := &session.TurnEnd{Turn: 1, Reason: "completed", Produced: []string{"/w/\x1b]52;c;cm0gLXJm\x07x\u202e.go"}}
	for _, r := range Render(end, Options{Width: 80, Theme: theme.Dark()}) {
		for _, bad := range []string{"\x1b]", "\x07", "\u202e"} {
			if strings.Contains(r, bad) {
				t.Errorf("the row lets %q through: %q", bad, r)
			}
		}
	}
}
