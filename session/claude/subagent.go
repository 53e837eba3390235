package claude

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/internal/subagentfile"
	"github.com/deck-tui/deck/session/present"
	"github.com/go-json-experiment/json/jsontext"
)

// A Task (or Agent) call starts a subagent; its work is shown inside the
// call's card, as Nested entries made exactly like the session's own. The
// work comes from one of three places, the fullest first:
//
//   - the subagent's own file, <session>/subagents/agent-<agentId>.jsonl
//     (Claude Code 2.x), read when the Task's result names the agent;
//   - sidechain lines in this log (isSidechain, 1.0.x), whose first line
//     is the Task's prompt;
//   - agent_progress records, copies of the subagent's messages written
//     while it ran: all there is when its file is not beside the log.

// task is a Task call and the subagent work shown in it.
type task struct {
	call    *session.ToolCall
	prompt  string
	agentID string
	// child reads the work as it comes (sidechain lines or progress copies).
	child    *Decoder
	linked   bool // a sidechain of this log is its work
	fromFile bool // its work came from the subagent's own file
	async    bool // launched in the background, and not yet done
	dirty    bool // its work changed since it was last shown (Settle)

	// the copies last shown, so only the entries that changed are copied
	srcs   []session.Entry
	revs   []int
	copies []session.Entry
}

// maxDepth bounds subagents in subagents, however their work comes: a
// decoder that deep starts none (a Task there is a call like any other),
// and reads no file. A progress record copied in a progress record …
// nested a level each, and deck draws and walks a level inside the one
// around it.
const maxDepth = subagentfile.MaxDepth

func (d *Decoder) newTask(call *session.ToolCall, a present.Args) {
	if call.CallID == "" || d.depth >= maxDepth {
		return
	}
	if t := d.tasks[call.CallID]; t != nil && t.call == call {
		t.prompt = a.Str("prompt")
		return
	}
	t := &task{call: call, prompt: a.Str("prompt")}
	d.tasks[call.CallID] = t
	d.order = append(d.order, t)
}

// newChild makes the decoder of a subagent's conversation. It shares what
// the session knows of files: the subagent works on the same ones.
func (d *Decoder) newChild(path string) *Decoder {
	c := New(session.NewBuilder(), path)
	c.depth, c.sub = d.depth+1, true
	c.files, c.whole = d.files, d.whole
	return c
}

// sidechainOf says which Task's subagent a sidechain line belongs to; nil
// for the log's own lines. A sidechain's first line (no parent) is linked
// to its Task by the prompt; the lines after it follow their parent. A
// sidechain no Task in this log started (a subagent's file read on its
// own) is the log's own conversation.
func (d *Decoder) sidechainOf(r *record) *task {
	if d.sub || !r.IsSidechain {
		return nil
	}
	var t *task
	if r.ParentUUID == nil {
		t = d.linkSidechain(r)
	} else if known, ok := d.sideOf[*r.ParentUUID]; ok {
		t = known
	} else {
		t = d.lastSide // a parent not in this log: the sidechain being written
	}
	if r.UUID != "" {
		d.sideOf[r.UUID] = t
	}
	d.lastSide = t
	return t
}

// linkSidechain finds the Task a new sidechain belongs to: the waiting Task
// whose prompt its first message is, else the earliest Task still waiting
// for its work.
func (d *Decoder) linkSidechain(r *record) *task {
	if r.Type != "user" {
		return nil
	}
	_, blocks, err := messageOf(r)
	if err != nil {
		return nil
	}
	prompt := textOf(blocks)
	var first *task
	for _, t := range d.order {
		if t.linked || t.fromFile || t.call.Result != nil {
			continue
		}
		if t.prompt == prompt {
			return d.link(t)
		}
		if first == nil {
			first = t
		}
	}
	if first != nil {
		return d.link(first)
	}
	return nil
}

// link makes a sidechain a Task's work, in place of any progress copies.
func (d *Decoder) link(t *task) *task {
	t.linked = true
	t.child = d.newChild("")
	t.srcs, t.revs, t.copies = nil, nil, nil
	return t
}

// touchTask marks a Task's work as changed, and Settle shows it: the
// copies are made once a Write, not once a record, since each copies the
// list of the work's entries (at every one of a long subagent's records
// that was quadratic: 80,000 agent_progress records took minutes).
func (d *Decoder) touchTask(t *task) {
	if !t.dirty {
		t.dirty = true
		d.dirty = append(d.dirty, t)
	}
	d.s.Touch(t.call)
}

// Settle shows the work of every Task that changed since it was last
// called, as it stands: the Reader calls it as each Write ends, before
// anyone may look at the session, and Finish does. A Task's subagent
// settles its own Tasks first, so the copies of its calls are current.
func (d *Decoder) Settle() {
	for _, t := range d.dirty {
		t.dirty = false
		if t.child != nil { // else its file's work is shown (showFile)
			t.child.Settle()
			t.call.Nested = t.snapshot()
		}
	}
	d.dirty = d.dirty[:0]
}

