package harness_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/harness"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

const headerV5 = `{"type":"session","version":5,"id":"s","createdAt":1,"cwd":"/w","isSeeded":false,"delegationDepth":0}` + "\n"

const bashCall = `{"type":"tool/call","seq":1,"time":2,"data":{"turn":1,"step":1,"callId":"c1","name":"bash","arguments":"{\"command\":\"echo hi\"}"}}` + "\n"

func TestBothToolResultShapesFillTheCall(t *testing.T) {
	for name, result := range map[string]string{
		"v4 tool message": `{"type":"tool/result","seq":2,"time":3,"data":{"turn":1,"step":1,"message":{"role":"tool","source":{"kind":"tool","callId":"c1"},"toolCallId":"c1","content":[{"type":"text","text":"hi\n"}],"isError":true,"id":"m"},"error":{"name":"Exit","code":"EXIT_1","reason":"exit code 1"}},"sourceEventSeqs":[[0,1]],"surfaceOp":"append"}`,
		"v3 block":        `{"type":"tool/result","seq":2,"time":3,"data":{"turn":1,"step":1,"message":{"role":"user","source":{"kind":"tool","callId":"c1"},"content":[{"type":"tool-result","toolCallId":"c1","content":[{"type":"text","text":"hi\n"}],"isError":true}],"id":"m"},"error":{"name":"Exit","code":"EXIT_1"}},"surfaceOp":"append"}`,
	} {
		s := sessiontest.ReadString(headerV5 + bashCall + result + "\n")
		sessiontest.NoNotices(t, s)
		c := sessiontest.OnlyCall(t, s)
		if c.Result == nil || !c.Result.IsError || c.Result.Error == nil || c.Result.Error.Code != "EXIT_1" {
			t.Errorf("%s: result %+v", name, c.Result)
			continue
		}
		if name == "v4 tool message" && c.Result.Error.Reason != "exit code 1" {
			t.Errorf("%s: the error's reason is lost: %+v", name, c.Result.Error)
		}
	}
}

func TestAnUnknownEventIsBookkeepingOnlyWhenIgnorable(t *testing.T) {
	s := sessiontest.ReadString(headerV5 + `{"type":"future/thing","seq":0,"time":1,"ignorable":true,"data":{}}` + "\n")
	sessiontest.NoNotices(t, s)
	if s.Hidden["future/thing"] != 1 {
		t.Errorf("an ignorable unknown event is not counted as bookkeeping: %v", s.Hidden)
	}
	headerV4 := strings.Replace(headerV5, `"version":5`, `"version":4`, 1)
	s = sessiontest.ReadString(headerV4 + `{"type":"future/thing","seq":0,"time":1,"data":{}}` + "\n")
	if n := sessiontest.NoticeTexts(s); len(n) != 1 || !strings.Contains(n[0], "newer harness") {
		t.Errorf("a required unknown event: %v", n)
	}
}

func TestANewerFormatIsNeverShownAsUnderstood(t *testing.T) {
	s := sessiontest.ReadString(`{"type":"session","version":9,"id":"s","createdAt":1,"isSeeded":false,"delegationDepth":0}` + "\n")
	var newer *harness.NewerVersionError
	if !errors.As(s.Header.Unsupported, &newer) || newer.Version != 9 {
		t.Fatalf("Header.Unsupported: %v", s.Header.Unsupported)
	}
	n := sessiontest.NoticeTexts(s)
	if len(n) != 1 || !strings.Contains(n[0], "v9") || !strings.Contains(n[0], "v7 at most") {
		t.Errorf("the notice must name the version and the newest deck reads: %v", n)
	}
	for v := range harness.NewestVersion + 1 {
		s := sessiontest.ReadString(strings.Replace(headerV5, `"version":5`, `"version":`+string(rune('0'+v)), 1))
		if s.Header.Unsupported != nil {
			t.Errorf("v%d is read, yet Unsupported: %v", v, s.Header.Unsupported)
		}
	}
}

