package catalog

import (
	"path/filepath"
	"time"

	"github.com/deck-tui/deck/session/grokbuild"
	"github.com/deck-tui/deck/session/internal/regular"
)

// grokSessions are Grok Build's sessions: a folder per working directory
// (its path percent-encoded), a folder per session in it, holding the
// chat history deck reads and the summary.json that says what the session
// is. A subagent's session (or one its summary hides) is part of its
// parent's, shown in the task call that ran it, so it is not listed on its
// own, as Grok Build does not list it.
func grokSessions(dir string, _ Known) []logFile {
	var folders []string
	for _, cwd := range subfolders(dir) {
		folders = append(folders, subfolders(cwd)...)
	}
	logs := make([]logFile, len(folders))
	eachAtOnce(len(folders), func(i int) {
		chat := filepath.Join(folders[i], "chat_history.jsonl")
		info, err := regular.Check(chat)
		if err != nil || grokbuild.SummaryOf(chat).Hidden {
			return
		}
		logs[i] = logFile{path: chat, seen: factsOf(info)}
	})
	out := logs[:0]
	for _, l := range logs {
		if l.path != "" {
			out = append(out, l)
		}
	}
	return out
}

// grokFacts takes a session's title, folder and start from its
// summary.json, and says when its chat history is of a format newer than
// deck reads.
func grokFacts(e *Item) {
	sum := grokbuild.SummaryOf(e.Path)
	if sum.Title != "" {
		e.Title = sum.Title
	}
	if sum.Cwd != "" {
		e.Cwd = sum.Cwd
	}
	if sum.CreatedAt > 0 {
		e.Started = time.UnixMilli(sum.CreatedAt)
	}
	if err := sum.Unsupported(); err != nil {
		e.NotShown = err.Error()
	}
}
