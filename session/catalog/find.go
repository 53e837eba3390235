package catalog

import (
	"cmp"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/deck-tui/deck/session/cursor"
	"github.com/deck-tui/deck/session/gemini"
	"github.com/deck-tui/deck/session/internal/regular"
	"github.com/deck-tui/deck/session/source"
)

// LiveWithin is how recently a log must have changed to count as still being
// written: deck follows such a log by default.
const LiveWithin = 2 * time.Minute

// Live reports a log (or a session folder's log) that changed within
// LiveWithin: probably still being written, so deck follows it by default.
func Live(path string) bool {
	file, err := source.Resolve(path)
	if err != nil {
		return false
	}
	info, err := os.Stat(file)
	return err == nil && time.Since(info.ModTime()) < LiveWithin
}

// Item is one session on disk, as the picker lists it.
type Item struct {
	Agent   string // whose session: AgentHarness, AgentClaude, AgentCodex, AgentGemini, AgentOpenCode, AgentGrok, AgentAider, AgentCrush, AgentPi
	ID      string // a harness host's session (deck attach), instead of a file
	Path    string // the log file
	Title   string
	Cwd     string
	Started time.Time
	Size    int64
	Mod     time.Time
	Live    bool   // changed within LiveWithin: probably still being written
	Scanned bool   // title and cwd were read from the log
	Inode   uint64 // the log's, as Find saw it (0 where the system has none): a file replaced is another
	// FolderMod is a harness session folder's mtime (ns) when Find listed
	// it, if its names alone picked the log (source.Log.Alone); 0 for any
	// other log. While the folder's mtime stays so, so does its pick
	// (FindKnown).
	FolderMod int64
	// NotShown, once scanned, says why the log is not shown as understood
	// or current (a format newer than deck reads); "" for a log deck reads.
	NotShown string
	// Unreadable says why the log cannot be read at all: a harness
	// folder's newest generation that is a dangling link or a folder,
	// which the harness does not fall back from, nor does deck.
	Unreadable string
	// Migrates, of a host's session, says the host keeps it in an older
	// format, which it migrates when the session is next written (its
	// list's formatStatus, migration-required).
	Migrates bool
}

// Opens is the path to open for the session: its log, or, for a log that
// cannot be read, its folder, whose opening says why (source.Resolve), as
// deck PATH on the folder does.
func (e Item) Opens() string {
	if e.Unreadable != "" {
		return filepath.Dir(e.Path)
	}
	return e.Path
}

// Stored reports a row of an agent's store (opencode's, Crush's): read
// from the store as it is listed, and dated by the time the store says
// the session changed, not by its file's, which every session of the
// store shares.
func (e Item) Stored() bool { return e.Agent == AgentOpenCode || e.Agent == AgentCrush }

// unreadable is the row of a log that cannot be read, dated by the link
// or folder that stands in its name.
func unreadable(agent, log string, why error) Item {
	e := Item{Agent: agent, Path: log, Unreadable: why.Error(), Scanned: true}
	if info, err := os.Lstat(log); err == nil {
		e.Mod = info.ModTime()
	}
	return e
}

// Find lists the sessions under the roots, newest first. Titles
// are not read yet: Scan does that.
func Find(roots []Root) []Item { return FindKnown(roots, nil) }

// FindKnown is Find told what an earlier listing found (nil: nothing), so
// that a harness session folder not changed since is not listed again.
// The roots are listed at once: each one's folders are read while
// another's logs are looked at.
func FindKnown(roots []Root, known Known) []Item {
	lists := make([]rootList, len(roots))
	var wg sync.WaitGroup
	for i, r := range roots {
		wg.Go(func() { lists[i] = listIn(r, known) })
	}
	wg.Wait()
	n := 0
	for _, l := range lists {
		n += len(l.stored) + len(l.logs)
	}
	out := make([]Item, 0, n) // the one list of rows, of its size: rows are large, and a home has thousands
	for _, l := range lists {
		out = append(out, l.stored...)
		at := len(out)
		out = out[:at+len(l.logs)]
		eachAtOnce(len(l.logs), func(i int) { out[at+i] = found(l.agent, l.logs[i]) })
	}
	kept := out[:0]
	for i := range out {
		if out[i].Path != "" {
			kept = append(kept, out[i])
		}
	}
	clear(out[len(kept):]) // the rows of logs gone: not kept alive by the list's end
	NewestFirst(kept)
	return kept
}

// rootList is what one root holds: its agent's logs, or the sessions of
// its store (a row a session, not a file: listed whole).
type rootList struct {
	agent  string
	logs   []logFile
	stored []Item
}

// listIn lists one root.
func listIn(r Root, known Known) rootList {
	if find := storeFinds[r.Agent]; find != nil {
		if r.Dir == "" {
			return rootList{}
		}
		return rootList{stored: find(r.Dir)}
	}
	list := layouts[r.Agent]
	if r.Dir == "" || list == nil {
		return rootList{} // no folder, or an agent deck does not read
	}
	return rootList{agent: r.Agent, logs: list(r.Dir, known)}
}

