//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/deck-tui/deck/session"
)

// These tests prove the rig: the real host, booted by StartHost with the
// scripted model, runs the documented script over its Web API.

// TestScriptedTurn drives TurnPrompt to its end: read, an approved bash, an
// answered question, the final text.
func TestScriptedTurn(t *testing.T) {
	base := StartHost(t)
	frames := dialMux(t, base)
	api := &apiClient{t: t, base: base}

	host := decode[struct {
		Cwd      string `json:"cwd"`
		Provider string `json:"provider"`
		Model    string `json:"model"`
	}](t, api.call("host.describe", map[string]any{}))
	if host.Provider != "scripted" || host.Model != "scripted-model" {
		t.Fatalf("host model is %s/%s, want scripted/scripted-model", host.Provider, host.Model)
	}
	if got, err := os.ReadFile(filepath.Join(host.Cwd, WorkspaceFile)); err != nil || string(got) != WorkspaceText {
		t.Fatalf("host cwd %s is not the test workspace: %q, %v", host.Cwd, got, err)
	}

	sid := createSession(t, api)
	prompt(t, api, sid, TurnPrompt)

	var (
		calls    []string              // tool names, in call order
		names    = map[string]string{} // callId → tool name
		results  = map[string]string{} // tool name → result text
		resolved []string              // */resolved outcomes, in order
		asked    []string              // */requested methods, in order
		final    string                // text of the last assistant message
	)
	for ended := false; !ended; {
		f := next(t, frames)
		switch f.Method {
		case "session/event":
			ev := decode[sessionEvent](t, f.Payload)
			if ev.SessionID != sid {
				continue
			}
			switch ev.Event.Type {
			case "tool/call":
				call := decode[struct {
					CallID string `json:"callId"`
					Name   string `json:"name"`
				}](t, ev.Event.Data)
				calls = append(calls, call.Name)
				names[call.CallID] = call.Name
			case "tool/result":
				id, text, isError := toolResult(t, ev.Event.Data)
				if isError {
					t.Errorf("%s failed: %s", names[id], text)
				}
				results[names[id]] = text
			case "assistant/message":
				final = assistantText(t, ev.Event.Data)
			case "turn/end":
				if kind := turnEnd(t, ev.Event.Data); kind != "completed" {
					t.Fatalf("turn ended %q, want completed", kind)
				}
				ended = true
			}
		case "approval/requested":
			req := decode[struct {
				SessionID  string `json:"sessionId"`
				ApprovalID string `json:"approvalId"`
				ToolName   string `json:"toolName"`
			}](t, f.Payload)
			if req.SessionID != sid {
				continue
			}
			asked = append(asked, f.Method+" "+req.ToolName)
			api.respond(f.RPCID, map[string]any{"sessionId": sid, "approvalId": req.ApprovalID, "outcome": session.AllowedOnce})
		case "question/requested":
			req := decode[struct {
				SessionID string `json:"sessionId"`
				Questions []struct {
					ID string `json:"id"`
				} `json:"questions"`
			}](t, f.Payload)
			if req.SessionID != sid {
				continue
			}
			if len(req.Questions) != 1 || req.Questions[0].ID != QuestionID {
				t.Fatalf("questions %+v, want one with id %q", req.Questions, QuestionID)
			}
			asked = append(asked, f.Method+" "+QuestionID)
			api.respond(f.RPCID, map[string]any{"sessionId": sid, "answer": map[string]any{
				"answers": []any{map[string]any{"id": QuestionID, "selected": []string{"Safe"}}},
			}})
		case "approval/resolved", "question/resolved":
			res := decode[struct {
				SessionID string `json:"sessionId"`
				Outcome   string `json:"outcome"`
			}](t, f.Payload)
			if res.SessionID == sid {
				resolved = append(resolved, f.Method+" "+res.Outcome)
			}
		case "undecodable":
			t.Errorf("mux frame is not JSON: %s", f.Payload)
		}
	}

	if want := []string{"read", "bash", "ask_user_question"}; !slices.Equal(calls, want) {
		t.Errorf("tool calls %q, want %q", calls, want)
	}
	if want := []string{"approval/requested bash", "question/requested " + QuestionID}; !slices.Equal(asked, want) {
		t.Errorf("requests %q, want %q", asked, want)
	}
	if want := []string{"approval/resolved allowed-once", "question/resolved answered"}; !slices.Equal(resolved, want) {
		t.Errorf("resolutions %q, want %q", resolved, want)
	}
	if !strings.Contains(results["read"], strings.TrimSpace(WorkspaceText)) {
		t.Errorf("read result %q lacks the workspace file's text", results["read"])
	}
	if !strings.Contains(results["bash"], "hello-from-bash") {
		t.Errorf("bash result %q lacks the command's output", results["bash"])
	}
	if !strings.Contains(results["ask_user_question"], `"Safe"`) {
		t.Errorf("question result %q lacks the answer", results["ask_user_question"])
	}
	if final != FinalText {
		t.Errorf("final text %q, want %q", final, FinalText)
	}
}

