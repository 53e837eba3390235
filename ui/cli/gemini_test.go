package cli

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
)

// deck ls lists Gemini CLI's chats laid out as Gemini CLI lays them out,
// from the index and without it alike: each with its title, its start,
// its folder when Gemini CLI's files say it (none when nothing does) and
// its file; the subagent's chat and a document moved to a log not on
// their own.
func TestListGeminiChats(t *testing.T) {
	home := emptyHome(t)
	logs, cwds := catalogtest.GeminiHome(t, home)
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
			title, cwd := f[6], cwds[f[6]]
			if f[1] != "Gemini CLI" || f[4] != logs[title] || f[5] != cwd || f[0] == "-" {
				t.Errorf("%v: row %q; want %s in %s", args, f, logs[title], cwd)
			}
		}
	}
	code, out, _ := deck(t, "", "search", "--agent", "gemini", "--no-index", "pacman -Ss 1password-cli")
	if code != exitOK || !strings.Contains(out, "session-2025-12-28T04-02-3d0463e2.json") {
		t.Errorf("search --agent gemini: exit %d\n%s", code, out)
	}
}

// A project's folder comes from a file beside the chats, as untrusted as
// the chats: its escape sequences never reach deck ls's output.
func TestAGeminiProjectsFolderIsSanitised(t *testing.T) {
	home := emptyHome(t)
	catalogtest.CopyBytes(t, []byte("/work/\x1b]0;pwned\x07\x1b[31mred\u202e"), home+"/.gemini/tmp/x/.project_root", 0)
	catalogtest.CopyFile(t, "golden/testdata/corpus/gemini-cli/agent-sessions-jsonl_v040.jsonl", home+"/.gemini/tmp/x/chats/session-a.jsonl", 1)
	for _, args := range [][]string{{"ls"}, {"ls", "--no-index"}} {
		code, out, _ := deck(t, "", args...)
		if code != exitOK || strings.ContainsAny(out, "\x1b\x07\u202e") || !strings.Contains(out, "/work/") {
			t.Errorf("%v: exit %d: %q", args, code, out)
		}
	}
}
