package gemini

import (
	"io"
	"maps"
	"path/filepath"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/subagentfile"
)

// A subagent Gemini CLI runs (a call of invoke_agent, or of an agent
// registered as a tool) records its own chat beside the session's, under
// the main session's id: chats/<session id>/<agent id>.jsonl
// (chatRecordingService.ts, initialize; local-executor.ts gives the agent
// its id and the main session's as its parent). The call's record names
// the agent (agentId, since Gemini CLI 0.38): its work is read from that
// file into the call's card, as entries made exactly like the session's
// own. A call that names no agent shows its result alone.

// subagent looks for the work of the agent a call ran: its chat, read
// by a decoder of its own on a copy of what the session knew of files.
func (d *Decoder) subagent(c *session.ToolCall, agentID string) {
	safe := sanitize(agentID)
	if d.path == "" || d.depth >= subagentfile.MaxDepth || safe == "" {
		return
	}
	child := New(session.NewBuilder(), "")
	child.depth, child.sub = d.depth+1, true
	child.files, child.whole = d.files.Clone(), maps.Clone(d.whole)
	f := subagentfile.New(d.subagentPaths(safe), child.readChat, subagentfile.Nested(d.s, c))
	if !d.Leave(f) {
		f.ReadInto(c) // the call is not shown yet: nothing to touch
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

// readChat reads a subagent's whole chat from rd, the file at path, and
// returns its entries.
func (d *Decoder) readChat(path string, rd io.Reader) []session.Entry {
	d.path = path
	subagentfile.Lines(rd, d.Apply, d.s, "chat")
	d.Finish()
	d.s.Finish() // the subagent is done: what still waits never finished
	return d.s.Entries
}
