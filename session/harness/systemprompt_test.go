package harness_test

import (
	"slices"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

func systemMessage(seq, text, op string) string {
	return `{"type":"system/message","seq":` + seq + `,"time":1,"data":{"turn":1,"step":1,"message":{"role":"system","content":[{"type":"text","text":"` + text + `"}],"source":{"kind":"system-prompt"},"id":"s` + seq + `"}},"surfaceOp":` + op + "}\n"
}

// The system prompt is the conversation's first node (v3 on), drawn as the
// harness's web client draws it: a card of its own; a later one replaces
// it, an update. One with no text says there is none (the v2→v3
// migration's empty head): bookkeeping, never a card.
func TestTheSystemPromptIsTheFirstNode(t *testing.T) {
	s := sessiontest.ReadString(headerV5 +
		systemMessage("0", "", `"append"`) +
		systemMessage("1", "You are careful.", `{"op":"replace","startSeq":0,"endSeq":0}`) +
		`{"type":"user/message","seq":2,"time":1,"data":{"content":[{"type":"text","text":"hi"}],"source":{"kind":"user"},"role":"user","id":"m"},"surfaceOp":"append"}` + "\n" +
		systemMessage("3", "You are careful and brief.", `{"op":"replace","startSeq":1,"endSeq":1}`))
	sessiontest.NoNotices(t, s)
	var roles []session.MessageRole
	for _, m := range sessiontest.Of[*session.UserMessage](s) {
		roles = append(roles, m.Role)
	}
	if want := []session.MessageRole{session.RoleSystemPrompt, session.RoleHuman, session.RoleSystemPromptUpdate}; !slices.Equal(roles, want) {
		t.Errorf("roles %v, want %v", roles, want)
	}
	if s.Hidden["system/message"] != 1 {
		t.Errorf("the empty head is not bookkeeping: %v", s.Hidden)
	}
	if s.Title != "hi" {
		t.Errorf("the system prompt titles the session: %q", s.Title)
	}
}
