package gemini

import (
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/lines"
	"github.com/deck-tui/deck/session/internal/regular"
)

// A subagent Gemini CLI runs (a call of invoke_agent, or of an agent
// registered as a tool) records its own chat beside the session's, under
// the main session's id: chats/<session id>/<agent id>.jsonl
// (chatRecordingService.ts, initialize; local-executor.ts gives the agent
// its id and the main session's as its parent). The call's record names
// the agent (agentId, since Gemini CLI 0.38): its work is read from that
// file into the call's card, as entries made exactly like the session's
// own. A call that names no agent shows its result alone.

const (
	// maxDepth bounds subagents in subagents: a decoder that deep reads no
	// file.
	maxDepth = 3
	// maxSubagentBytes bounds how much of a subagent's file is read.
	maxSubagentBytes = 64 << 20
)

// AgentFile is a subagent's own chat, to be read into the card of the
// call that ran it. A decoder told to Defer leaves each to its user, who
// calls Read without holding the session's lock and then Show under it;
// otherwise the decoder reads it at once, the same way.
type AgentFile struct {
	d     *Decoder
	call  *session.ToolCall
	paths []string // where the file may be, the likeliest first
	child *Decoder // reads the file; shares nothing with d

	entries []session.Entry
	found   bool
}

// subagent looks for the work of the agent a call ran.
func (d *Decoder) subagent(c *session.ToolCall, agentID string) {
	safe := sanitize(agentID)
	if d.path == "" || d.depth >= maxDepth || safe == "" {
		return
	}
	child := New(session.NewBuilder(), "")
	child.depth, child.sub = d.depth+1, true
	child.files, child.whole = d.files.Clone(), maps.Clone(d.whole)
	f := &AgentFile{d: d, call: c, paths: d.subagentPaths(safe), child: child}
	if d.deferred {
		d.wanted = append(d.wanted, f)
		return
	}
	f.Read()
	if f.found {
		c.Nested = f.entries // the call is not shown yet: nothing to touch
	}
}

// subagentPaths are where an agent's chat may be: in the folder named by
// the main session's id beside this chat; beside this chat when it is
// itself a subagent's (they share the main session's folder).
func (d *Decoder) subagentPaths(agent string) []string {
	dir := filepath.Dir(d.path)
	var out []string
	if sid := sanitize(d.s.Header.ID); sid != "" && filepath.Base(dir) != sid {
		out = append(out, filepath.Join(dir, sid, agent+".jsonl"), filepath.Join(dir, sid, agent+".json"))
	}
	if filepath.Base(dir) != "chats" {
		out = append(out, filepath.Join(dir, agent+".jsonl"), filepath.Join(dir, agent+".json"))
	}
	return out
}

// sanitize is a name as Gemini CLI makes it safe for a file's
// (sanitizeFilenamePart): every character but ASCII letters, digits, _ and
// - becomes _. A name of more than 128 is none.
func sanitize(id string) string {
	if len(id) > 128 {
		return ""
	}
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' {
			return r
		}
		return '_'
	}, id)
}

// Read reads the subagent's chat, when one of its paths is a file. It
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
		f.child.Finish()
		f.child.s.Finish() // the subagent is done: what still waits never finished
		f.entries, f.found = f.child.s.Entries, true
		return
	}
}

// Show puts what Read found in the call's card. It changes the session:
// call it where the session may change (under its lock).
func (f *AgentFile) Show() {
	if !f.found {
		return
	}
	f.call.Nested = f.entries
	f.d.s.Touch(f.call)
}

// Defer leaves the subagents' files to the decoder's user (TakeFiles),
// rather than reading each when its call is read.
func (d *Decoder) Defer() { d.deferred = true }

// TakeFiles returns the subagents' files wanted since it was last called,
// for the user of a deferring decoder to Read and Show.
func (d *Decoder) TakeFiles() []*AgentFile {
	out := d.wanted
	d.wanted = nil
	return out
}

// readAll reads a whole subagent file, at most maxSubagentBytes of it.
func (d *Decoder) readAll(rd io.Reader) {
	var split lines.Splitter
	limited := &io.LimitedReader{R: rd, N: maxSubagentBytes}
	buf := make([]byte, 256<<10)
	for {
		n, err := limited.Read(buf)
		split.Feed(buf[:n], d.Apply)
		if err != nil {
			break
		}
	}
	if limited.N == 0 {
		if more, _ := rd.Read(buf[:1]); more > 0 {
			d.s.Notice(0, fmt.Sprintf("the subagent's chat is larger than %d MB; only its start is shown", maxSubagentBytes>>20))
			return
		}
	}
	split.Flush(d.Apply)
}
