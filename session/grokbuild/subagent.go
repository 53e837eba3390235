package grokbuild

import (
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/internal/lines"
	"github.com/deck-tui/deck/session/internal/regular"
)

// A subagent Grok Build runs (a task call) is a session of its own, in
// the sessions tree beside its parent's (agent/subagent/mod.rs): its id
// is the subagent's, which the task's result names ("subagent_id: …",
// format_resume_footer and format_subagent_started_background), in the
// folder of its working directory, the parent's unless the parent's
// subagents/<id>/meta.json says another (child_cwd). Its work is read
// from its chat history into the call's card, entries made exactly as
// the session's own.

const (
	// maxDepth bounds subagents in subagents: a decoder that deep reads no
	// file.
	maxDepth = 3
	// maxSubagentBytes bounds how much of a subagent's chat history is read.
	maxSubagentBytes = 64 << 20
)

// subagentID finds the id a task's result names.
var subagentID = regexp.MustCompile(`(?m)^subagent_id: (\S+)$`)

// safeID is an id that names a folder and nothing else: no separator, no
// dot, not too long.
var safeID = regexp.MustCompile(`^[A-Za-z0-9_-]{1,128}$`)

// AgentFile is a subagent's chat history, to be read into the card of the
// task call that ran it. A decoder told to Defer leaves each to its user,
// who calls Read without holding the session's lock and then Show under
// it; otherwise the decoder reads it at once, the same way.
type AgentFile struct {
	d     *Decoder
	call  *session.ToolCall
	paths []string // where it may be, the likeliest first
	child *Decoder // reads it; shares nothing with d

	entries []session.Entry
	found   bool
}

// subagent looks for the work of the subagent a task call ran.
func (d *Decoder) subagent(c *session.ToolCall, result string) {
	m := subagentID.FindStringSubmatch(result)
	if m == nil || !safeID.MatchString(m[1]) || d.path == "" || d.depth >= maxDepth {
		return
	}
	child := New(session.NewBuilder(), "")
	child.depth, child.sub = d.depth+1, true
	child.files = d.files.Clone()
	f := &AgentFile{d: d, call: c, paths: d.subagentPaths(m[1]), child: child}
	if d.deferred {
		d.wanted = append(d.wanted, f)
		return
	}
	f.Read()
	if f.found {
		c.Nested = f.entries // the result is not shown yet: nothing to touch
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
	f, _, err := regular.Open(meta)
	if err != nil {
		return ""
	}
	defer f.Close()
	data, _ := io.ReadAll(io.LimitReader(f, 1<<20))
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

// Read reads the subagent's chat history, when one of its paths is a
// file. It touches nothing of the session: it may run beside the
// session's reading.
func (f *AgentFile) Read() {
	for _, p := range f.paths {
		file, _, err := regular.Open(p) // a named pipe or a device would never end
		if err != nil {
			continue
		}
		f.child.path, f.child.root = p, sessionsRoot(p)
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

// Defer leaves the subagents' chat histories to the decoder's user
// (TakeFiles), rather than reading each when its call's result is read.
func (d *Decoder) Defer() { d.deferred = true }

// TakeFiles returns the subagents' chat histories wanted since it was
// last called, for the user of a deferring decoder to Read and Show.
func (d *Decoder) TakeFiles() []*AgentFile {
	out := d.wanted
	d.wanted = nil
	return out
}

// readAll reads a whole chat history, at most maxSubagentBytes of it.
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
			d.s.Notice(0, fmt.Sprintf("the subagent's chat history is larger than %d MB; only its start is shown", maxSubagentBytes>>20))
			return
		}
	}
	split.Flush(d.Apply)
}
