package source

import (
	"bytes"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/aider"
	"github.com/deck-tui/deck/session/codex"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// decoder applies the lines of one log format to a session. The Reader picks
// one by what the first lines hold (never by the file's name).
type decoder interface {
	// Apply takes one line (without its newline).
	Apply(num int, line []byte)
	// Finish is called once the input has ended.
	Finish()
}

// settler is a decoder that leaves some changes to be shown once a Write
// ends (Claude Code's subagent work, copied for the viewer once a Write
// rather than once a line): Settle shows them.
type settler interface {
	Settle()
}

// sniffStart tells a log's format from its first lines: "" while they
// say nothing either way. A log of pretty-printed JSON (its first line a
// lone "{" or "[") is told by its second line, the first member of the
// value: an older Gemini CLI chat's (its session's id or project), else
// the ACP SDK's call recordings. Any other log is told by the first line
// that says (sniff).
func sniffStart(pending []pending) session.Format {
	if len(pending) == 0 {
		return ""
	}
	if opener(pending[0].line) {
		if len(pending) < 2 {
			return ""
		}
		if geminiMember(pending[1].line) {
			return session.FormatGemini
		}
		if openCodeRow(pending[1].line) {
			return session.FormatOpenCode
		}
		return session.FormatACP
	}
	return sniff(pending[len(pending)-1].line)
}

// sniffEnded tells the format of a log that ended before its lines said:
// a lone opener is pretty-printed JSON, read as ACP's recordings are.
func sniffEnded(pending []pending) session.Format {
	if len(pending) > 0 && opener(pending[0].line) {
		return session.FormatACP
	}
	return ""
}

// opener reports a line that is a lone "{" or "[".
func opener(line []byte) bool {
	line = bytes.TrimSpace(line)
	return bytes.Equal(line, []byte("{")) || bytes.Equal(line, []byte("["))
}

// geminiMember reports the first member of an older Gemini CLI chat's
// document, as JSON.stringify(chat, null, 2) writes it: "sessionId" (or,
// should its order change, another of the chat's own members).
func geminiMember(line []byte) bool {
	name, _, ok := bytes.Cut(bytes.TrimSpace(line), []byte(":"))
	if !ok {
		return false
	}
	switch string(name) {
	case `"sessionId"`, `"projectHash"`, `"startTime"`, `"lastUpdated"`, `"messages"`:
		return true
	}
	return false
}

// openCodeRow reports the first member of a session's file of opencode's
// older storage tree, as JSON.stringify(info, null, 2) writes it: its id,
// "ses_…".
func openCodeRow(line []byte) bool {
	return bytes.HasPrefix(bytes.TrimSpace(line), []byte(`"id": "ses_`))
}

// sniff tells a log's format from one line: the harness's header or events,
// a JSON-RPC message (ACP), a Gemini CLI chat's header or update, a Claude
// Code record, a Codex rollout line, a pi session's header. It returns "" when the line says
// nothing either way.
func sniff(line []byte) session.Format {
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		return ""
	}
	if f := sniffGrok(line); f != "" { // before the probe, which reads a timestamp as a string
		return f
	}
	if aider.IsChatStart(line) { // Markdown: its runs' starts say it
		return session.FormatAider
	}
	var probe struct {
		Type      *string        `json:"type"`
		Seq       jsontext.Value `json:"seq"`
		Seq0      jsontext.Value `json:"seq0"`
		JSONRPC   *string        `json:"jsonrpc"`
		Method    *string        `json:"method"`
		Args      jsontext.Value `json:"args"`
		Timestamp *string        `json:"timestamp"`
		Payload   jsontext.Value `json:"payload"`
		SessionID *string        `json:"sessionId"`
		UUID      *string        `json:"uuid"`
		Message   jsontext.Value `json:"message"`
		ID        jsontext.Value `json:"id"`
		Instr     jsontext.Value `json:"instructions"` // null too: the bare era's first line has "instructions": null
		Project   *string        `json:"projectHash"`
		Set       jsontext.Value `json:"$set"`
		RewindTo  *string        `json:"$rewindTo"`
		ProjectID *string        `json:"projectID"`
		CreatedAt jsontext.Value `json:"createdAt"`
		Data      jsontext.Value `json:"data"`
		Role      *string        `json:"role"`
	}
	if jsonline.Unmarshal(line, &probe) != nil {
		return ""
	}
	t := ""
	if probe.Type != nil {
		t = *probe.Type
	}
	switch {
	case t == "session" && probe.Timestamp != nil && probe.CreatedAt == nil:
		return session.FormatPi // its header: an ISO timestamp, where the harness's has createdAt
	case t == "session" || probe.Seq != nil || probe.Seq0 != nil:
		return session.FormatHarness
	case probe.JSONRPC != nil || (probe.Method != nil && probe.Args != nil):
		return session.FormatACP
	case probe.Timestamp != nil && probe.Payload != nil:
		return session.FormatCodex
	case copilotEvent(t, probe.Data, probe.ID):
		return session.FormatCopilot // a Copilot CLI event: a dotted type, its data, its id
	case len(probe.Instr) > 0 || (t != "" && probe.Timestamp != nil && probe.SessionID == nil && probe.UUID == nil && codex.IsItemType(t)):
		return session.FormatCodex // the first era: bare lines, no envelope
	case probe.ProjectID != nil && bytes.HasPrefix(probe.ID, []byte(`"ses_`)):
		return session.FormatOpenCode // a session's file of opencode's older storage tree, on one line
	case probe.SessionID != nil && probe.Project != nil || probe.Set.Kind() == '{' || probe.RewindTo != nil:
		return session.FormatGemini // a chat's header (or a whole older chat on one line), its updates
	case probe.SessionID != nil || probe.UUID != nil || t == "summary" || t == "file-history-snapshot":
		return session.FormatClaudeCode
	case codex.IsItemType(t):
		return session.FormatCodex
	case t == "" && probe.Role != nil && probe.Message.Kind() == '{':
		return session.FormatCursor // a Cursor CLI transcript's message: a role and its message, nothing else of a record
	}
	return ""
}

// copilotEvent reports a Copilot CLI event's envelope: a type of the
// schema's dotted names ("session.start", "user.message") with its data
// object and its id.
func copilotEvent(t string, data, id jsontext.Value) bool {
	return strings.Contains(t, ".") && data.Kind() == '{' && id.Kind() == '"'
}
