package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
)

// deck ls titles a renamed Copilot CLI session by the name its
// workspace.yaml gives it, the name's escapes made harmless, and lists it
// in the folder workspace.yaml says when its log says none.
func TestListCopilotSessionByItsName(t *testing.T) {
	home := emptyHome(t)
	const id = "5d2e8f1a-6b7c-4d9e-8f0a-1b2c3d4e5f60"
	for _, name := range []string{"events.jsonl", "workspace.yaml"} {
		catalogtest.CopyFile(t, "golden/testdata/copilot/.copilot/session-state/"+id+"/"+name, filepath.Join(home, ".copilot", "session-state", id, name), 1)
	}
	for _, args := range [][]string{{"ls"}, {"ls", "--no-index"}} {
		code, out, errOut := deck(t, "", args...)
		f := strings.Split(strings.TrimSuffix(out, "\n"), "\t")
		if code != exitOK || len(f) != 7 || f[5] != "/work/login" || !strings.HasPrefix(f[6], "Flaky login") || strings.ContainsAny(out, "\x1b\x07") {
			t.Errorf("%v: exit %d: %q%s", args, code, out, errOut)
		}
	}
}
