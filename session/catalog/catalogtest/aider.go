package catalogtest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// AiderProject lays out a project as Aider leaves it: a git repository
// (a .git folder) under dir with the corpus's chat history at its root,
// .aider.chat.history.md, and a folder inside it; it returns the history
// and that folder, where a test may run deck from.
func AiderProject(t *testing.T, dir string) (history, inside string) {
	t.Helper()
	project := filepath.Join(dir, "Simple-Calculator")
	history = filepath.Join(project, ".aider.chat.history.md")
	inside = filepath.Join(project, "src", "components")
	CopyFile(t, sessiontest.Testdata+"/corpus/aider/simple-calculator.aider.chat.history.md", history, 1)
	for _, d := range []string{filepath.Join(project, ".git"), inside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return history, inside
}
