package cli

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
)

// deck ls lists Grok Build's sessions laid out as Grok Build lays them
// out, from the index and without it alike: each with its title, its
// start, its folder and its chat history, as its summary.json says them;
// a subagent's session not on its own. deck search --agent grok finds
// their words, and deck stats and deck changes read them.
func TestListGrokSessions(t *testing.T) {
	home := emptyHome(t)
	logs, cwds := catalogtest.GrokHome(t, home)
	started := map[string]string{"Raise the retry limit to 5": "2026-05-04T09:12:03Z", "Read hello.py and summarize what it prints": "2026-07-31T10:13:27Z"}
	for _, args := range [][]string{{"ls"}, {"ls", "--no-index"}} {
		code, out, errOut := deck(t, "", args...)
		rows := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if code != exitOK || len(rows) != len(logs) {
			t.Fatalf("%v: exit %d, %d rows:\n%s%s", args, code, len(rows), out, errOut)
		}
		for _, r := range rows {
			f := strings.Split(r, "\t")
			if len(f) != 7 {
				t.Fatalf("%v: row %q", args, r)
			}
			title := f[6]
			if f[0] != started[title] || f[1] != "Grok Build" || f[4] != logs[title] || f[5] != cwds[title] {
				t.Errorf("%v: row %q; want %s in %s, started %s", args, f, logs[title], cwds[title], started[title])
			}
		}
	}
	code, out, _ := deck(t, "", "search", "--agent", "grok", "--no-index", "RETRY_LIMIT")
	if code != exitOK || !strings.Contains(out, logs["Raise the retry limit to 5"]) {
		t.Errorf("search --agent grok: exit %d\n%s", code, out)
	}
	code, out, _ = deck(t, "", "stats", logs["Raise the retry limit to 5"])
	if code != exitOK || !strings.Contains(out, "17 tool calls") || !strings.Contains(out, "input not recorded") {
		t.Errorf("stats: exit %d\n%s", code, out)
	}
	code, out, _ = deck(t, "", "changes", logs["Raise the retry limit to 5"])
	if code != exitOK || !strings.Contains(out, "config.py") || !strings.Contains(out, "tests/test_config.py") {
		t.Errorf("changes: exit %d\n%s", code, out)
	}
}

// A summary.json is as untrusted as the chat history: its title and
// folder's escape sequences never reach deck ls's output.
func TestAGrokSummaryIsSanitised(t *testing.T) {
	home := emptyHome(t)
	dir := home + "/.grok/sessions/x/s1/"
	catalogtest.CopyBytes(t, []byte(`{"info":{"id":"s1","cwd":"/work/\u001b]0;pwned\u0007\u001b[31mred\u202e"},"session_summary":"ti\u001b[2Jtle\u202e","created_at":"2026-05-04T09:12:03Z"}`), dir+"summary.json", 0)
	catalogtest.CopyFile(t, "golden/testdata/corpus/grok-build/agent-sessions/chat_history.jsonl", dir+"chat_history.jsonl", 1)
	for _, args := range [][]string{{"ls"}, {"ls", "--no-index"}} {
		code, out, _ := deck(t, "", args...)
		if code != exitOK || strings.ContainsAny(out, "\x1b\x07\u202e") || !strings.Contains(out, "/work/") || !strings.Contains(out, "ti") {
			t.Errorf("%v: exit %d: %q", args, code, out)
		}
	}
}