// NewestFirst orders items as the lists show them: the log changed last
// first, and of one time by path (a path is listed once: the order is
// whole). A home's thousands of rows are large: their keys are sorted,
// and each row then moved once to its place.
func NewestFirst(items []Item) {
	type key struct {
		sec  int64
		nsec int32
		at   int32 // the row's index in items
	}
	keys := make([]key, len(items))
	for i := range items {
		keys[i] = key{items[i].Mod.Unix(), int32(items[i].Mod.Nanosecond()), int32(i)}
	}
	slices.SortFunc(keys, func(a, b key) int {
		if c := cmp.Compare(b.sec, a.sec); c != 0 {
			return c
		}
		if c := cmp.Compare(b.nsec, a.nsec); c != 0 {
			return c
		}
		return strings.Compare(items[a.at].Path, items[b.at].Path)
	})
	// keys[i].at is the row that goes to i: each cycle of such moves is
	// followed, with its first row held aside
	for i := range keys {
		if int(keys[i].at) == i {
			continue
		}
		held, to := items[i], i
		for {
			from := int(keys[to].at)
			keys[to].at = int32(to)
			if from == i {
				items[to] = held
				break
			}
			items[to] = items[from]
			to = from
		}
	}
}

// found is a listed log's row, or none (no Path) when it is gone since
// it was listed or is no log file.
func found(agent string, log logFile) Item {
	if log.unreadable != nil {
		return unreadable(agent, log.path, log.unreadable)
	}
	seen := log.seen
	if !seen.looked {
		info, err := regular.Check(log.path) // a named pipe or a device would never end, or wait forever
		if err != nil {
			return Item{}
		}
		seen = factsOf(info)
	}
	if !seen.regular {
		return Item{}
	}
	return Item{Agent: agent, Path: log.path, Size: seen.size, Mod: seen.mod, Live: time.Since(seen.mod) < LiveWithin, Inode: seen.inode, FolderMod: log.folderMod}
}

// scanLimit is how much of a log Scan reads for its title: the harness
// names a session in its first turn, and the other agents' first prompt is
// near the start.
const scanLimit = 4 << 20

// Scan reads a session's header and title from the start of its log.
func Scan(e Item) Item {
	if e.Unreadable != "" || e.Scanned {
		return e // nothing to read; a store's rows are read as it is listed
	}
	if e.Agent == AgentOpenCode { // a session's file of the older tree: its title may be its first prompt, in another file
		return scanWhole(e)
	}
	f, _, err := regular.Open(e.Path) // it may have been swapped since Find looked
	if err != nil {
		e.Scanned = true
		return e
	}
	defer f.Close()
	// Not told its path: a title needs none of what lies beside a log
	// (Claude Code's subagent files, megabytes each).
	s := source.ReadHead(io.LimitReader(f, scanLimit), e.Path)
	if s.Header.Unsupported != nil {
		e.NotShown = s.Header.Unsupported.Error()
		s = s.HeaderOnly() // titled by its header, not by a body deck does not read
	}
	// the session's own title rule, the one the viewer shows
	e.Title, e.Cwd, e.Scanned = s.Title, s.Header.Cwd, true
	if e.Cwd == "" && e.Agent == AgentGemini { // its chats say none: its project's folder does
		e.Cwd = gemini.ProjectRoot(e.Path)
	}
	if e.Agent == AgentGrok { // its chat history says none of these: its summary.json does
		grokFacts(&e)
	}
	if e.Agent == AgentCopilot { // its log never says its name: its workspace.yaml does
		copilotFacts(&e)
	}
	if e.Agent == AgentAider { // a chat history lives at its project's root
		e.Cwd = filepath.Dir(e.Path)
	}
	if e.Cwd == "" && e.Agent == AgentCursor { // its transcripts say none: its project's folder's name does
		e.Cwd = cursor.ProjectRoot(e.Path)
	}
	if s.Header.CreatedAt > 0 {
		e.Started = time.UnixMilli(s.Header.CreatedAt)
	}
	return e
}

// scanWhole titles a session read whole, as deck PATH reads it.
func scanWhole(e Item) Item {
	e.Scanned = true
	s, err := source.Open(e.Path)
	if err != nil || s == nil {
		return e
	}
	e.Title, e.Cwd = s.Title, s.Header.Cwd
	if s.Header.CreatedAt > 0 {
		e.Started = time.UnixMilli(s.Header.CreatedAt)
	}
	return e
}

// ScanAll reads every session's title, several at a time.
func ScanAll(sessions []Item) []Item {
	out := make([]Item, len(sessions))
	eachAtOnce(len(sessions), func(i int) { out[i] = Scan(sessions[i]) })
	return out
}
