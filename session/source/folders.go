package source

import (
	"path/filepath"

	"github.com/deck-tui/deck/session/internal/regular"
)

// folderLog is the log of another agent's session folder, told by what is
// in it: Grok Build's (~/.grok/sessions/<cwd>/<id>/) holds its
// chat_history.jsonl beside its summary.json. ok is false for a folder
// that holds none.
func folderLog(dir string) (string, bool) {
	chat := filepath.Join(dir, "chat_history.jsonl")
	if _, err := regular.Check(chat); err != nil {
		return "", false
	}
	if _, err := regular.Check(filepath.Join(dir, "summary.json")); err != nil {
		return "", false
	}
	return chat, true
}
