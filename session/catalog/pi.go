package catalog

import (
	"os"
	"path/filepath"
	"strings"
)

// piSessionsDir is where pi keeps its sessions: the sessions folder of
// its agent folder, $PI_CODING_AGENT_DIR (~ for the home folder, as pi
// reads it) or ~/.pi/agent.
func piSessionsDir(home string) string {
	dir := os.Getenv("PI_CODING_AGENT_DIR")
	switch {
	case dir == "~" || strings.HasPrefix(dir, "~/"):
		if home == "" {
			return ""
		}
		dir = home + dir[1:]
	case dir == "" && home == "":
		return ""
	case dir == "":
		dir = filepath.Join(home, ".pi", "agent")
	}
	return filepath.Join(dir, "sessions")
}

// piSessions are the sessions of every folder pi ran in
// (--<cwd>--/<time>_<id>.jsonl); a session pi forked into a file of its
// own is one of them.
func piSessions(dir string, _ Known) []logFile {
	logs, _ := filepath.Glob(filepath.Join(dir, "*", "*.jsonl"))
	return unlooked(logs)
}
