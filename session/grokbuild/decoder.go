// Package grokbuild reads Grok Build's sessions into a session: a session
// folder's chat_history.jsonl (the conversation as the model is sent it,
// one record a line) with the summary.json beside it (the session's id,
// folder, title, model, kind and format version); a subagent's session is
// read into the task call that ran it. Tools map onto the harness's cards
// through session/present.
package grokbuild

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/subagentfile"
	"github.com/deck-tui/deck/session/present"
)

// Decoder reads a Grok Build chat history
// (~/.grok/sessions/<percent-encoded cwd>/<session id>/chat_history.jsonl):
// format 1, a ConversationItem a line (xai-grok-sampling-types,
// conversation.rs: system, user, assistant, tool_result,
// backend_tool_call, reasoning), or format 0, the chat-message lines
// before it (role, content, tool_calls). docs/format.md says what becomes
// of each record.
type Decoder struct {
	s     *session.Builder
	path  string // the chat history's file, "" for a stream: its summary and subagents are looked for beside it
	depth int    // 0 for the session itself, 1 for a subagent's, …
	sub   bool   // a subagent's work read into its call: the session's facts are not its
	files *present.FileLines

	calls   map[string]*call // the calls by id, until the next call of the id
	turn    int
	open    bool // a turn is open
	systems int  // system prompts so far
	plan    *plan
	root    string // the sessions folder the session is under, "" when not known

	subagentfile.Queue // subagents' chat histories left to the user (Defer)
}

// call is a tool call and its parsed arguments, for its result.
type call struct {
	c    *session.ToolCall
	args present.Args
	plan bool // a todo_write, shown as the plan it made
}

// New starts a decoder that fills s from the chat history at path ("" for
// a stream, whose summary and subagents are then not read).
func New(s *session.Builder, path string) *Decoder {
	s.Format = session.FormatGrokBuild
	if s.Agent == "" {
		s.Agent = "Grok Build"
	}
	d := &Decoder{s: s, path: path, files: present.NewFileLines(), calls: map[string]*call{}, plan: &plan{}}
	d.root = sessionsRoot(path)
	d.facts(SummaryOf(path))
	return d
}

// facts takes what the summary says of the session. A subagent's work
// read into its call says nothing of the session.
func (d *Decoder) facts(sum Summary) {
	if d.sub || !sum.Found {
		return
	}
	h := &d.s.Header
	h.ID, h.Cwd, h.CreatedAt = sum.ID, sum.Cwd, sum.CreatedAt
	d.files.Cwd = sum.Cwd
	if sum.Title != "" {
		d.s.SetTitle(sum.Title)
	}
	if sum.Model != "" {
		d.s.Model = sum.Model
	}
	if strings.HasPrefix(sum.Kind, "subagent") {
		d.s.Agent += " (subagent)"
	}
	if err := sum.Unsupported(); err != nil {
		h.Unsupported = err
		d.s.Notice(0, err.Error())
	}
}

// Apply decodes one line (without its newline).
func (d *Decoder) Apply(num int, line []byte) {
	d.s.Account.Lines++
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		d.s.Tally(session.AsBookkeeping, "(blank line)")
		return
	}
	out, kind, err := d.record(num, line)
	if err != nil {
		d.s.Notice(num, fmt.Sprintf("line %d: %s", num, err))
		return
	}
	d.s.Tally(out, kind)
}

// Finish is called once the chat history has ended.
func (d *Decoder) Finish() {}

// base makes the common fields of an entry: the chat history stamps no
// record with a time.
func base(num int) session.EntryBase { return session.EntryBase{Seq: -1, Line: num} }
