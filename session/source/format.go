package source

import (
	"bytes"

	"github.com/deck-tui/deck/session"
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

// sniff tells a log's format from one line: the harness's header or events,
// a JSON-RPC message or an SDK call recording (ACP), a Claude Code record, a
// Codex rollout line. It returns "" when the line says nothing either way.
func sniff(line []byte) session.Format {
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		return ""
	}
	if bytes.Equal(line, []byte("{")) || bytes.Equal(line, []byte("[")) {
		return session.FormatACP // pretty-printed JSON: the ACP SDK's call recordings
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
	}
	if jsonline.Unmarshal(line, &probe) != nil {
		return ""
	}
	t := ""
	if probe.Type != nil {
		t = *probe.Type
	}
	switch {
	case t == "session" || probe.Seq != nil || probe.Seq0 != nil:
		return session.FormatHarness
	case probe.JSONRPC != nil || (probe.Method != nil && probe.Args != nil):
		return session.FormatACP
	case probe.Timestamp != nil && probe.Payload != nil:
		return session.FormatCodex
	case len(probe.Instr) > 0 || (t != "" && probe.Timestamp != nil && probe.SessionID == nil && probe.UUID == nil && codex.IsItemType(t)):
		return session.FormatCodex // the first era: bare lines, no envelope
	case probe.SessionID != nil || probe.UUID != nil || t == "summary" || t == "file-history-snapshot":
		return session.FormatClaudeCode
	case codex.IsItemType(t):
		return session.FormatCodex
	}
	return ""
}
