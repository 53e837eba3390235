package claude

import (
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
	"github.com/go-json-experiment/json/jsontext"
)

// toolResults merges a user record's tool_result blocks into their calls.
// The record's toolUseResult is Claude Code's structured result: an
// object, a string (an error, or LS's listing), or absent (a subagent's
// successes); every card can also be made from the result text alone.
func (d *Decoder) toolResults(num int, r *record, results []block) outcome {
	var tur any
	if len(results) == 1 { // with more, whose it is cannot be told
		tur = jsonline.Loose(r.ToolUseResult)
	}
	out := asMerge
	for _, b := range results {
		content, isErr := resultContent(b, tur)
		if p := d.plans[b.ToolUseID]; p != nil && b.ToolUseID != "" {
			if d.planResult(num, r, p, tur, content, isErr) {
				out = asEntry
			}
			continue
		}
		call := d.s.Call(b.ToolUseID)
		if call == nil || call.Result != nil || b.ToolUseID == "" { // no call, or a second result for it
			prev := call
			call = &session.ToolCall{EntryBase: d.base(num, r), CallID: b.ToolUseID, Orphan: true}
			if prev != nil {
				call.Name, call.Arguments, call.Call = prev.Name, prev.Arguments, prev.Call
				call.Orphan, call.Duplicate = false, true
			}
			d.s.Add(call)
			out = asEntry
		} else {
			d.s.Touch(call)
		}
		call.EndTime = timestampMillis(r.Timestamp)
		call.Result = &session.ToolResult{Content: content, IsError: isErr}
		d.present(call, tur)
		if t := d.tasks[call.CallID]; t != nil && !call.Duplicate {
			d.taskDone(t, tur, content)
		}
	}
	return out
}

// resultContent is a result's content as shown: Claude Code's
// reminders to the model cut, an error's <tool_use_error> wrapper opened.
// A result is an error when it says so, or when its toolUseResult is the
// string "Error: …".
func resultContent(b block, tur any) ([]session.ContentBlock, bool) {
	isErr := b.IsError
	if s, ok := tur.(string); ok && strings.HasPrefix(s, "Error") {
		isErr = true
	}
	blocks, _ := blocks(b.Content) // a result's content that does not fit is shown empty
	content := content(blocks)
	for i, c := range content {
		if c.Type != "text" {
			continue
		}
		t := stripReminders(c.Text)
		if isErr {
			if inner, ok := tagged(t, "tool_use_error"); ok && strings.HasPrefix(strings.TrimSpace(t), "<tool_use_error>") {
				t = inner
			}
		}
		content[i].Text = t
	}
	return content, isErr
}

// planResult merges a TodoWrite's result into its plan. A failed one did
// not change the plan: it is a failed line of its own.
func (d *Decoder) planResult(num int, r *record, p *session.Plan, tur any, content []session.ContentBlock, isErr bool) bool {
	if isErr {
		d.s.Add(&session.Event{EntryBase: d.base(num, r), Kind: "plan", Summary: "the todo list was not updated: " + strings.TrimSpace(session.TextOf(content)), Failed: true})
		return true
	}
	if obj, ok := jsonline.AsObject(tur); ok {
		if _, ok := obj["newTodos"].([]any); ok {
			p.Items = planItems(obj["newTodos"])
		}
	}
	d.s.Touch(p)
	return false
}

// present sets a finished call's view by its tool.
func (d *Decoder) present(c *session.ToolCall, tur any) {
	a, _ := present.ParseArgs(c.Arguments)
	obj, _ := jsonline.AsObject(tur)
	text := session.TextOf(c.Result.Content)
	c.DiffStarts = nil
	var v session.ResultView
	switch {
	case c.Result.IsError && c.Name == "Bash":
		v = bashResult(nil, text, true)
	case c.Result.IsError: // the generic card shows the error
	default:
		v = d.resultView(c, a, obj, tur, text)
	}
	if v == nil {
		g := session.GenericResultView{}
		if title, ok := present.MCPTitle(c.Name); ok {
			g.Title = title
		}
		v = g
	}
	c.View = v
}