func TestNewEventsAreLinesOrBookkeepingNeverNotices(t *testing.T) {
	events := `{"type":"system/message","seq":0,"time":1,"data":{"turn":1,"step":1,"message":{"role":"system","content":[{"type":"text","text":"be brief"}],"source":{"kind":"system-prompt"},"id":"m0"}},"surfaceOp":"append"}
{"type":"developer/message","seq":1,"time":2,"data":{"turn":1,"step":1,"message":{"role":"developer","id":"m1","content":[{"type":"tool-addition","toolName":"present"},{"type":"tool-removal","toolName":"ralph"}],"source":{"kind":"tool-catalog"}}},"surfaceOp":"append"}
{"type":"assistant/attempt","seq":2,"time":3,"data":{"turn":1,"step":1,"stream":[{"type":"chunk","time":3,"chunk":{"type":"finish","reason":{"kind":"error","failure":{"message":"rate limited","code":"429"}}}}]}}
{"type":"model/selection","seq":3,"time":4,"data":{"provider":"deepseek","model":"deepseek-v4-pro","reasoningEffort":"high"}}
{"type":"workspace/changes","seq":4,"time":5,"data":{"turn":1}}
{"type":"deliverables/presented","seq":5,"time":6,"data":{"turn":1,"callId":"c9","files":[{"path":"out/report.md","description":"the report"},{"path":"out/chart.png"}]}}
{"type":"subagent/catalog","seq":6,"time":7,"data":{"childId":"k","childCreatedAt":1,"mode":"one-shot"}}
{"type":"image/offload","seq":7,"time":8,"data":{"seq":3}}
{"type":"tool/ptc-dispatch-start","seq":8,"time":9,"data":{"turn":1,"step":1,"callId":"p1","name":"run_code","arguments":"{}"}}
`
	s := sessiontest.ReadString(headerV5 + events)
	sessiontest.NoNotices(t, s)
	want := map[string]string{
		"developer/message":      "tools added: present; tools removed: ralph",
		"assistant/attempt":      "model call failed: rate limited (429)",
		"model/selection":        "model deepseek-v4-pro · effort high",
		"workspace/changes":      "files changed in turn 1",
		"deliverables/presented": "produced out/report.md (the report), out/chart.png",
	}
	for kind, summary := range want {
		ev := sessiontest.Events(s, kind)
		if len(ev) != 1 || ev[0].Summary != summary {
			t.Errorf("%s: %v, want one line %q", kind, ev, summary)
		}
	}
	if ev := sessiontest.Events(s, "assistant/attempt"); len(ev) == 1 && !ev[0].Failed {
		t.Error("a failed attempt is not marked failed")
	}
	if m := sessiontest.Of[*session.UserMessage](s); len(m) != 1 || m[0].Role != session.RoleSystemPrompt {
		t.Errorf("system/message is not the system prompt: %v", m)
	}
	for _, kind := range []string{"subagent/catalog", "image/offload"} {
		if s.Hidden[kind] != 1 {
			t.Errorf("%s is not bookkeeping: %v", kind, s.Hidden)
		}
	}
	if s.Model != "deepseek-v4-pro" {
		t.Errorf("model/selection does not set the model: %q", s.Model)
	}
}

func TestProducerKindsAreNeverThePersonsPrompt(t *testing.T) {
	msg := func(source string) string {
		return headerV5 + `{"type":"user/message","seq":0,"time":1,"data":{"content":[{"type":"text","text":"x"}],"source":` + source + `,"role":"user","id":"m"},"surfaceOp":"append"}` + "\n"
	}
	for source, want := range map[string]session.MessageRole{
		`{"kind":"user"}`: session.RoleHuman,
		`{"kind":"runtime-context","form":"snapshot"}`: session.RoleContext,
		`{"kind":"skill-catalog"}`:                     session.RoleInjected,
		`{"kind":"agent-instructions"}`:                session.RoleInjected,
		`{"kind":"goal"}`:                              session.RoleInjected,
		`{"kind":"plugin:@acme/x"}`:                    session.RoleInjected,
		`{"kind":"tool-jobs"}`:                         session.RoleInjected,
		`{"kind":"plugin","plugin":"@acme/x"}`:         session.RoleInjected,
		`{"kind":"a-kind-deck-never-saw"}`:             session.RoleUnknownSource,
		`{}`:                                           session.RoleUnknownSource,
	} {
		m := sessiontest.Of[*session.UserMessage](sessiontest.ReadString(msg(source)))
		if len(m) != 1 || m[0].Role != want {
			t.Errorf("source %s: %v, want role %d", source, m, want)
		}
	}
}

