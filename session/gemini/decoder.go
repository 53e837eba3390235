// Package gemini reads Gemini CLI's chat recordings into a session: the
// older single JSON document (messages[]) and the JSON Lines log that
// replaced it (a header, message records, `$set` and `$rewindTo`
// records), subagents' work nested in the calls that started them. Tools
// map onto the harness's cards through session/present.
package gemini

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/internal/subagentfile"
	"github.com/deck-tui/deck/session/present"
	"github.com/go-json-experiment/json/jsontext"
)

// Decoder reads a Gemini CLI chat
// (~/.gemini/tmp/<project>/chats/session-*.json or .jsonl, a subagent's
// chats/<parent session>/<agent id>.jsonl). docs/format.md says what
// becomes of each record.
//
// Gemini CLI rewrites a message by writing it again with the same id, cuts
// the conversation back with `$rewindTo`, and may replace it whole with a
// `$set` of messages; deck keeps the conversation as Gemini CLI loads it
// (live, in order) and the entries each message made, so a message written
// again changes its entries in place, and what a rewind took back stays
// shown, marked as taken back.
type Decoder struct {
	s     *session.Builder
	path  string // the log's file, "" for a stream: subagents' files are looked for beside it
	depth int    // 0 for the log itself, 1 for a subagent's, …
	sub   bool   // a subagent's work read into its call: the session's facts are not its
	files *present.FileLines
	whole map[string]string // files whose whole text is known, by resolved path

	doc     document // the legacy JSON document, while it is read
	started bool     // a line that is not blank has come

	live  []*shown          // the conversation as Gemini CLI would load it, in order
	byID  map[string]*shown // the live messages by id
	usage map[string]session.TokenUsage
	calls map[string]*callState
	turn  int
	noted map[int]bool // lines that have a notice, while a value is read

	subagentfile.Queue // subagents' chats left to the user (Defer)
}

// New starts a decoder that fills s from the chat at path ("" for a
// stream, whose subagents' files are then not looked for).
func New(s *session.Builder, path string) *Decoder {
	s.Format = session.FormatGemini
	if s.Agent == "" {
		s.Agent = "Gemini CLI"
	}
	d := &Decoder{s: s, path: path, files: present.NewFileLines(), whole: map[string]string{},
		byID: map[string]*shown{}, usage: map[string]session.TokenUsage{}, calls: map[string]*callState{}, noted: map[int]bool{}}
	if root := ProjectRoot(path); root != "" {
		s.Header.Cwd, d.files.Cwd = root, root
	}
	return d
}

// outcome is where a line went: an entry, a merge, or bookkeeping of the
// named kind.
type outcome struct {
	how    session.Outcome
	hidden string
}

var (
	asEntry = outcome{how: session.AsEntry}
	asMerge = outcome{how: session.AsMerge}
)

func hidden(kind string) outcome { return outcome{session.AsBookkeeping, kind} }

// Apply decodes one line (without its newline).
func (d *Decoder) Apply(num int, line []byte) {
	d.s.Account.Lines++
	trimmed := bytes.TrimSpace(line)
	switch {
	case d.doc.open():
		d.documentLine(num, line)
		return
	case len(trimmed) == 0:
		d.account(num, hidden("(blank line)"))
		return
	case string(trimmed) == "{" && !d.started: // a pretty-printed document: the older single-file chat
		d.started = true
		d.doc.start(num)
		d.documentLine(num, line)
		return
	}
	d.started = true
	d.account(num, d.record(num, trimmed))
}

// account counts a line the one way it went; a line that has a notice
// was counted by it.
func (d *Decoder) account(num int, out outcome) {
	switch {
	case d.noted[num]:
	case out.how == session.AsEntry:
		d.s.Account.Entries++
	case out.how == session.AsMerge:
		d.s.Account.Merged++
	default:
		d.s.Hidden[out.hidden]++
		d.s.Account.Bookkeeping++
	}
	clear(d.noted)
}