// snapshot copies the child's entries for the call to show: the child goes
// on changing its own, and a viewer reads the call's without the lock.
// Entries unchanged since the last snapshot keep their copy.
func (t *task) snapshot() []session.Entry {
	src := t.child.s.Entries
	out := make([]session.Entry, len(src))
	revs := make([]int, len(src))
	for i, e := range src {
		revs[i] = session.Base(e).Rev
		if i < len(t.srcs) && t.srcs[i] == e && t.revs[i] == revs[i] {
			out[i] = t.copies[i]
			continue
		}
		out[i] = session.Clone(e)
	}
	t.srcs, t.revs, t.copies = slices.Clone(src), revs, out
	return out
}

// progress reads a `progress` record: a hook that ran (bookkeeping), or a
// copy of a subagent's message (agent_progress).
func (d *Decoder) progress(num int, r *record) (outcome, error) {
	var p struct {
		Type    string         `json:"type"`
		AgentID string         `json:"agentId"`
		Message jsontext.Value `json:"message"`
	}
	if len(r.Data) > 0 && string(r.Data) != "null" {
		if err := jsonline.Unmarshal(r.Data, &p); err != nil {
			return outcome{}, fmt.Errorf("`progress` record's data does not fit its shape: %s", jsonline.Short(err))
		}
	}
	if t := d.tasks[r.ParentToolUseID]; t != nil && p.Type == "agent_progress" {
		return d.agentProgress(num, t, p.AgentID, p.Message)
	}
	if p.Type == "" {
		return hidden("progress"), nil
	}
	return hidden(p.Type), nil
}

// agentProgress shows a subagent's message copied while it ran, unless a
// fuller source already shows its work.
func (d *Decoder) agentProgress(num int, t *task, agentID string, msg jsontext.Value) (outcome, error) {
	if t.agentID == "" {
		t.agentID = agentID
	}
	if t.linked || t.fromFile {
		return asMerge, nil
	}
	var rec record
	if err := jsonline.Unmarshal(msg, &rec); err != nil || rec.Type == "" {
		return outcome{}, fmt.Errorf("agent_progress holds no readable message")
	}
	rec.IsSidechain = true
	if t.child == nil {
		t.child = d.newChild("")
	}
	t.child.take(num, &rec)
	d.touchTask(t)
	return asMerge, nil
}

// taskDone takes a Task's result. A subagent launched in the background
// (status "async_launched") is only starting: its work ends when a
// <task-notification> says so. Otherwise the work ends here.
func (d *Decoder) taskDone(t *task, tur any, content []session.ContentBlock) {
	obj, _ := jsonline.AsObject(tur)
	if id, ok := obj["agentId"].(string); ok && id != "" {
		t.agentID = id
	}
	if t.agentID == "" {
		t.agentID = agentIDIn(content)
	}
	if obj["status"] == "async_launched" || obj["isAsync"] == true {
		t.async = true
		return
	}
	d.endTask(t)
}

// taskNotification ends the work of a background subagent the
// notification names, by its Task's call id or its agent id.
func (d *Decoder) taskNotification(text string) {
	status, _ := tagged(text, "status")
	if status == "running" {
		return
	}
	callID, _ := tagged(text, "tool-use-id")
	agentID, _ := tagged(text, "task-id")
	for _, t := range d.order {
		if t.async && (t.call.CallID == strings.TrimSpace(callID) || t.agentID != "" && t.agentID == strings.TrimSpace(agentID)) {
			t.async = false
			d.endTask(t)
			return
		}
	}
}

// endTask ends a subagent's work: calls it left waiting will get no
// result, and its own file, when it is beside the log, replaces what was
// shown (agentfile.go).
func (d *Decoder) endTask(t *task) {
	if t.child != nil {
		t.child.endCalls()
		d.touchTask(t)
	}
	if t.linked || t.fromFile {
		return
	}
	if f := d.agentFile(t); f != nil && !d.Leave(f) {
		f.Read()
		f.Show()
	}
}

// agentIDIn finds the agent id a Task's result text names for the
// model ("agentId: a1b2c3d (for resuming…)").
func agentIDIn(content []session.ContentBlock) string {
	for _, b := range content {
		if rest, ok := strings.CutPrefix(b.Text, "agentId: "); ok && b.Type == "text" {
			id, _, _ := strings.Cut(rest, " ")
			return strings.TrimSpace(id)
		}
	}
	return ""
}

// isAgentID says whether id is a subagent's id, safe in a file name: 1 to
// 128 ASCII letters, digits, underscores and hyphens. (A function, not the
// regexp it was: `{1,128}` compiled to 128 copies at every start.)
func isAgentID(id string) bool {
	if id == "" || len(id) > 128 {
		return false
	}
	for i := 0; i < len(id); i++ {
		if c := id[i]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// subagentPaths are where a subagent's file may be: in the session's
// folder beside the log, or beside this file when it is a subagent's.
func (d *Decoder) subagentPaths(id string) []string {
	name := "agent-" + id + ".jsonl"
	dir := filepath.Dir(d.path)
	var out []string
	if filepath.Base(dir) == "subagents" {
		out = append(out, filepath.Join(dir, name))
	}
	base := strings.TrimSuffix(filepath.Base(d.path), ".jsonl")
	out = append(out, filepath.Join(dir, base, "subagents", name))
	if sid := d.s.Header.ID; sid != "" && sid != base && isAgentID(sid) {
		out = append(out, filepath.Join(dir, sid, "subagents", name))
	}
	return out
}
