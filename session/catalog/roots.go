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
// that agent lays them out (layouts); Aider's is its one chat history.
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
	AgentGrok     = "Grok Build"
	AgentAider    = "Aider"
	AgentCrush    = "Crush"
	AgentPi       = "pi"
	AgentCopilot  = "Copilot CLI"
	AgentCursor   = "Cursor CLI"
)

// layouts list each agent's logs under its folder. The harness's:
// --<normalized-cwd>--/<session-id>/session.jsonl[.zstd]. Claude Code's:
// <project>/<session>.jsonl (subagent transcripts,
// <project>/<session>/subagents/, open with their session, so they are not
// listed on their own). Codex's: YYYY/MM/DD/rollout-*.jsonl. Gemini CLI's:
// <project>/chats/session-*.jsonl, or .json from before its JSON Lines log
// (subagents' chats, chats/<session>/<agent>.jsonl, open with their
// session). pi's: --<cwd>--/<time>_<id>.jsonl.
var layouts = map[string]func(dir string, known Known) []logFile{
	AgentHarness:  sessionFolderLogs,
	AgentClaude:   projectLogs,
	AgentCodex:    rolloutLogs,
	AgentGemini:   geminiChats,
	AgentOpenCode: nil, // a store, not files: storeFinds
	AgentGrok:     grokSessions,
	AgentAider:    aiderHistory, // a root names its file (aider.go)
	AgentPi:       piSessions,
	AgentCopilot:  copilotLogs,
	AgentCursor:   cursorLogs,
}

// storeFinds list the sessions of the agents that keep them in a store,
// not a file each: a row a session, read as it is listed. opencode's data
// folder holds its store (and its older tree of files); Crush's names its
// projects, each with its own store.
var storeFinds = map[string]func(dir string) []Item{
	AgentOpenCode: openCodeFind,
	AgentCrush:    crushFind,
}

// logFile is a log a layout lists: its path, and what it is when the
// layout looked at it already (not seen.looked: Find looks).
type logFile struct {
	path string
	seen facts
	// unreadable says why a harness folder's newest generation cannot be
	// read (source.UnreadableError)
	unreadable error
	folderMod  int64 // Item.FolderMod
}

// Known is what an earlier listing found in a harness session folder: the
// log it took, and the folder's mtime then (Item.FolderMod); ok is false
// for a folder it did not list, or whose names alone did not pick its log.
type Known func(folder string) (log string, folderMod int64, ok bool)

// DefaultRoots are the agents' folders, from the environment:
// $DSH_HOME/sessions (~/.dsh/sessions), $CLAUDE_CONFIG_DIR/projects
// (~/.claude/projects), $CODEX_HOME/sessions (~/.codex/sessions),
// $GEMINI_CLI_HOME/.gemini/tmp (~/.gemini/tmp: Gemini CLI's home stands
// in for the user's); opencode's data folder, $XDG_DATA_HOME/opencode
// (~/.local/share/opencode), holding its store opencode.db ($OPENCODE_DB
// names another) and the older storage/ tree; Grok Build's
// $GROK_HOME/sessions (~/.grok/sessions); Crush's data folder,
// $CRUSH_GLOBAL_DATA or $XDG_DATA_HOME/crush (~/.local/share/crush),
// whose projects.json names each project's store; pi's,
// $PI_CODING_AGENT_DIR/sessions (~/.pi/agent/sessions); and Aider's chat
// history of the repository deck runs in, when it has one (aider.go);
// $COPILOT_HOME/session-state (~/.copilot/session-state); ~/.cursor/projects.
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
	roots := []Root{
		{AgentHarness, under("DSH_HOME", ".dsh", "sessions")},
		{AgentClaude, under("CLAUDE_CONFIG_DIR", ".claude", "projects")},
		{AgentCodex, under("CODEX_HOME", ".codex", "sessions")},
		{AgentGemini, under("GEMINI_CLI_HOME", ".gemini", "tmp")},
		{AgentOpenCode, openCodeData(home)},
		{AgentGrok, under("GROK_HOME", ".grok", "sessions")},
		{AgentCrush, crushData(home)},
		{AgentPi, piSessionsDir(home)},
		{AgentCopilot, under("COPILOT_HOME", ".copilot", "session-state")},
		{AgentCursor, under("", ".cursor", "projects")},
	}
	if file, ok := aiderRoot(); ok {
		roots = append(roots, Root{AgentAider, file})
	}
	return roots
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