// resultView is a successful call's card.
func (d *Decoder) resultView(c *session.ToolCall, a present.Args, obj map[string]any, tur any, text string) session.ResultView {
	switch c.Name {
	case "Read":
		return d.readResult(a, obj, text)
	case "Edit", "MultiEdit":
		return d.editResult(c, a, obj)
	case "Write":
		return d.writeResult(c, a, obj, text)
	case "Bash":
		return bashResult(obj, text, false)
	case "Grep":
		return grepResult(a, obj, text)
	case "Glob":
		return globResult(obj, text)
	case "LS":
		listing := text
		if s, ok := tur.(string); ok {
			listing = s
		}
		return lsResult(listing)
	case "WebFetch":
		return fetchResult(a, obj, text)
	case "WebSearch":
		return searchResult(obj, text)
	case "Task", "Agent":
		return session.GenericResultView{Title: session.CallTitle(c.Call), Content: taskContent(c.Result.Content)}
	case "ExitPlanMode":
		return d.planModeResult(c, a, obj, text)
	case "AskUserQuestion":
		answers, _ := jsonline.AsObject(obj["answers"])
		if len(answers) == 0 {
			return nil
		}
		return session.GenericResultView{Title: "Asked the user", Content: markdown(questions(a, answers))}
	case "NotebookEdit":
		return session.GenericResultView{Content: markdown(fence("", a.Str("new_source")) + "\n\n" + text)}
	case "BashOutput", "TaskOutput":
		return shellOutput(a, obj, text)
	case "KillBash", "KillShell", "TaskStop":
		return killResult(obj, text)
	}
	return nil
}

// taskContent is a Task result's text without the trailer Claude Code
// adds for the model (the agent id to resume, the usage).
func taskContent(content []session.ContentBlock) []session.ContentBlock {
	out := make([]session.ContentBlock, 0, len(content))
	for _, b := range content {
		if b.Type == "text" && strings.HasPrefix(b.Text, "agentId: ") {
			continue
		}
		out = append(out, b)
	}
	return out
}

// planModeResult shows the plan the agent asked to carry out (from the
// call, or from its plan file when the session wrote it) and the answer.
func (d *Decoder) planModeResult(c *session.ToolCall, a present.Args, obj map[string]any, text string) session.ResultView {
	plan := a.Str("plan")
	if p, ok := obj["plan"].(string); ok && p != "" {
		plan = p
	}
	file, _ := obj["filePath"].(string)
	if plan == "" && file != "" {
		plan = d.whole[d.files.Key(file)]
	}
	md := plan
	if plan == "" && file != "" {
		md = "Plan in `" + file + "`"
	}
	if strings.TrimSpace(text) != "" {
		md = strings.TrimSpace(md + "\n\n*" + strings.TrimSpace(text) + "*")
	}
	return session.GenericResultView{Title: planTitle(plan), Content: markdown(md)}
}

// shellOutput is what BashOutput read of a background shell: its
// status and new output, from the object or the text's <status>, <stdout>
// and <stderr> sections.
func shellOutput(a present.Args, obj map[string]any, text string) session.ResultView {
	status, stdout, stderr := "", "", ""
	if obj != nil {
		status, _ = obj["status"].(string)
		stdout, _ = obj["stdout"].(string)
		stderr, _ = obj["stderr"].(string)
		if code, ok := jsonline.Int(obj["exitCode"]); ok {
			status += ", exit " + present.JSNumber(float64(code))
		}
	} else {
		status, _ = tagged(text, "status")
		stdout, _ = tagged(text, "stdout")
		stderr, _ = tagged(text, "stderr")
		if code, ok := tagged(text, "exit_code"); ok {
			status += ", exit " + strings.TrimSpace(code)
		}
	}
	title := "Output of " + shellID(a)
	if status != "" {
		title += " (" + strings.TrimSpace(status) + ")"
	}
	out := joinOutput(strings.Trim(stdout, "\n"), strings.Trim(stderr, "\n"))
	if out == "" {
		return session.GenericResultView{Title: title, Content: markdown("*no new output*")}
	}
	return session.GenericResultView{Title: title, Content: markdown(fence("console", out))}
}

// killResult is KillBash's message, from the object or the JSON text.
func killResult(obj map[string]any, text string) session.ResultView {
	if obj == nil {
		obj, _ = jsonline.AsObject(jsonline.Loose(jsontext.Value(text)))
	}
	msg, _ := obj["message"].(string)
	if msg == "" {
		msg = text
	}
	return session.GenericResultView{Content: markdown(msg)}
}

// joinOutput is a command's stdout then its stderr.
func joinOutput(stdout, stderr string) string {
	switch {
	case stderr == "":
		return stdout
	case stdout == "":
		return stderr
	}
	return strings.TrimRight(stdout, "\n") + "\n" + stderr
}
