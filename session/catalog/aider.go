package catalog

import (
	"os"
	"path/filepath"

	"github.com/deck-tui/deck/session/internal/regular"
)

// Aider keeps no home folder of sessions: its chat history is a file in
// each project, .aider.chat.history.md at the root of the project's git
// repository (or in the folder Aider ran in, outside one), or the file
// $AIDER_CHAT_HISTORY_FILE names (Aider's --chat-history-file). deck
// lists the one of the project it runs in, as Aider itself finds it: the
// repository the working directory is in. Any other is opened by its path
// (deck PATH).

// aiderHistoryName is the name Aider gives its chat history.
const aiderHistoryName = ".aider.chat.history.md"

// aiderRoot is the chat history deck lists: $AIDER_CHAT_HISTORY_FILE's,
// else the working directory's repository's; ok is false when there is
// none, so that no folder without one is named among the agents'.
func aiderRoot() (string, bool) {
	if f := os.Getenv("AIDER_CHAT_HISTORY_FILE"); f != "" {
		return f, true
	}
	cwd, err := os.Getwd()
	if err != nil {
		return "", false
	}
	file := filepath.Join(repoRoot(cwd), aiderHistoryName)
	if _, err := regular.Check(file); err != nil {
		return "", false
	}
	return file, true
}

// repoRoot is the root of the git repository dir is in (the folder that
// holds .git, a folder or a worktree's file), else dir itself, as Aider
// finds it.
func repoRoot(dir string) string {
	for d := dir; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		up := filepath.Dir(d)
		if up == d {
			return dir
		}
		d = up
	}
}

// aiderHistory lists the chat history a root names, when it is a file.
func aiderHistory(file string, _ Known) []logFile {
	info, err := regular.Check(file)
	if err != nil {
		return nil
	}
	return []logFile{{path: file, seen: factsOf(info)}}
}
