package harness_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

func requestHeader(seq int, system string) string {
	return fmt.Sprintf(`{"type":"request/header","seq":%d,"time":1,"data":{"header":{"config":{"provider":"p","model":"m"}%s},"reason":"initial"}}`, seq, system) + "\n"
}

// Up to v2 the system prompt is in each request/header; the 0.2 harness
// migrates such a log (v2→v3) into a system/message before each request
// whose prompt differs from the one before, which its web client draws as
// the conversation's first node, collapsed: so does deck, the first as the
// system prompt, a later change as an update, a cleared prompt (none, "",
// not a string) as nothing. From v3 the field is no prompt.
func TestALegacyRequestHeadersPromptIsTheSystemPrompt(t *testing.T) {
	var log strings.Builder
	log.WriteString(`{"type":"session","version":0,"id":"s","createdAt":1,"cwd":"/w","delegationDepth":0}` + "\n")
	for i, system := range []string{`,"system":"You are A."`, `,"system":"You are A."`, `,"system":"You are B."`, ``, `,"system":null`, `,"system":"You are B."`} {
		log.WriteString(requestHeader(i, system))
	}
	s := sessiontest.ReadString(log.String())
	sessiontest.NoNotices(t, s)
	var got []string
	for _, m := range sessiontest.Of[*session.UserMessage](s) {
		got = append(got, fmt.Sprintf("%d:%s", m.Role, session.TextOf(m.Content)))
	}
	want := []string{
		fmt.Sprintf("%d:You are A.", session.RoleSystemPrompt),
		fmt.Sprintf("%d:You are B.", session.RoleSystemPromptUpdate),
		fmt.Sprintf("%d:You are B.", session.RoleSystemPromptUpdate),
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("the prompts: %v, want %v", got, want)
	}
	if n := s.Hidden["request/header"]; n != 3 {
		t.Errorf("%d request headers counted as bookkeeping, want the 3 that changed no prompt", n)
	}
	if !s.Account.Balanced() {
		t.Errorf("lines unaccounted for: %+v", s.Account)
	}

	v3 := sessiontest.ReadString(`{"type":"session","version":3,"id":"s","createdAt":1,"cwd":"/w","isSeeded":false,"delegationDepth":0}` + "\n" + requestHeader(0, `,"system":"You are A."`))
	if m := sessiontest.Of[*session.UserMessage](v3); len(m) != 0 {
		t.Errorf("a v3 header's prompt drawn: %+v", m)
	}
}