// A cancel cause of kind legacy is the harness's import of an older log's
// coarse aborted turn, which did not say who cancelled it: the turn reads
// as that older log's does, cancelled by no one named.
func TestALegacyCancelNamesNoOne(t *testing.T) {
	ends := map[string]string{
		"v5 legacy":         `{"kind":"aborted","reason":{"kind":"legacy"}}`,
		"v0 coarse aborted": `{"kind":"aborted"}`,
	}
	for name, reason := range ends {
		s := sessiontest.ReadString(headerV5 + `{"type":"turn/end","seq":0,"time":1,"data":{"turn":2,"reason":` + reason + `}}` + "\n")
		e := sessiontest.Of[*session.TurnEnd](s)
		if len(e) != 1 || e[0].Reason != "aborted" || e[0].Detail != "" {
			t.Errorf("%s: %+v, want an aborted turn with no one named", name, e)
		}
	}
}

// What the v2→v3 and v3→v4 migrations do that a reader meets (SPEC §7):
// a request/header with no system prompt beside a system/message (v3), a
// header preset renamed ptc (v3), an interrupted turn/end the harness
// inserted as a closer (v4), unknown ignorable events and content blocks
// renamed plugin:<type> (v4), subagent/catalog appended at the end (v4).
func TestWhatTheMigrationsWriteReadsCleanly(t *testing.T) {
	log := `{"type":"session","version":4,"id":"s","createdAt":1,"isSeeded":false,"delegationDepth":0,"agentPreset":"ptc"}
{"type":"turn/start","seq":0,"time":10,"data":{"turn":1}}
{"type":"system/message","seq":1,"time":11,"data":{"turn":1,"step":1,"message":{"role":"system","content":[],"source":{"kind":"system-prompt"},"id":"h"}},"surfaceOp":"append"}
{"type":"request/header","seq":2,"time":12,"data":{"header":{"config":{"provider":"p","model":"m"}},"reason":"initial"}}
{"type":"user/message","seq":3,"time":13,"data":{"content":[{"type":"plugin:sticker","id":"x"},{"type":"text","text":"go"}],"source":{"kind":"user"},"role":"user","id":"u"},"surfaceOp":"append"}
{"type":"plugin:acme/trace","seq":4,"time":14,"ignorable":true,"data":{"anything":1}}
{"type":"tool/call","seq":5,"time":15,"data":{"turn":1,"step":1,"callId":"c1","name":"bash","arguments":"{\"command\":\"sleep 9\"}"}}
{"type":"turn/end","seq":6,"time":16,"data":{"turn":1,"reason":{"kind":"interrupted"}}}
{"type":"subagent/catalog","seq":7,"time":17,"data":{"childId":"k","childCreatedAt":1,"mode":"unknown"}}
`
	s := sessiontest.ReadString(log)
	sessiontest.NoNotices(t, s)
	if s.Header.AgentPreset != "ptc" {
		t.Errorf("the preset: %q", s.Header.AgentPreset)
	}
	if m := sessiontest.Of[*session.UserMessage](s); len(m) != 1 || m[0].Role != session.RoleHuman || session.TextOf(m[0].Content) != "go" {
		t.Errorf("the prompt with a plugin block: %+v", m)
	}
	if c := sessiontest.OnlyCall(t, s); !c.Unfinished {
		t.Error("the call the interrupted turn left is not marked unfinished")
	}
	if e := sessiontest.Of[*session.TurnEnd](s); len(e) != 1 || e[0].Reason != "interrupted" {
		t.Errorf("the closer: %+v", e)
	}
	for _, kind := range []string{"system/message", "request/header", "plugin:acme/trace", "subagent/catalog"} {
		if s.Hidden[kind] != 1 {
			t.Errorf("%s is not bookkeeping: %v", kind, s.Hidden)
		}
	}
}