// problem says what was wrong at a line. A line gets one notice, which is
// how it is counted; a second problem on it is named beside the first.
// A line of the document already counted as merged is a notice instead.
func (d *Decoder) problem(num int, text string) {
	text = fmt.Sprintf("line %d: %s", num, text)
	if d.noted[num] {
		d.s.Add(&session.Notice{EntryBase: session.EntryBase{Seq: -1, Line: num}, Text: text})
		return
	}
	d.noted[num] = true
	if d.doc.counted(num) {
		d.s.Account.Merged--
	}
	d.s.Notice(num, text)
}

// record applies one line of a JSON Lines chat, by the first of Gemini
// CLI's rules that fits it: a rewind, a message (it has an id), a
// metadata update, the session's header (its id and project).
func (d *Decoder) record(num int, line []byte) outcome {
	var r struct {
		RewindTo    jsontext.Value `json:"$rewindTo"`
		ID          jsontext.Value `json:"id"`
		Set         jsontext.Value `json:"$set"`
		SessionID   jsontext.Value `json:"sessionId"`
		ProjectHash jsontext.Value `json:"projectHash"`
	}
	if err := jsonline.Decode(line, "a Gemini CLI record", &r); err != nil {
		d.problem(num, err.Error())
		return outcome{}
	}
	switch {
	case r.RewindTo.Kind() == '"':
		var id string
		jsonline.Unmarshal(r.RewindTo, &id)
		return d.rewind(num, id)
	case r.ID.Kind() == '"':
		return d.message(num, line)
	case r.Set.Kind() == '{':
		return d.update(num, r.Set)
	case r.SessionID.Kind() == '"' && r.ProjectHash.Kind() == '"':
		return d.header(num, line)
	}
	d.problem(num, "not a Gemini CLI record: no message id, `$set`, `$rewindTo` or session header")
	return outcome{}
}

// header reads the session's first line (or a whole older chat written
// on one line): its facts, and its messages when it holds them.
func (d *Decoder) header(num int, raw jsontext.Value) outcome {
	w, err := walk(raw)
	if err != nil {
		d.problem(num, "the session header does not fit its shape: "+err.Error())
		return outcome{}
	}
	d.facts(&w.meta)
	if w.listed {
		return d.messages(raw, w.messages, func(int64) int { return num })
	}
	return hidden("session header")
}

// update reads a `$set` record: metadata, which replaces what was said
// before, or the whole conversation (a checkpoint).
func (d *Decoder) update(num int, raw jsontext.Value) outcome {
	w, err := walk(raw)
	if err != nil {
		d.problem(num, "`$set` does not fit its shape: "+err.Error())
		return outcome{}
	}
	d.facts(&w.meta)
	if w.listed {
		return d.checkpoint(num, raw, w.messages)
	}
	return hidden("$set")
}

// facts takes what the metadata says of the session. A subagent's work
// read into its call says nothing of the session.
func (d *Decoder) facts(m *meta) {
	if d.sub {
		return
	}
	h := &d.s.Header
	if m.SessionID != nil && *m.SessionID != "" {
		h.ID = *m.SessionID
	}
	if m.StartTime != nil && h.CreatedAt == 0 {
		h.CreatedAt = millis(*m.StartTime)
	}
	if m.Summary != nil && strings.TrimSpace(*m.Summary) != "" {
		d.s.SetTitle(strings.TrimSpace(*m.Summary))
	}
	if h.Cwd == "" && len(m.Directories) > 0 { // a subagent's workspace, the project's root first
		h.Cwd, d.files.Cwd = m.Directories[0], m.Directories[0]
	}
	if m.Kind != nil && *m.Kind == "subagent" && !strings.HasSuffix(d.s.Agent, "(subagent)") {
		d.s.Agent += " (subagent)"
	}
}

// Finish reports a document the log ended inside of.
func (d *Decoder) Finish() {
	if d.doc.open() {
		d.s.Notice(0, fmt.Sprintf("the log ends inside its JSON document, which starts at line %d: nothing of it could be read", d.doc.first))
		d.doc.reset()
	}
}

// base makes the common fields of an entry of a record.
func base(num int, timestamp string) session.EntryBase {
	return session.EntryBase{Seq: -1, Time: millis(timestamp), Line: num}
}

// millis reads an ISO 8601 timestamp as epoch ms, 0 when it is not one.
func millis(s string) int64 {
	if s == "" {
		return 0
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return 0
	}
	return t.UnixMilli()
}
