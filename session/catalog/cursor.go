package catalog

import (
	"path/filepath"
	"strings"
)

// cursorLogs are Cursor CLI's transcripts: each project's
// agent-transcripts/<id>/<id>.jsonl, and the older builds' flat
// agent-transcripts/<id>.jsonl. A subagent's transcript
// (<id>/subagents/) opens with its session and is not listed.
func cursorLogs(dir string, _ Known) []logFile {
	var logs []string
	foldered, _ := filepath.Glob(filepath.Join(dir, "*", "agent-transcripts", "*", "*.jsonl"))
	for _, l := range foldered {
		if strings.TrimSuffix(filepath.Base(l), ".jsonl") == filepath.Base(filepath.Dir(l)) {
			logs = append(logs, l)
		}
	}
	flat, _ := filepath.Glob(filepath.Join(dir, "*", "agent-transcripts", "*.jsonl"))
	return unlooked(append(logs, flat...))
}
