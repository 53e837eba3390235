// Package copilot reads GitHub Copilot CLI's session logs into a session:
// its typed events (session.start, user.message, assistant.message,
// tool.execution_start and _complete, subagent.*, …), a subagent's events
// nested in the call that started it. Tools map onto the harness's cards
// through session/present.
package copilot

import (
	"bytes"
	"fmt"
	"strconv"
	"time"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
)

// NewestVersion is the newest version of the event log deck reads
// (session.start's version: the schema's "version number for the session
// event format").
const NewestVersion = 1

// Decoder reads a Copilot CLI event log
// (~/.copilot/session-state/<id>/events.jsonl, or <id>.jsonl from older
// releases). docs/format.md says what becomes of each event.
type Decoder struct {
	s     *session.Builder
	files *present.FileLines
	sub   bool // a subagent's work read into its call: the session's facts are not its

	turn     int
	reasoned string                            // the turn's last reasoning text, so a message's copy of it is not shown twice
	texts    map[string]*session.AssistantText // messages by id, while their deltas stream
	thoughts map[string]*session.Reasoning     // reasoning by id, while its deltas stream
	plans    map[string]*session.Plan          // update_todo calls, shown as plans, by call id
	agents   map[string]*subagent              // subagents' work, by agent id and by their call's id
	dirty    map[*subagent]bool                // subagents whose work changed since the last Settle
	asked    map[string]*session.ToolCall      // calls whose approval was asked, by the request's id
}

// New starts a decoder that fills s from the log at path ("" for a
// stream, whose workspace.yaml is then not read).
func New(s *session.Builder, path string) *Decoder {
	s.Format = session.FormatCopilot
	if s.Agent == "" {
		s.Agent = "Copilot CLI"
	}
	d := newDecoder(s)
	d.workspace(WorkspaceOf(path))
	return d
}

// workspace takes what workspace.yaml says of the session: its name,
// which titles it, and the folder it ran in, until session.start says
// that.
func (d *Decoder) workspace(w Workspace) {
	if t := w.Title(); t != "" {
		d.s.SetTitle(t)
	}
	if w.Cwd != "" {
		d.s.Header.Cwd, d.files.Cwd = w.Cwd, w.Cwd
	}
}

func newDecoder(s *session.Builder) *Decoder {
	return &Decoder{s: s, files: present.NewFileLines(), texts: map[string]*session.AssistantText{},
		thoughts: map[string]*session.Reasoning{}, plans: map[string]*session.Plan{}, agents: map[string]*subagent{},
		asked: map[string]*session.ToolCall{}}
}

// outcome is where a line went: an entry, a merge, or bookkeeping of the
// named kind.
type outcome struct {
	how  session.Outcome
	kind string
}

var (
	asEntry = outcome{how: session.AsEntry}
	asMerge = outcome{how: session.AsMerge}
	noticed = outcome{how: -1} // counted by the notice it made
)

func hidden(kind string) outcome { return outcome{session.AsBookkeeping, kind} }

// Apply decodes one line (without its newline).
func (d *Decoder) Apply(num int, line []byte) {
	d.s.Account.Lines++
	trimmed := bytes.TrimSpace(line)
	if len(trimmed) == 0 {
		d.s.Tally(session.AsBookkeeping, "(blank line)")
		return
	}
	var env envelope
	if err := jsonline.Decode(trimmed, "a Copilot CLI event", &env); err != nil {
		d.problem(num, err.Error())
		return
	}
	if env.Type == nil {
		d.problem(num, "not a Copilot CLI event: it has no type")
		return
	}
	if sub := d.owner(&env); sub != nil {
		if _, err := sub.child.event(num, &env); err != nil {
			d.problem(num, fmt.Sprintf("`%s` of subagent %s: %s", *env.Type, sub.name, err))
			return
		}
		d.show(sub)
		d.s.Tally(session.AsMerge, "")
		return
	}
	out, err := d.event(num, &env)
	if err != nil {
		d.problem(num, fmt.Sprintf("`%s`: %s", *env.Type, err))
		return
	}
	d.s.Tally(out.how, out.kind)
}

// problem says what was wrong at a line.
func (d *Decoder) problem(num int, text string) {
	d.s.Notice(num, fmt.Sprintf("line %d: %s", num, text))
}

// Finish marks what the log ended in the middle of: a message or
// reasoning still streaming was cut.
func (d *Decoder) Finish() {
	d.cut()
	for _, sub := range d.agents {
		sub.child.cut()
		d.show(sub)
	}
	d.Settle()
}

// cut marks the entries still streaming as cut short.
func (d *Decoder) cut() {
	for id, t := range d.texts {
		if t.Streaming {
			t.Streaming, t.Cut = false, true
			d.s.Touch(t)
		}
		delete(d.texts, id)
	}
	for id, r := range d.thoughts {
		if r.Streaming {
			r.Streaming, r.Cut = false, true
			d.s.Touch(r)
		}
		delete(d.thoughts, id)
	}
}

// start reads session.start: the session's id, when and where it began,
// the CLI's version, the model; a log of a newer format is shown by its
// header alone.
func (d *Decoder) start(num int, env *envelope) (outcome, error) {
	var data startData
	if err := decode(env, &data); err != nil {
		return outcome{}, err
	}
	if d.sub {
		return hidden(*env.Type), nil
	}
	h := &d.s.Header
	h.ID = data.SessionID
	if t := millis(data.StartTime); t > 0 {
		h.CreatedAt = t
	} else {
		h.CreatedAt = millis(env.Timestamp)
	}
	if data.Context != nil && data.Context.Cwd != "" {
		h.Cwd, d.files.Cwd = data.Context.Cwd, data.Context.Cwd
	}
	if data.SelectedModel != "" {
		d.s.Model = data.SelectedModel
	}
	if data.CopilotVersion != "" {
		d.s.Agent = "Copilot CLI " + data.CopilotVersion
	}
	if data.Version != nil {
		v, ok := jsonline.Int(*data.Version)
		h.Version, h.VersionUnsaid = v, !ok
		if ok && v > NewestVersion {
			err := &NewerVersionError{Version: v}
			h.Unsupported = err
			d.s.Notice(num, err.Error())
			return noticed, nil
		}
	}
	return hidden(*env.Type), nil
}

// NewerVersionError says a log is of a newer event format than deck reads.
type NewerVersionError struct{ Version int64 }

func (e *NewerVersionError) Error() string {
	return "this Copilot CLI log is of event format version " + strconv.FormatInt(e.Version, 10) +
		", newer than deck reads (" + strconv.Itoa(NewestVersion) + "): update deck to read it"
}

// base makes the common fields of an entry of an event.
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

// decode reads an event's data into v; an event with no data reads as
// empty.
func decode(env *envelope, v any) error {
	if len(env.Data) == 0 || env.Data.Kind() == 'n' {
		return nil
	}
	if env.Data.Kind() != '{' {
		return fmt.Errorf("its data is a JSON %s, not an object", jsonline.Kind(byte(env.Data.Kind())))
	}
	if err := jsonline.Unmarshal(env.Data, v); err != nil {
		return jsonline.ShortErr(err)
	}
	return nil
}
