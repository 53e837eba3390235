package ui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/live"
	"github.com/deck-tui/deck/session/live/livetest"
	"github.com/deck-tui/deck/theme"
	"github.com/deck-tui/deck/ui/attach"
	"github.com/deck-tui/deck/ui/kit"
)

// longCSI is the 47-byte shape that panicked x/ansi v0.11.9's parser (33
// parameters), and longDCS its DCS form.
var (
	longCSI = "\x1b[" + strings.Repeat("1;", 32) + "1m"
	longDCS = "\x1bP" + strings.Repeat("1;", 40) + "1q#0\x1b\\"
)

// escapes reports whether s holds any escape but SGR, or a control.
func escapes(s string) bool {
	s = ansi.Strip(s)
	return strings.ContainsAny(s, "\x1b\x07\u009b\u202e")
}

// A session whose title or directory holds such a sequence is listed, by
// `deck ls` and in the picker's rows, with the rest of its text.
func TestHostileTitlesAreListed(t *testing.T) {
	item := catalog.Item{Agent: "deepseek-harness", Path: "/s/a.jsonl", Title: "fix " + longCSI + "the\u202e build",
		Cwd: "/w" + longDCS + "/x", Started: time.Unix(1796000000, 0), Scanned: true}
	for _, th := range []*theme.Theme{theme.Dark(), nil} {
		var b bytes.Buffer
		if err := kit.WriteList(&b, []catalog.Item{item}, th, 100); err != nil {
			t.Fatal(err)
		}
		if out := b.String(); !strings.Contains(out, "fix the⟨RLO⟩ build") || !strings.Contains(out, "/w/x") || escapes(out) {
			t.Errorf("deck ls (theme %v): %q", th != nil, out)
		}
	}
	if row := kit.SessionRow(theme.Dark(), item, true, kit.LayoutColumns([]catalog.Item{item}, 100)); !strings.Contains(ansi.Strip(row), "fix the⟨RLO⟩ build") || escapes(row) {
		t.Errorf("picker row: %q", row)
	}
}

// A session title holding such a sequence shows in the status bar with the
// rest of its text (a live host's title goes through the same status bar).
func TestAHostileTitleShowsInTheStatusBar(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hostile.jsonl")
	log := `{"type":"session","version":0,"id":"h","createdAt":1796000000000,"cwd":"/w","delegationDepth":0}
{"type":"session/title","seq":0,"time":1796000000000,"data":{"title":` + jsonString("renamed "+longCSI+longDCS+"by\u202e the log") + `}}
`
	if err := os.WriteFile(path, []byte(log), 0o644); err != nil {
		t.Fatal(err)
	}
	x := start(t, Options{Path: path}, 100, 20)
	if s := x.waitFor("renamed by⟨RLO⟩ the log"); strings.Contains(s, "could not draw") {
		t.Errorf("a notice instead of the title:\n%s", s)
	}
	x.quit()
}

// jsonString quotes s for a JSON log line.
func jsonString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\x1b", `\u001b`).Replace(s) + `"`
}

// failing makes kit.DrawFault panic while drawing one part, until the test ends.
func failing(t *testing.T, part string) {
	kit.DrawFault = func(p string) {
		if p == part {
			panic("a bug in the " + part + " \x1b]0;PWNED\x07")
		}
	}
	t.Cleanup(func() { kit.DrawFault = func(string) {} })
}

// A panic while drawing a part of the screen outside the cards becomes a
// notice in its place with the part's text, sanitised; the rest draws.
func TestAPanicWhileDrawingIsContained(t *testing.T) {
	failing(t, "session row")
	item := catalog.Item{Agent: "codex", Title: "the title\u202e", Cwd: "/w", Scanned: true}
	row := kit.SessionRow(theme.Dark(), item, false, kit.LayoutColumns(nil, 80))
	if !strings.Contains(row, "the title⟨RLO⟩ · codex · /w") || !strings.Contains(row, "could not draw the session row") || escapes(row) {
		t.Errorf("session row: %q", row)
	}
	if row := kit.SessionRow(theme.Dark(), item, false, kit.LayoutColumns(nil, 20)); cards.Width(row) > 20 {
		t.Errorf("the notice is wider than the row: %q", row)
	}
}

func TestAPanicInTheStatusBarIsContained(t *testing.T) {
	failing(t, "status bar")
	x := start(t, Options{Demo: true}, 100, 30)
	s := x.waitFor("⚠ Fix /healthz 500 without config.yaml · deck could not draw the status bar")
	if strings.Contains(s, "card 1 of 29") {
		t.Errorf("the status bar drew:\n%s", s)
	}
	x.waitFor("Update to-do list") // the cards still draw
	x.quit()
}

func TestAPanicInADialogIsContained(t *testing.T) {
	failing(t, "dialog")
	x, h := attachTo(t, livetest.Approval)
	newSessionAndPrompt(x, h, "ESCALATE: Please read hello.txt and then run a bash command that needs approval.")
	h.Wait(livetest.AwaitingApproval)
	x.waitFor("could not draw the dialog", "bash asks for approval", "a allow once · r reject")
	x.keys("a")
	h.Wait(livetest.Finished)
	x.waitFor("turn 1 done")
	quitLive(x)
}

// deck ls lists a session it cannot draw as a notice and its title.
func TestAPanicInDeckLsIsContained(t *testing.T) {
	failing(t, "session")
	var b bytes.Buffer
	items := []catalog.Item{{Agent: "codex", Title: "first\u202e", Path: "/s/1"}, {Agent: "codex", Title: "second", Path: "/s/2"}}
	if err := kit.WriteList(&b, items, theme.Dark(), 100); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.Contains(out, "⚠ first⟨RLO⟩ · /s/1 · deck could not draw the session") || !strings.Contains(out, "⚠ second · /s/2") || escapes(out) {
		t.Errorf("deck ls:\n%s", out)
	}
}

// A host's directory, model and session titles holding such a sequence show
// in its picker, its header and the new-session input, with the rest of
// their text (Bubble Tea's own renderer panicked on the sequence too).
func TestAHostileHostIsListed(t *testing.T) {
	c, err := live.New("http://127.0.0.1:9", live.Options{})
	if err != nil {
		t.Fatal(err)
	}
	host := live.HostInfo{Cwd: "/srv" + longCSI + "/w\u202e", Provider: "p", Model: "m" + longDCS + "odel"}
	p := attach.New(theme.Dark(), c, host, []live.SessionInfo{{ID: "s1", Title: "host " + longCSI + "title\u202e", UpdatedAt: 1796000000000}})
	p.Update(keyMsg("n"))
	out := p.View().Content
	for _, want := range []string{"p/model", "host title⟨RLO⟩", "/srv/w⟨RLO⟩"} {
		if !strings.Contains(ansi.Strip(out), want) {
			t.Errorf("%q is not in the host picker:\n%s", want, ansi.Strip(out))
		}
	}
	if escapes(out) || strings.Contains(out, longCSI) {
		t.Errorf("an escape reached the host picker: %q", out)
	}
}
