package grokbuild

import (
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/internal/regular"
	"github.com/deck-tui/deck/session/internal/subagentfile"
)

// A subagent Grok Build runs (a task call) is a session of its own, in
// the sessions tree beside its parent's (agent/subagent/mod.rs): its id
// is the subagent's, which the task's result names ("subagent_id: …",
// format_resume_footer and format_subagent_started_background), in the
// folder of its working directory, the parent's unless the parent's
// subagents/<id>/meta.json says another (child_cwd). Its work is read
// from its chat history into the call's card, entries made exactly as
// the session's own.

// subagentID finds the id a task's result names.
var subagentID = regexp.MustCompile(`(?m)^subagent_id: (\S+)$`)

// safeID is an id that names a folder and nothing else: no separator, no
// dot, not too long.
var safeID = regexp.MustCompile(`^[A-Za-z0-9_-]{1,128}$`)

// subagent looks for the work of the subagent a task call ran: its chat
// history, read by a decoder of its own on a copy of what the session
// knew of files.
func (d *Decoder) subagent(c *session.ToolCall, result string) {
	m := subagentID.FindStringSubmatch(result)
	if m == nil || !safeID.MatchString(m[1]) || d.path == "" || d.depth >= subagentfile.MaxDepth {
		return
	}
	child := New(session.NewBuilder(), "")
	child.depth, child.sub = d.depth+1, true
	child.files = d.files.Clone()
	f := subagentfile.New(d.subagentPaths(m[1]), child.readChatHistory, subagentfile.Nested(d.s, c))
	if !d.Leave(f) {
		f.ReadInto(c) // the result is not shown yet: nothing to touch
	}
}

// subagentPaths are where a subagent's chat history may be: beside this
// session's folder (the same working directory), and in the folder of the
// working directory the parent's meta.json names for it.
func (d *Decoder) subagentPaths(id string) []string {
	folder := filepath.Dir(d.path)
	out := []string{filepath.Join(filepath.Dir(folder), id, chatHistory)}
	if cwd := childCwd(filepath.Join(folder, "subagents", id, "meta.json")); cwd != "" && d.root != "" {
		if p := filepath.Join(d.root, EncodeCwd(cwd), id, chatHistory); p != out[0] {
			out = append(out, p)
		}
	}
	return out
}

// chatHistory is the name of a session's chat history in its folder.
const chatHistory = "chat_history.jsonl"

// sessionsRoot is the sessions folder a chat history is in
// (<root>/<encoded cwd>/<id>/chat_history.jsonl), "" for none.
func sessionsRoot(log string) string {
	if log == "" {
		return ""
	}
	return filepath.Dir(filepath.Dir(filepath.Dir(log)))
}

// childCwd is the working directory a subagent's meta.json names, "" when
// it names none.
func childCwd(meta string) string {
	data, _ := regular.ReadCapped(meta, 1<<20)
	m, ok := jsonline.AsObject(jsonline.Loose(data))
	if !ok {
		return ""
	}
	return jsonline.Str(m, "child_cwd")
}

// EncodeCwd is a working directory as Grok Build names its sessions'
// folder (xai-grok-config paths.rs, encode_cwd_dirname): URL-encoded,
// every byte but ASCII letters, digits and -_.~ as %XX. A name of more
// than 255 bytes Grok Build makes a slug and a hash instead, which deck
// does not make: "" then.
func EncodeCwd(cwd string) string {
	var b strings.Builder
	for i := 0; i < len(cwd); i++ {
		c := cwd[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_.~", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	if b.Len() > 255 {
		return ""
	}
	return b.String()
}

// readChatHistory reads a subagent's whole chat history from rd, the
// file at path, and returns its entries.
func (d *Decoder) readChatHistory(path string, rd io.Reader) []session.Entry {
	d.path, d.root = path, sessionsRoot(path)
	subagentfile.Lines(rd, d.Apply, d.s, "chat history")
	d.Finish()
	d.s.Finish() // the subagent is done: what still waits never finished
	return d.s.Entries
}
