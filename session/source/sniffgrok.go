package source

import (
	"bytes"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// sniffGrok tells a line of a Grok Build session folder's files, "" when
// it is none: a record of its chat history (a ConversationItem tagged by
// type, or a chat message of the older history, by role), or a line of its
// updates.jsonl, an ACP session update in Grok Build's envelope (a
// timestamp in seconds, the method, its params: no "jsonrpc"), which the
// ACP decoder reads. A line that carries what another format's lines do
// (a seq, a uuid, a sessionId, a message, a payload) is left to them, and
// a reasoning item, which Codex's first era writes alike, tells nothing.
func sniffGrok(line []byte) session.Format {
	var p struct {
		Type       *string        `json:"type"`
		Role       *string        `json:"role"`
		Method     *string        `json:"method"`
		Content    jsontext.Value `json:"content"`
		ToolCalls  jsontext.Value `json:"tool_calls"`
		ModelID    jsontext.Value `json:"model_id"`
		ToolCallID jsontext.Value `json:"tool_call_id"`
		Kind       jsontext.Value `json:"kind"`
		Timestamp  jsontext.Value `json:"timestamp"`
		Params     jsontext.Value `json:"params"`
		ID         jsontext.Value `json:"id"`
		// what other formats' lines carry
		JSONRPC   jsontext.Value `json:"jsonrpc"`
		Seq       jsontext.Value `json:"seq"`
		Seq0      jsontext.Value `json:"seq0"`
		UUID      jsontext.Value `json:"uuid"`
		Payload   jsontext.Value `json:"payload"`
		SessionID jsontext.Value `json:"sessionId"`
		Message   jsontext.Value `json:"message"`
	}
	if !bytes.HasPrefix(line, []byte("{")) || jsonline.Unmarshal(line, &p) != nil {
		return ""
	}
	if p.Seq != nil || p.Seq0 != nil || p.UUID != nil || p.Payload != nil || p.SessionID != nil || p.Message != nil || p.JSONRPC != nil {
		return ""
	}
	if p.Method != nil && p.Params.Kind() == '{' && p.Timestamp.Kind() == '0' {
		return session.FormatACP
	}
	if p.Timestamp != nil || p.Method != nil {
		return ""
	}
	if p.Type == nil {
		if p.Role != nil && p.Content != nil && (*p.Role == "system" || *p.Role == "user" || *p.Role == "assistant" || *p.Role == "tool") {
			return session.FormatGrokBuild
		}
		return ""
	}
	switch {
	case *p.Type == "system" && p.Content.Kind() == '"' && p.ID == nil,
		*p.Type == "user" && p.Content.Kind() == '[' && p.ID == nil,
		*p.Type == "assistant" && p.Content.Kind() == '"' && (p.ToolCalls != nil || p.ModelID != nil),
		*p.Type == "tool_result" && p.ToolCallID.Kind() == '"',
		*p.Type == "backend_tool_call" && p.Kind.Kind() == '{':
		return session.FormatGrokBuild
	}
	return ""
}
