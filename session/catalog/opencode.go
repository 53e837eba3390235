package catalog

import (
	"os"
	"path/filepath"
	"time"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/regular"
	"github.com/deck-tui/deck/session/opencode"
)

// openCodeData is opencode's data folder: $XDG_DATA_HOME/opencode
// (~/.local/share/opencode).
func openCodeData(home string) string {
	if v := os.Getenv("XDG_DATA_HOME"); v != "" {
		return filepath.Join(v, "opencode")
	}
	if home == "" {
		return ""
	}
	return filepath.Join(home, ".local", "share", "opencode")
}

// openCodeStore is opencode's store: $OPENCODE_DB, else opencode.db in
// its data folder.
func openCodeStore(data string) string {
	if v := os.Getenv("OPENCODE_DB"); v != "" {
		return v
	}
	return filepath.Join(data, "opencode.db")
}

// openCodeFind lists the sessions of opencode's data folder: its store's,
// and those of the older storage tree (storage/session/<project>/ses_….json,
// each read, title and all, by Scan).
func openCodeFind(data string) []Item {
	out := openCodeSessions(openCodeStore(data))
	for _, f := range opencode.LegacySessions(filepath.Join(data, "storage")) {
		if info, err := regular.Check(f); err == nil {
			out = append(out, Item{Agent: AgentOpenCode, Path: f, Size: info.Size(), Mod: info.ModTime(), Live: time.Since(info.ModTime()) < LiveWithin})
		}
	}
	return out
}

// openCodeSessions are the store's sessions, a row each, titled and dated
// by the store itself: opencode's title, or the first words of the
// session's first prompt while opencode has not named it. A subagent's
// session opens with its caller's, so it is not listed on its own.
func openCodeSessions(store string) []Item {
	if _, err := regular.Check(store); err != nil {
		return nil
	}
	infos, err := opencode.Sessions(store)
	if err != nil {
		return nil
	}
	var out []Item
	for _, in := range infos {
		if in.ParentID != "" {
			continue
		}
		title := in.Title
		if opencode.DefaultTitle(title) || title == "" {
			title = session.PromptLine(&session.UserMessage{Role: session.RoleHuman, Content: []session.ContentBlock{{Type: "text", Text: in.FirstPrompt}}})
		}
		mod := time.UnixMilli(in.Updated)
		out = append(out, Item{Agent: AgentOpenCode, Path: store + "#" + in.ID, Title: session.ShortTitle(title), Cwd: in.Directory,
			Started: time.UnixMilli(in.Created), Mod: mod, Live: time.Since(mod) < LiveWithin, Scanned: true})
	}
	return out
}
