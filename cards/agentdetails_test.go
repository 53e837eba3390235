package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/present"
	"github.com/deck-tui/deck/theme"
)

// The texts the agent tools' and loops' details print (a message, a
// subagent's reply and prompt, a workflow's name and value, a Ralph
// report's summary, evidence, work left and blocker) are the log's: an
// escape in any of them never reaches the terminal.
func TestAgentAndLoopDetailsAreSanitised(t *testing.T) {
	const osc = "\x1b]0;pwned\a"
	report := `{"summary":"done` + `\u001b]0;pwned\u0007","evidence":["ev` + `\u001b]0;pwned\u0007"],"nextSteps":["next` + `\u001b]0;pwned\u0007"],"blocker":"b` + `\u001b]0;pwned\u0007"}`
	for _, c := range []struct{ name, args, text, want string }{
		{"send_message", `{"agent_id":"a1","message":"hi\u001b]0;pwned\u0007"}`, `{"status":"accepted"}`, "Message delivered"},
		{"subagent", `{"prompt":"task\u001b]0;pwned\u0007"}`, "reply" + osc, "Agent response"},
		{"workflow", `{}`, "workflow \"flow" + osc + "\" completed (1 agent).\nReturn value:\n{\"k\":\"v\\u001b]0;pwned\\u0007\"}", "Agents started: 1"},
		{"ralph", `{"objective":"obj\u001b]0;pwned\u0007"}`, "Ralph worker reported a blocker after 1 round.\nFinal report:\n" + report, "Worker reported a blocker"},
		{"list_agents", `{}`, `[{"id":"a1\u001b]0;pwned\u0007","status":"running"}]`, "1 agent"},
	} {
		r := &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: c.text}}}
		call := &session.ToolCall{Name: c.name, Result: r, Call: present.Call(c.name, c.args), View: present.Result(c.name, c.args, r)}
		if v, ok := call.View.(session.GenericResultView); !ok || v.Details == nil {
			t.Fatalf("%s: no details to draw: %#v", c.name, call.View)
		}
		rows := Render(call, Options{Width: 100, Theme: theme.Dark(), Expanded: true})
		for _, row := range rows {
			// (the arguments' JSON shows the escape written as \u001b, which is text)
			if strings.Contains(row, "\x1b]") || strings.Contains(row, "\a") {
				t.Fatalf("%s: the log's OSC reached the terminal: %q", c.name, row)
			}
		}
		if out := ansi.Strip(strings.Join(rows, "\n")); !strings.Contains(out, c.want) {
			t.Errorf("%s: want %q in\n%s", c.name, c.want, out)
		}
	}
}
