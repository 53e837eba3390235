// Package codex reads OpenAI Codex CLI rollouts into a session, in every era
// of their format. Tools map onto the harness's cards through
// session/present.
package codex

import (
	"bytes"
	"errors"
	"fmt"
	"time"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
	"github.com/go-json-experiment/json/jsontext"
)

// Decoder applies the lines of an OpenAI Codex CLI rollout
// (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl) to a session. Two eras of
// lines are read: the envelope {timestamp, type, payload} and, before it,
// bare lines (a first line {id, timestamp, instructions, git}, state
// markers, response items with no envelope). docs/format.md says what
// becomes of each record.
type Decoder struct {
	s    *session.Builder
	line int
	now  int64 // the time of the line being read, epoch ms; the last known for bare lines

	calls   map[string]*call             // tool calls by call_id
	pending map[string]*call             // those with no output yet
	running map[string]*session.ToolCall // exec sessions still running, by session id
	twins   twins                        // messages an event and a response item both carry
	files   *present.FileLines           // what the reads showed of each file

	bare          bool             // the log is of the bare era: no events tell prompts apart
	turn          int              // turns started: by task_started, or by a prompt in a log with none
	turnRecords   bool             // the log has task_started records: they start its turns
	turnOpen      bool             // a task started and did not end
	turnStart     int64            // when the open turn started
	userEvents    string           // the kind of event that tells this log's prompts (user_message, or item_completed UserMessage); "" before one came
	compacted     bool             // a compacted line came and its context_compacted event not yet
	usageRecords  bool             // token_usage_record lines came: they are the usage
	responses     map[string]bool  // the responses whose usage is counted
	cellOrder     []*call          // exec cells still waiting for their result, oldest first
	openCells     map[string]*call // cells that yielded, by cell id, until a wait ends them
	model, effort string           // the last turn_context's
}

// New starts a decoder that fills s.
func New(s *session.Builder) *Decoder {
	s.Format = session.FormatCodex
	return &Decoder{
		s: s, calls: map[string]*call{}, pending: map[string]*call{}, running: map[string]*session.ToolCall{},
		responses: map[string]bool{}, openCells: map[string]*call{}, files: present.NewFileLines(),
	}
}

// rolloutLine is one line of a rollout, in either era. Fields stay raw so a
// field of an unexpected type is named rather than failing the whole line.
type rolloutLine struct {
	Timestamp  jsontext.Value `json:"timestamp"`
	Type       jsontext.Value `json:"type"`
	Payload    jsontext.Value `json:"payload"`
	RecordType jsontext.Value `json:"record_type"`
	ID         jsontext.Value `json:"id"`
}

func (d *Decoder) Apply(num int, line []byte) {
	d.line = num
	d.s.Account.Lines++
	if len(bytes.TrimSpace(line)) == 0 {
		d.s.Hidden["(blank line)"]++
		d.s.Account.Bookkeeping++
		return
	}
	kind, out, err := d.dispatch(line)
	if err != nil {
		d.s.Notice(num, fmt.Sprintf("line %d: %v", num, err))
		return
	}
	d.s.Tally(out, kind)
}

// Finish has nothing to decide: every line is placed as it comes, so a log
// still being written (followed) shows what a fresh read of it shows.
func (d *Decoder) Finish() {}

// dispatch reads one line and hands it to its era's handler. kind names
// the line for the bookkeeping counts.
func (d *Decoder) dispatch(line []byte) (string, session.Outcome, error) {
	trimmed := bytes.TrimSpace(line)
	var l rolloutLine
	if err := jsonline.Decode(trimmed, "a Codex record", &l); err != nil {
		return "", 0, err
	}
	if t, ok := timestampMillis(l.Timestamp); ok {
		d.now = t
	}
	typ, isString := stringOf(l.Type)
	if len(l.Type) > 0 && !isString {
		return "", 0, errors.New("not a Codex record: \"type\" is not a string")
	}
	switch {
	case len(l.RecordType) > 0: // a bare-era state marker
		rt, _ := stringOf(l.RecordType)
		return "record_type " + rt, session.AsBookkeeping, nil
	case len(l.Payload) > 0 && typ != "":
		return d.envelope(typ, l.Payload)
	case typ == "" && len(l.ID) > 0 && len(l.Timestamp) > 0:
		d.bare = true
		return "session_meta", d.bareMeta(trimmed), nil
	case typ == "":
		return "", 0, errors.New("not a Codex record: no \"type\"")
	case itemTypes[typ]:
		d.bare = true
		return d.item(typ, trimmed)
	}
	return "", 0, fmt.Errorf("unknown Codex record `%s`", typ)
}

