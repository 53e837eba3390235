package claude

import (
	"maps"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/regular"
)

// AgentFile is a subagent's own file (<session>/subagents/agent-<id>.jsonl),
// to be read into the card of the Task that started it. Reading it may take
// long: the file may be huge, or on a slow disk. So a decoder told to Defer
// leaves each to its user, who calls Read without holding the session's
// lock and then Show under it; otherwise the decoder reads it at once, the
// same way. Either way the session ends up the same: the file is read by a
// decoder of its own, on a copy of what the session knew of files when the
// Task ended, and changes nothing else the session knows.
type AgentFile struct {
	d     *Decoder // the decoder whose Task it is
	t     *task
	paths []string // where the file may be, the likeliest first
	child *Decoder // reads the file; shares nothing with d

	entries []session.Entry
	found   bool
}

// Read reads the subagent's file, when one of its paths is a file. It
// touches nothing of the session: it may run beside the session's reading.
func (f *AgentFile) Read() {
	for _, p := range f.paths {
		file, _, err := regular.Open(p) // a named pipe or a device would never end
		if err != nil {
			continue
		}
		f.child.path = p
		f.child.readAll(file)
		file.Close()
		f.child.endCalls() // the subagent is done: what still waits never finished
		f.child.Settle()
		f.entries, f.found = f.child.s.Entries, true
		return
	}
}

// Show puts what Read found in the Task's card, in place of the progress
// copies shown until then; when there was no file, they stay. It changes the
// session: call it where the session may change (under its lock).
func (f *AgentFile) Show() {
	if !f.found || f.t.fromFile || f.t.linked {
		return
	}
	t := f.t
	t.call.Nested, t.fromFile, t.child = f.entries, true, nil
	f.d.s.Touch(t.call)
}

// agentFile is the file a Task's subagent may have beside the log, or nil
// when the log is no file, the subagents are nested too deep, or the id is
// not one a file name may hold.
func (d *Decoder) agentFile(t *task) *AgentFile {
	if d.path == "" || d.depth >= maxDepth || !isAgentID(t.agentID) {
		return nil
	}
	child := New(session.NewBuilder(), "")
	child.depth, child.sub = d.depth+1, true
	child.files, child.whole = d.files.Clone(), maps.Clone(d.whole)
	return &AgentFile{d: d, t: t, paths: d.subagentPaths(t.agentID), child: child}
}

// Defer leaves the subagents' files to the decoder's user (TakeFiles),
// rather than reading each when its Task ends.
func (d *Decoder) Defer() { d.deferred = true }

// TakeFiles returns the subagents' files wanted since it was last called,
// for the user of a deferring decoder to Read and Show.
func (d *Decoder) TakeFiles() []*AgentFile {
	out := d.wanted
	d.wanted = nil
	return out
}
