package source

import (
	"path/filepath"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/regular"
	"github.com/deck-tui/deck/session/stats"
)

// A harness session's subagents each keep a session of their own, in a
// folder beside the parent's: <project>/<child id>/session.vN.jsonl (the
// harness's layout, SPEC §2). The header card's catalog says what each
// child's log says (session.SubagentLog): deck reads a child's log when
// it reads its parent's from a file, once the parent's catalog names it.
// A child's own children are not read: a catalog that named its parent
// as its child would never end.

// childLog is a child's log, to be read beside its parent's: a Later.
type childLog struct {
	b   *session.Builder
	id  string
	dir string // the child's session folder

	log   session.SubagentLog
	found bool
}

// Read reads the child's log, when its folder holds one. It touches
// nothing of the parent: it may run beside the parent's reading.
func (c *childLog) Read() {
	file, ok := Pick(c.dir)
	if !ok {
		return
	}
	f, _, err := regular.Open(FileOf(file)) // a named pipe or a device would never end
	if err != nil {
		return
	}
	defer f.Close()
	r := NewReader()
	r.SetName(file) // no path: nothing beside the child is read
	s, _ := read(r, f)
	c.log, c.found = childFacts(stats.Of(s)), true
}

// Show puts what Read found in the parent's catalog. It changes the
// session: call it where the session may change (under its lock).
func (c *childLog) Show() {
	if c.found {
		c.b.SetSubagentLog(c.id, c.log)
	}
}

// childFacts are what the web client's catalog says of a child, from its
// figures: its last turn runs while it has no end; it completed when its
// last turn ended so; its tokens are all it reported; its time is its
// turns' wall time, the one still running up to its latest work.
func childFacts(st stats.Stats) session.SubagentLog {
	var l session.SubagentLog
	if n := len(st.PerTurn); n > 0 {
		last := st.PerTurn[n-1]
		l.Running, l.Completed = last.Reason == "", last.Reason == "completed"
	}
	if v, ok := st.Figures.TotalTokens.Value(); ok {
		l.Tokens = int64(v)
	}
	if v, ok := st.Figures.WallTime.Value(); ok {
		l.Duration = int64(v)
	}
	return l
}

// newChildren are the parts to read for the children the catalog named
// since the last call: each local child's log, in its folder beside the
// parent's. None for a log not read from a file.
func (r *Reader) newChildren() []*childLog {
	all := r.s.Subagents
	if r.path == "" || r.childrenTaken >= len(all) {
		r.childrenTaken = len(all)
		return nil
	}
	project := filepath.Dir(filepath.Dir(r.path))
	var out []*childLog
	for _, a := range all[r.childrenTaken:] {
		if a.External() || !safeFolderName(a.ID) || a.ID == r.s.Header.ID {
			continue
		}
		out = append(out, &childLog{b: r.s, id: a.ID, dir: filepath.Join(project, a.ID)})
	}
	r.childrenTaken = len(all)
	return out
}

// safeFolderName reports an id that names a folder beside the parent's
// and nothing else: no separator, no parent or current folder, no hidden
// name, no control byte, and short. The id comes from the log.
func safeFolderName(id string) bool {
	if id == "" || len(id) > 200 || id[0] == '.' {
		return false
	}
	for _, c := range []byte(id) {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '_', c == '.':
		default:
			return false
		}
	}
	return true
}