// envelope handles a {timestamp, type, payload} line.
func (d *Decoder) envelope(typ string, payload jsontext.Value) (string, session.Outcome, error) {
	if !bytes.HasPrefix(bytes.TrimSpace(payload), []byte("{")) {
		return "", 0, fmt.Errorf("`%s` record: its payload is not an object", typ)
	}
	switch typ {
	case "session_meta":
		return typ, d.sessionMeta(payload), nil
	case "turn_context":
		out, err := d.turnContext(payload)
		return typ, out, err
	case "response_item":
		var head struct {
			Type jsontext.Value `json:"type"`
		}
		_ = jsonline.Unmarshal(payload, &head)
		t, _ := stringOf(head.Type)
		if !itemTypes[t] {
			return "", 0, fmt.Errorf("unknown Codex response item `%s`", t)
		}
		return d.item(t, payload)
	case "event_msg":
		return d.event(payload)
	case "compacted":
		out, err := d.compactedLine(payload)
		return typ, out, err
	case "token_usage_record":
		return typ, d.tokenUsageRecord(payload), nil
	case "inter_agent_communication":
		return typ, d.interAgent(payload), nil
	}
	if stateRecords[typ] {
		return typ, session.AsBookkeeping, nil
	}
	return "", 0, fmt.Errorf("unknown Codex record `%s`", typ)
}

// itemTypes are the response item types deck reads, with or without an
// envelope.
// IsItemType reports a type of Codex response item, which a rollout line of
// any era may hold.
func IsItemType(t string) bool { return itemTypes[t] }

var itemTypes = map[string]bool{
	"message": true, "reasoning": true,
	"function_call": true, "function_call_output": true,
	"custom_tool_call": true, "custom_tool_call_output": true,
	"local_shell_call": true, "local_shell_call_output": true,
	"web_search_call": true, "ghost_snapshot": true,
	"compaction": true, "compaction_summary": true, "context_compaction": true,
	"tool_search_call": true, "tool_search_output": true, "additional_tools": true,
	"image_generation_call": true,
}

// modelItems are the response items the model sends (an assistant message
// is one too, told by its role).
var modelItems = map[string]bool{
	"reasoning": true, "function_call": true, "custom_tool_call": true, "local_shell_call": true,
	"web_search_call": true, "image_generation_call": true, "tool_search_call": true,
}

// item handles one response item, from an envelope's payload or a bare line.
func (d *Decoder) item(typ string, raw jsontext.Value) (string, session.Outcome, error) {
	var out session.Outcome
	var err error
	if modelItems[typ] {
		d.answered()
	}
	switch typ {
	case "message":
		out, err = d.message(raw)
	case "reasoning":
		out, err = d.reasoning(raw)
		if out == session.AsBookkeeping {
			typ = "reasoning (encrypted only)"
		}
	case "function_call", "custom_tool_call", "local_shell_call":
		out, err = d.toolCall(typ, raw)
	case "function_call_output", "custom_tool_call_output", "local_shell_call_output":
		out, err = d.toolOutput(typ, raw)
	case "web_search_call":
		out, err = d.webSearch(raw)
	case "image_generation_call":
		out, err = d.imageGeneration(raw)
	default: // ghost_snapshot (an undo point), compaction and context_compaction (encrypted
		// history), the tools the model looked up or was given
		out = session.AsBookkeeping
	}
	return typ, out, err
}

// base makes the common entry fields for the line being read.
func (d *Decoder) base() session.EntryBase {
	return session.EntryBase{Seq: -1, Time: d.now, Line: d.line}
}

// decodeItem reads a payload into v, naming the record when it does not fit.
func decodeItem(what string, raw jsontext.Value, v any) error {
	if err := jsonline.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("`%s` does not fit its shape: %v", what, jsonline.Short(err))
	}
	return nil
}

// stringOf reads a JSON string; ok is false for anything else.
func stringOf(raw jsontext.Value) (string, bool) {
	var s string
	if len(raw) == 0 || raw[0] != '"' || jsonline.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

// timestampMillis reads an ISO-8601 timestamp as epoch ms.
func timestampMillis(raw jsontext.Value) (int64, bool) {
	s, ok := stringOf(raw)
	if !ok {
		return 0, false
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return 0, false
	}
	return t.UnixMilli(), true
}
