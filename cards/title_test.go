package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/present"
)

// A title names a path under the session's cwd relative to it, as the
// card's own paths do: `Write NOTES.md` next to `Read main.go`, never the
// absolute path, and the cwd itself as "." (`Grep x in .`). A shell command
// is shown as it ran.
func TestTitlesNamePathsRelativeToTheCwd(t *testing.T) {
	for args, want := range map[string]string{
		`{"file_path":"/srv/work/NOTES.md","content":"x\n"}`: "Write NOTES.md",
		`{"file_path":"NOTES.md","content":"x\n"}`:           "Write NOTES.md",
		`{"file_path":"/srv/workshop/a.md","content":"x\n"}`: "Write /srv/workshop/a.md",
		`{"file_path":"/elsewhere/a.md","content":"x\n"}`:    "Write /elsewhere/a.md",
	} {
		c := &session.ToolCall{Name: "write", Arguments: args, Call: present.Call("write", args)}
		head := ansi.Strip(Render(c, Options{Width: 80, Cwd: "/srv/work"})[0])
		if !strings.Contains(head, want+" ") {
			t.Errorf("%s: header %q, want %q", args, head, want)
		}
	}
	for args, want := range map[string]string{
		`{"pattern":"fn","path":"/srv/work"}`:                 `Grep fn in .`,
		`{"pattern":"x","path":"/srv/work/"}`:                 `Grep x in .`,
		`{"pattern":"x","path":"/srv/work/src"}`:              `Grep x in src`,
		`{"pattern":"x","path":"/srv/workshop"}`:              `Grep x in /srv/workshop`,
		`{"pattern":"x","path":"/srv/work","include":"*.go"}`: `Grep x in . (*.go)`,
	} {
		c := &session.ToolCall{Name: "grep", Arguments: args, Call: present.Call("grep", args)}
		head := ansi.Strip(Render(c, Options{Width: 80, Cwd: "/srv/work"})[0])
		if !strings.Contains(head, want+" ") {
			t.Errorf("%s: header %q, want %q", args, head, want)
		}
	}
	cmd := `{"command":"cat /srv/work/NOTES.md"}`
	c := &session.ToolCall{Name: "bash", Arguments: cmd, Call: present.Call("bash", cmd)}
	if head := ansi.Strip(Render(c, Options{Width: 80, Cwd: "/srv/work"})[0]); !strings.Contains(head, "cat /srv/work/NOTES.md") {
		t.Errorf("a command is shown as it ran: %q", head)
	}
}
