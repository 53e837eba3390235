package cli

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
)

// deck ls lists each agent's sessions laid out as the agent lays them out,
// from the index and without it alike: each with its title, when it
// started (Cursor CLI's transcripts record no time: their file's), the
// folder it ran in and its log; logs that are not sessions of their own
// (Copilot CLI's older flat log of a session that has a folder now,
// Cursor CLI's subagents' transcripts) not on their own. deck search
// --agent finds their text.
func TestListAgentSessions(t *testing.T) {
	for _, c := range []struct {
		agent, label   string
		home           func(*testing.T, string) []catalogtest.Session
		query, logPart string
	}{
		{"copilot", "Copilot CLI", catalogtest.CopilotHome, "exponential backoff", "7c1e2f4a-3b5d-4e6f-8a9b-0c1d2e3f4a5b/events.jsonl"},
		{"cursor", "Cursor CLI", catalogtest.CursorHome, "expects 5 retries", "3f6b2c1d-8e4a-4b7c-9d0e-1a2b3c4d5e6f.jsonl"},
	} {
		t.Run(c.agent, func(t *testing.T) {
			home := emptyHome(t)
			want := c.home(t, home)
			for _, args := range [][]string{{"ls"}, {"ls", "--no-index"}} {
				code, out, errOut := deck(t, "", args...)
				rows := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
				if code != exitOK || len(rows) != len(want) {
					t.Fatalf("%v: exit %d, %d rows:\n%s%s", args, code, len(rows), out, errOut)
				}
				for i, r := range rows {
					f := strings.Split(r, "\t")
					w := want[i]
					if len(f) != 7 || f[0] != w.Started.Local().Format("2006-01-02T15:04:05Z07:00") || f[1] != c.label || f[4] != w.Path || f[5] != w.Cwd || f[6] != w.Title {
						t.Errorf("%v: row %q; want %+v", args, f, w)
					}
				}
			}
			code, out, _ := deck(t, "", "search", "--agent", c.agent, "--no-index", c.query)
			if code != exitOK || !strings.Contains(out, c.logPart) {
				t.Errorf("search --agent %s: exit %d\n%s", c.agent, code, out)
			}
		})
	}
}
