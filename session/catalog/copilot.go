package catalog

import (
	"path/filepath"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/copilot"
)

// copilotLogs are Copilot CLI's sessions: <id>/events.jsonl, one folder a
// session (workspace.yaml and the session's other files beside the log),
// and the older releases' flat <id>.jsonl, listed once when a folder of
// the same id holds its log now.
func copilotLogs(dir string, _ Known) []logFile {
	logs, _ := filepath.Glob(filepath.Join(dir, "*", "events.jsonl"))
	foldered := map[string]bool{}
	for _, l := range logs {
		foldered[filepath.Base(filepath.Dir(l))] = true
	}
	flat, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	for _, f := range flat {
		if !foldered[strings.TrimSuffix(filepath.Base(f), ".jsonl")] {
			logs = append(logs, f)
		}
	}
	return unlooked(logs)
}

// copilotFacts takes a session's name and folder from the workspace.yaml
// beside its log, as the viewer does: its name titles it, and its folder
// stands when the log says none.
func copilotFacts(e *Item) {
	w := copilot.WorkspaceOf(e.Path)
	if t := w.Title(); t != "" {
		e.Title = session.ShortTitle(t)
	}
	if e.Cwd == "" {
		e.Cwd = w.Cwd
	}
}