// sessionFolderLogs lists the session folders two levels down and takes
// each one's newest generation (source.Newest), looked at once: a home of
// thousands of sessions is listed in a few system calls each. A folder
// whose mtime is what known says it was, whose names are then as they
// were, is not listed again: its log is looked at, two calls in all, each
// by a name relative to its project's folder, opened once.
func sessionFolderLogs(dir string, known Known) []logFile {
	var folders []named
	var paths []string
	for _, cwd := range subfolders(dir) {
		sessions := subfolders(cwd)
		if len(sessions) == 0 {
			continue
		}
		parent := openFolder(cwd)
		defer parent.close()
		for _, s := range sessions {
			folders = append(folders, named{&parent, s[len(cwd)+1:]}) // its name: subfolders joined it to cwd
		}
		paths = append(paths, sessions...)
	}
	logs := make([]logFile, len(folders))
	eachAtOnce(len(folders), func(i int) { logs[i] = folderLog(folders[i], paths[i], known) })
	out := logs[:0]
	for _, l := range logs {
		if l.path != "" {
			out = append(out, l)
		}
	}
	return out
}

// folderLog is the log of one session folder, f, whose path is folder.
func folderLog(f named, folder string, known Known) logFile {
	st, err := f.dir.stat(f.name) // before the listing: a name made after it changes the mtime seen next time
	if err != nil {
		return logFile{}
	}
	mod := st.mod.UnixNano()
	if known != nil {
		if log, was, ok := known(folder); ok && was == mod {
			var seen facts
			if len(log) > len(folder) && log[len(folder)] == filepath.Separator && strings.HasPrefix(log, folder) {
				// as it always is: the log's path from its project's
				// folder is the end of its path, the folder's name on
				seen, err = f.dir.stat(log[len(folder)-len(f.name):])
			} else {
				seen, err = statPath(log)
			}
			if err == nil && seen.regular {
				return logFile{path: log, seen: seen, folderMod: mod}
			}
		}
	}
	// a folder whose newest generation cannot be read is listed all the
	// same (Find marks it), never as its older generation
	l := source.Newest(folder)
	lf := logFile{path: l.File, unreadable: l.Err}
	if l.Info != nil {
		lf.seen = factsOf(l.Info)
	}
	if l.Alone && l.Err == nil {
		lf.folderMod = mod
	}
	return lf
}

// subfolders are the folders in dir (a link to one too), in name order;
// an unreadable dir has none. The kind of each entry comes with the
// listing, so only a link is looked at, and nothing that is no folder is
// ever opened (a named pipe would not return).
func subfolders(dir string) []string {
	entries, _ := os.ReadDir(dir)
	var out []string
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		switch {
		case e.IsDir():
		case e.Type()&fs.ModeSymlink != 0:
			if info, err := os.Stat(path); err != nil || !info.IsDir() {
				continue
			}
		default:
			continue
		}
		out = append(out, path)
	}
	return out
}

func projectLogs(dir string, _ Known) []logFile {
	return lookAll(subfolders(dir), func(name string) bool { return strings.HasSuffix(name, ".jsonl") })
}

// unlooked are logs no layout has looked at.
func unlooked(paths []string) []logFile {
	out := make([]logFile, len(paths))
	for i, p := range paths {
		out[i] = logFile{path: p}
	}
	return out
}

// geminiChats are the chats of every project. A chat Gemini CLI moved from
// its older document to a JSON Lines log (session-….json beside
// session-….jsonl, on resuming it) is listed once, as the log: it holds
// all the document did.
func geminiChats(dir string, _ Known) []logFile {
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
	return unlooked(logs)
}

// rolloutLogs walks the date folders; Codex nests them three deep, but older
// versions wrote rollouts flat, so any depth is taken.
func rolloutLogs(dir string, _ Known) []logFile {
	var folders []string
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			folders = append(folders, path)
		}
		return nil // an unreadable folder hides only itself
	})
	return lookAll(folders, func(name string) bool {
		return strings.HasPrefix(name, "rollout-") && strings.HasSuffix(name, ".jsonl")
	})
}
