// Package catalog finds the sessions on disk of every agent deck reads,
// newest first, and reads each one's title and folder for its row: what
// the picker, `deck ls` and `--last` list.
package catalog

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/deck-tui/deck/session/source"
)

// Root is a folder where one agent keeps its session logs, laid out as
// that agent lays them out (layouts).
type Root struct {
	Agent string // the agent's name, shown on each of its rows
	Dir   string
}

// Agent names, as the picker and `deck ls` show them.
const (
	AgentHarness  = "deepseek-harness"
	AgentClaude   = "Claude Code"
	AgentCodex    = "Codex"
	AgentGemini   = "Gemini CLI"
	AgentOpenCode = "opencode"
)

// layouts list each agent's logs under its folder. The harness's:
// --<normalized-cwd>--/<session-id>/session.jsonl[.zstd]. Claude Code's:
// <project>/<session>.jsonl (subagent transcripts,
// <project>/<session>/subagents/, open with their session, so they are not
// listed on their own). Codex's: YYYY/MM/DD/rollout-*.jsonl. Gemini CLI's:
// <project>/chats/session-*.jsonl, or .json from before its JSON Lines log
// (subagents' chats, chats/<session>/<agent>.jsonl, open with their
// session).
var layouts = map[string]func(dir string) []string{
	AgentHarness:  sessionFolderLogs,
	AgentClaude:   projectLogs,
	AgentCodex:    rolloutLogs,
	AgentGemini:   geminiChats,
	AgentOpenCode: nil, // a store, not files: openCodeSessions
}

// DefaultRoots are the agents' folders, from the environment:
// $DSH_HOME/sessions (~/.dsh/sessions), $CLAUDE_CONFIG_DIR/projects
// (~/.claude/projects), $CODEX_HOME/sessions (~/.codex/sessions),
// $GEMINI_CLI_HOME/.gemini/tmp (~/.gemini/tmp: Gemini CLI's home stands
// in for the user's); opencode's data folder, $XDG_DATA_HOME/opencode
// (~/.local/share/opencode), holding its store opencode.db ($OPENCODE_DB
// names another) and the older storage/ tree.
func DefaultRoots() []Root {
	home, _ := os.UserHomeDir()
	under := func(env, dflt, sub string) string {
		if v := os.Getenv(env); v != "" {
			return filepath.Join(v, sub)
		}
		if home == "" {
			return ""
		}
		return filepath.Join(home, dflt, sub)
	}
	return []Root{
		{AgentHarness, under("DSH_HOME", ".dsh", "sessions")},
		{AgentClaude, under("CLAUDE_CONFIG_DIR", ".claude", "projects")},
		{AgentCodex, under("CODEX_HOME", ".codex", "sessions")},
		{AgentGemini, under("GEMINI_CLI_HOME", ".gemini", "tmp")},
		{AgentOpenCode, openCodeData(home)},
	}
}

// Describe names the folders, with the home folder as ~.
func Describe(roots []Root) string {
	home, _ := os.UserHomeDir()
	var dirs []string
	for _, r := range roots {
		d := r.Dir
		if home != "" && strings.HasPrefix(d, home+string(filepath.Separator)) {
			d = "~" + d[len(home):]
		}
		dirs = append(dirs, d)
	}
	return strings.Join(dirs, ", ")
}

func sessionFolderLogs(dir string) []string {
	var out []string
	folders, _ := filepath.Glob(filepath.Join(dir, "*", "*"))
	for _, f := range folders {
		// a folder whose newest generation cannot be read is listed all the
		// same (Find marks it), never as its older generation
		if log, _ := source.Resolve(f); log != "" && log != f {
			out = append(out, log)
		}
	}
	return out
}

func projectLogs(dir string) []string {
	logs, _ := filepath.Glob(filepath.Join(dir, "*", "*.jsonl"))
	return logs
}

// geminiChats are the chats of every project. A chat Gemini CLI moved from
// its older document to a JSON Lines log (session-….json beside
// session-….jsonl, on resuming it) is listed once, as the log: it holds
// all the document did.
func geminiChats(dir string) []string {
	logs, _ := filepath.Glob(filepath.Join(dir, "*", "chats", "session-*.jsonl"))
	moved := map[string]bool{}
	for _, l := range logs {
		moved[strings.TrimSuffix(l, "l")] = true
	}
	docs, _ := filepath.Glob(filepath.Join(dir, "*", "chats", "session-*.json"))
	for _, d := range docs {
		if !moved[d] {
			logs = append(logs, d)
		}
	}
	return logs
}

// rolloutLogs walks the date folders; Codex nests them three deep, but older
// versions wrote rollouts flat, so any depth is taken.
func rolloutLogs(dir string) []string {
	var out []string
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable folder hides only itself
		}
		name := d.Name()
		if !d.IsDir() && strings.HasPrefix(name, "rollout-") && strings.HasSuffix(name, ".jsonl") {
			out = append(out, path)
		}
		return nil
	})
	return out
}
