package source

import (
	"path/filepath"

	"github.com/deck-tui/deck/session/internal/regular"
)

// folderLog is the log of another agent's session folder, by the name that
// agent gives it: Grok Build's (~/.grok/sessions/<cwd>/<id>/) holds its
// chat_history.jsonl beside its summary.json, Copilot CLI's
// (session-state/<id>/) its events.jsonl, Cursor CLI's
// (agent-transcripts/<id>/) its <id>.jsonl. ok is false for a folder that
// holds none. What the file is, is told by its content, as any log's.
func folderLog(dir string) (string, bool) {
	chat := filepath.Join(dir, "chat_history.jsonl")
	if isFile(chat) && isFile(filepath.Join(dir, "summary.json")) {
		return chat, true
	}
	for _, name := range []string{"events.jsonl", filepath.Base(dir) + ".jsonl"} {
		if file := filepath.Join(dir, name); isFile(file) {
			return file, true
		}
	}
	return "", false
}

// isFile reports a regular file at path.
func isFile(path string) bool {
	_, err := regular.Check(path)
	return err == nil
}
