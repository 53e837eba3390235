package source_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// What is no session log of any format is said to be one, with the first
// reason; a log with bad lines, an empty log, or a log whose first lines are
// all broken is still a log.
func TestNotALog(t *testing.T) {
	event := `{"type":"turn/start","seq":0,"time":1,"data":{"turn":1}}` + "\n"
	for _, c := range []struct {
		name, input, reason string // reason "" for a log
	}{
		{"Markdown", "# deck\n\nA terminal client.\n", `line 1: not JSON: "# deck"`},
		{"JSON lines of nothing deck reads", `{"foo":1}` + "\n" + `{"bar":2}` + "\n", `line 1: not an event: no "type"`},
		{"binary", "\x7fELF\x02\x01\x01\x00" + strings.Repeat("\x00\x01", 100), "this looks like a binary file"},
		{"UTF-16", "\xff\xfe{\x00\"\x00t\x00", "this file is UTF-16 text"},
		{"empty", "", ""},
		{"a log with a bad line", sessiontest.FirstLine + "not json\n" + event, ""},
		{"a log whose first lines are broken", strings.Repeat("x\n", 20) + event, ""},
	} {
		_, err := source.ReadAll(strings.NewReader(c.input))
		var notALog *source.NotALogError
		switch {
		case c.reason == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.reason != "" && (!errors.As(err, &notALog) || !strings.HasPrefix(notALog.Reason, c.reason)):
			t.Errorf("%s: %v, want not a session log: %s…", c.name, err, c.reason)
		}
	}
}
