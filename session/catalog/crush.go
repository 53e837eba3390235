package catalog

import (
	"os"
	"path/filepath"
	"time"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/crush"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/internal/regular"
)

// crushData is Crush's data folder, where projects.json lists the
// projects Crush ran in: $CRUSH_GLOBAL_DATA, else $XDG_DATA_HOME/crush
// (~/.local/share/crush).
func crushData(home string) string {
	if v := os.Getenv("CRUSH_GLOBAL_DATA"); v != "" {
		return v
	}
	if v := os.Getenv("XDG_DATA_HOME"); v != "" {
		return filepath.Join(v, "crush")
	}
	if home == "" {
		return ""
	}
	return filepath.Join(home, ".local", "share", "crush")
}

// maxProjects bounds how much of projects.json is read: Crush writes a
// few hundred bytes a project.
const maxProjects = 4 << 20

// crushProject is a project of projects.json: its folder, and the folder
// that holds its store (<project>/.crush unless configured).
type crushProject struct {
	Path    string `json:"path"`
	DataDir string `json:"data_dir"`
}

// crushFind lists the sessions of every project projects.json names, each
// project's store (<data_dir>/crush.db) read as it is listed; a store two
// projects share is listed once.
func crushFind(data string) []Item {
	var list struct {
		Projects []crushProject `json:"projects"`
	}
	b, err := regular.ReadCapped(filepath.Join(data, "projects.json"), maxProjects)
	if err != nil || jsonline.Unmarshal(b, &list) != nil {
		return nil
	}
	var out []Item
	seen := map[string]bool{}
	for _, p := range list.Projects {
		dir := p.DataDir
		if dir == "" || !filepath.IsAbs(dir) {
			dir = filepath.Join(p.Path, dir) // relative: to the project, as Crush resolves it
		}
		store := filepath.Join(dir, "crush.db")
		if !filepath.IsAbs(store) || seen[store] {
			continue
		}
		seen[store] = true
		out = append(out, crushSessions(store, p.Path)...)
	}
	return out
}

// crushSessions are a store's sessions, a row each, titled and dated by
// the store itself: Crush's title, or the first words of the session's
// first prompt while Crush has not named it; in the project's folder. A
// subagent's session opens with its caller's, and a title's is Crush's
// own work: neither is listed on its own.
func crushSessions(store, project string) []Item {
	if _, err := regular.Check(store); err != nil {
		return nil
	}
	infos, err := crush.Sessions(store)
	if err != nil {
		return nil
	}
	var out []Item
	for _, in := range infos {
		if in.ParentID != "" {
			continue
		}
		title := in.Title
		if crush.DefaultTitle(title) {
			title = session.PromptLine(&session.UserMessage{Role: session.RoleHuman, Content: []session.ContentBlock{{Type: "text", Text: in.FirstPrompt}}})
		}
		mod := time.UnixMilli(in.Updated)
		out = append(out, Item{Agent: AgentCrush, Path: store + "#" + in.ID, Title: session.ShortTitle(title), Cwd: project, Size: in.Size,
			Started: time.UnixMilli(in.Created), Mod: mod, Live: time.Since(mod) < LiveWithin, Scanned: true})
	}
	return out
}
