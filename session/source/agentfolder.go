package source

import (
	"path/filepath"

	"github.com/deck-tui/deck/session/internal/regular"
)

// agentFolderLog is the log in another agent's session folder, by the
// name that agent gives it: Copilot CLI's events.jsonl (session-state/<id>/),
// Cursor CLI's <id>.jsonl (agent-transcripts/<id>/); ok is false when the
// folder holds none. What the file is, is told by its
// content, as any log's.
func agentFolderLog(dir string) (string, bool) {
	for _, name := range []string{"events.jsonl", filepath.Base(dir) + ".jsonl"} {
		file := filepath.Join(dir, name)
		if _, err := regular.Check(file); err == nil {
			return file, true
		}
	}
	return "", false
}