// TestScriptedCancel cancels SlowPrompt once it streams; the turn ends aborted.
func TestScriptedCancel(t *testing.T) {
	base := StartHost(t)
	frames := dialMux(t, base)
	api := &apiClient{t: t, base: base}

	sid := createSession(t, api)
	prompt(t, api, sid, SlowPrompt)

	cancelled := false
	for {
		f := next(t, frames)
		if f.Method != "session/event" {
			continue
		}
		ev := decode[sessionEvent](t, f.Payload)
		if ev.SessionID != sid {
			continue
		}
		switch ev.Event.Type {
		case "assistant/chunk":
			chunk := decode[struct {
				Chunk struct {
					Type string `json:"type"`
				} `json:"chunk"`
			}](t, ev.Event.Data)
			if chunk.Chunk.Type == "text-delta" && !cancelled {
				api.call("session.cancel", map[string]any{"sessionId": sid})
				cancelled = true
			}
		case "turn/end":
			if !cancelled {
				t.Fatal("turn ended before it streamed any text")
			}
			if kind := turnEnd(t, ev.Event.Data); kind != "aborted" {
				t.Fatalf("turn ended %q, want aborted", kind)
			}
			return
		}
	}
}

func createSession(t *testing.T, api *apiClient) string {
	t.Helper()
	// No cwd: the session works in the host's cwd, the test workspace.
	created := decode[struct {
		SessionID string `json:"sessionId"`
	}](t, api.call("session.create", map[string]any{}))
	if created.SessionID == "" {
		t.Fatal("session.create gave no sessionId")
	}
	return created.SessionID
}

func prompt(t *testing.T, api *apiClient, sid, text string) {
	t.Helper()
	reply := decode[struct {
		Accepted bool `json:"accepted"`
	}](t, api.call("session.prompt", map[string]any{
		"sessionId": sid,
		"mode":      "queue",
		"content":   []any{map[string]any{"type": "text", "text": text}},
	}))
	if !reply.Accepted {
		t.Fatal("session.prompt not accepted")
	}
}

// toolResult reads a tool/result event's call id, text and error flag.
func toolResult(t *testing.T, data jsontext.Value) (callID, text string, isError bool) {
	t.Helper()
	r := decode[struct {
		Message struct {
			Content []struct {
				ToolCallID string      `json:"toolCallId"`
				IsError    bool        `json:"isError"`
				Content    []textBlock `json:"content"`
			} `json:"content"`
		} `json:"message"`
	}](t, data)
	if len(r.Message.Content) != 1 {
		t.Fatalf("tool/result with %d parts: %s", len(r.Message.Content), data)
	}
	part := r.Message.Content[0]
	for _, block := range part.Content {
		text += block.Text
	}
	return part.ToolCallID, text, part.IsError
}

// assistantText joins an assistant/message event's text blocks.
func assistantText(t *testing.T, data jsontext.Value) string {
	t.Helper()
	m := decode[struct {
		Message struct {
			Content []textBlock `json:"content"`
		} `json:"message"`
	}](t, data)
	var text string
	for _, block := range m.Message.Content {
		if block.Type == "text" {
			text += block.Text
		}
	}
	return text
}

// turnEnd returns a turn/end event's reason kind.
func turnEnd(t *testing.T, data jsontext.Value) string {
	t.Helper()
	return decode[struct {
		Reason struct {
			Kind string `json:"kind"`
		} `json:"reason"`
	}](t, data).Reason.Kind
}

// textBlock is a content block, read for its text.
type textBlock struct {
	Type string `json:"type"`
	Text string `json:"text"`
}
