package copilot

import (
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/deck-tui/deck/session/internal/regular"
)

// A session's folder holds workspace.yaml beside its events.jsonl: what
// Copilot CLI lists a session by. Its keys are flat (id, cwd, git_root,
// repository, branch, created_at, updated_at), and the session's name in
// one of two: summary, which releases before 1.0 wrote from the first
// exchange, and name, which newer releases write, /rename too (with
// user_named: true). The event log never says the name.

// maxWorkspaceBytes bounds how much of a workspace.yaml is read: Copilot
// CLI writes a few hundred bytes.
const maxWorkspaceBytes = 1 << 20

// Workspace is what a session's workspace.yaml says of it.
type Workspace struct {
	Name    string `yaml:"name"`    // its name, given by /rename or by the CLI
	Summary string `yaml:"summary"` // its name as older releases wrote it
	Cwd     string `yaml:"cwd"`     // the folder it ran in
}

// Title is the session's own name: name, else summary; "" for none.
func (w Workspace) Title() string {
	if n := strings.TrimSpace(w.Name); n != "" {
		return n
	}
	return strings.TrimSpace(w.Summary)
}

// WorkspaceOf reads the workspace.yaml beside a session's events.jsonl: a
// zero Workspace when the log is no session folder's, or the file is not
// there, not a regular file, or not a YAML mapping deck can read.
func WorkspaceOf(log string) Workspace {
	if filepath.Base(log) != "events.jsonl" {
		return Workspace{} // an older release's flat <id>.jsonl: no folder of its own
	}
	data, err := regular.ReadCapped(filepath.Join(filepath.Dir(log), "workspace.yaml"), maxWorkspaceBytes)
	if err != nil {
		return Workspace{}
	}
	var w Workspace
	if yaml.Unmarshal(data, &w) != nil {
		return Workspace{}
	}
	return w
}
