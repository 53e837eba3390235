package claude

import (
	"io"
	"maps"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/subagentfile"
)

// A subagent's own file (<session>/subagents/agent-<id>.jsonl) is read
// into the card of the Task that started it (subagentfile.File): by a
// decoder of its own, on a copy of what the session knew of files when
// the Task ended, changing nothing else the session knows. A decoder told
// to Defer leaves each to its user (subagentfile.Queue).

// agentFile is the file a Task's subagent may have beside the log, or nil
// when the log is no file, the subagents are nested too deep, or the id is
// not one a file name may hold.
func (d *Decoder) agentFile(t *task) *subagentfile.File {
	if d.path == "" || d.depth >= maxDepth || !isAgentID(t.agentID) {
		return nil
	}
	child := New(session.NewBuilder(), "")
	child.depth, child.sub = d.depth+1, true
	child.files, child.whole = d.files.Clone(), maps.Clone(d.whole)
	return subagentfile.New(d.subagentPaths(t.agentID), child.readTranscript, func(entries []session.Entry) { d.showFile(t, entries) })
}

// readTranscript reads a subagent's whole file from rd, the file at
// path, and returns its entries.
func (d *Decoder) readTranscript(path string, rd io.Reader) []session.Entry {
	d.path = path
	subagentfile.Lines(rd, d.Apply, d.s, "transcript")
	d.endCalls() // the subagent is done: what still waits never finished
	d.Settle()
	return d.s.Entries
}

// showFile puts what was read of a Task's file in its card, in place of
// the progress copies shown until then; when there was no file, they stay.
func (d *Decoder) showFile(t *task, entries []session.Entry) {
	if t.fromFile || t.linked {
		return
	}
	t.call.Nested, t.fromFile, t.child = entries, true, nil
	d.s.Touch(t.call)
}
