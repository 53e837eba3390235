package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/present"
)

// A call whose turn ended before its result came says `no result` in its
// header, whatever its card; one still pending says nothing of it.
func TestACallTheTurnLeftSaysItHasNoResult(t *testing.T) {
	for name, args := range map[string]string{
		"grep":  `{"pattern":"TODO"}`,
		"write": `{"file_path":"a.md","content":"x\n"}`,
		"bash":  `{"command":"make"}`,
		"nope":  `{"x":1}`,
	} {
		c := &session.ToolCall{Name: name, Arguments: args, Call: present.Call(name, args)}
		head := func() string { return ansi.Strip(Render(c, Options{Width: 100})[0]) }
		if strings.Contains(head(), "no result") {
			t.Errorf("%s: a pending call says it has no result: %q", name, head())
		}
		c.Unfinished = true
		if got := head(); strings.Count(got, "no result") != 1 || strings.Contains(got, "running") {
			t.Errorf("%s: a call its turn left: %q", name, got)
		}
	}
}
