package session

import (
	"strings"

	"github.com/deck-tui/deck/session/internal/jsonline"
	json "github.com/go-json-experiment/json/v1"
)

// toolResults merges a user record's tool_result blocks into their calls.
// The record's toolUseResult is Claude Code's structured result: an
// object, a string (an error, or LS's listing), or absent (a subagent's
// successes); every card can also be made from the result text alone.
func (d *claudeDecoder) toolResults(num int, r *claudeRecord, results []claudeBlock) claudeOutcome {
	var tur any
	if len(results) == 1 { // with more, whose it is cannot be told
		tur = jsonline.Loose(r.ToolUseResult)
	}
	out := claudeMerged
	for _, b := range results {
		content, isErr := claudeResultContent(b, tur)
		if p := d.plans[b.ToolUseID]; p != nil && b.ToolUseID != "" {
			if d.planResult(num, r, p, tur, content, isErr) {
				out = claudeEntry
			}
			continue
		}
		call := d.s.Call(b.ToolUseID)
		if call == nil || call.Result != nil || b.ToolUseID == "" { // no call, or a second result for it
			prev := call
			call = &ToolCall{EntryBase: d.base(num, r), CallID: b.ToolUseID, Orphan: true}
			if prev != nil {
				call.Name, call.Arguments, call.Call = prev.Name, prev.Arguments, prev.Call
				call.Orphan, call.Duplicate = false, true
			}
			d.s.Add(call)
			out = claudeEntry
		} else {
			d.s.Touch(call)
		}
		call.EndTime = claudeTime(r.Timestamp)
		call.Result = &ToolResult{Content: content, IsError: isErr}
		d.present(call, tur)
		if t := d.tasks[call.CallID]; t != nil && !call.Duplicate {
			d.taskDone(t, tur, content)
		}
	}
	return out
}

// claudeResultContent is a result's content as shown: Claude Code's
// reminders to the model cut, an error's <tool_use_error> wrapper opened.
// A result is an error when it says so, or when its toolUseResult is the
// string "Error: …".
func claudeResultContent(b claudeBlock, tur any) ([]ContentBlock, bool) {
	isErr := b.IsError
	if s, ok := tur.(string); ok && strings.HasPrefix(s, "Error") {
		isErr = true
	}
	blocks, _ := claudeBlocks(b.Content) // a result's content that does not fit is shown empty
	content := claudeContent(blocks)
	for i, c := range content {
		if c.Type != "text" {
			continue
		}
		t := claudeStripReminders(c.Text)
		if isErr {
			if inner, ok := claudeTag(t, "tool_use_error"); ok && strings.HasPrefix(strings.TrimSpace(t), "<tool_use_error>") {
				t = inner
			}
		}
		content[i].Text = t
	}
	return content, isErr
}

// planResult merges a TodoWrite's result into its plan. A failed one did
// not change the plan: it is a failed line of its own.
func (d *claudeDecoder) planResult(num int, r *claudeRecord, p *Plan, tur any, content []ContentBlock, isErr bool) bool {
	if isErr {
		d.s.Add(&Event{EntryBase: d.base(num, r), Kind: "plan", Summary: "the todo list was not updated: " + strings.TrimSpace(TextOf(content)), Failed: true})
		return true
	}
	if obj, ok := jsonline.AsObject(tur); ok {
		if _, ok := obj["newTodos"].([]any); ok {
			p.Items = claudePlanItems(obj["newTodos"])
		}
	}
	d.s.Touch(p)
	return false
}

// present sets a finished call's view by its tool.
func (d *claudeDecoder) present(c *ToolCall, tur any) {
	a, _ := ParseArgs(c.Arguments)
	obj, _ := jsonline.AsObject(tur)
	text := TextOf(c.Result.Content)
	c.DiffStarts = nil
	var v ResultView
	switch {
	case c.Result.IsError && c.Name == "Bash":
		v = claudeBashResult(nil, text, true)
	case c.Result.IsError: // the generic card shows the error
	default:
		v = d.resultView(c, a, obj, tur, text)
	}
	if v == nil {
		g := GenericResultView{}
		if strings.HasPrefix(c.Name, "mcp__") {
			g.Title = claudeMCPTitle(c.Name)
		}
		v = g
	}
	c.View = v
}

// resultView is a successful call's card.
func (d *claudeDecoder) resultView(c *ToolCall, a Args, obj map[string]any, tur any, text string) ResultView {
	switch c.Name {
	case "Read":
		return d.readResult(a, obj, text)
	case "Edit", "MultiEdit":
		return d.editResult(c, a, obj)
	case "Write":
		return d.writeResult(c, a, obj, text)
	case "Bash":
		return claudeBashResult(obj, text, false)
	case "Grep":
		return claudeGrepResult(a, obj, text)
	case "Glob":
		return claudeGlobResult(obj, text)
	case "LS":
		listing := text
		if s, ok := tur.(string); ok {
			listing = s
		}
		return claudeLSResult(listing)
	case "WebFetch":
		return claudeFetchResult(a, obj, text)
	case "WebSearch":
		return claudeSearchResult(obj, text)
	case "Task", "Agent":
		return GenericResultView{Title: callTitle(c.Call), Content: claudeTaskContent(c.Result.Content)}
	case "ExitPlanMode":
		return d.planModeResult(c, a, obj, text)
	case "AskUserQuestion":
		answers, _ := jsonline.AsObject(obj["answers"])
		if len(answers) == 0 {
			return nil
		}
		return GenericResultView{Title: "Asked the user", Content: claudeMarkdown(claudeQuestions(a, answers))}
	case "NotebookEdit":
		return GenericResultView{Content: claudeMarkdown(claudeFence("", a.Str("new_source")) + "\n\n" + text)}
	case "BashOutput", "TaskOutput":
		return claudeShellOutput(a, obj, text)
	case "KillBash", "KillShell", "TaskStop":
		return claudeKillResult(obj, text)
	}
	return nil
}

// claudeTaskContent is a Task result's text without the trailer Claude Code
// adds for the model (the agent id to resume, the usage).
func claudeTaskContent(content []ContentBlock) []ContentBlock {
	out := make([]ContentBlock, 0, len(content))
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
func (d *claudeDecoder) planModeResult(c *ToolCall, a Args, obj map[string]any, text string) ResultView {
	plan := a.Str("plan")
	if p, ok := obj["plan"].(string); ok && p != "" {
		plan = p
	}
	file, _ := obj["filePath"].(string)
	if plan == "" && file != "" {
		plan = d.whole[d.files.key(file)]
	}
	md := plan
	if plan == "" && file != "" {
		md = "Plan in `" + file + "`"
	}
	if strings.TrimSpace(text) != "" {
		md = strings.TrimSpace(md + "\n\n*" + strings.TrimSpace(text) + "*")
	}
	return GenericResultView{Title: claudePlanTitle(plan), Content: claudeMarkdown(md)}
}

// claudeShellOutput is what BashOutput read of a background shell: its
// status and new output, from the object or the text's <status>, <stdout>
// and <stderr> sections.
func claudeShellOutput(a Args, obj map[string]any, text string) ResultView {
	status, stdout, stderr := "", "", ""
	if obj != nil {
		status, _ = obj["status"].(string)
		stdout, _ = obj["stdout"].(string)
		stderr, _ = obj["stderr"].(string)
		if code, ok := jsonline.Int(obj["exitCode"]); ok {
			status += ", exit " + JSNumber(float64(code))
		}
	} else {
		status, _ = claudeTag(text, "status")
		stdout, _ = claudeTag(text, "stdout")
		stderr, _ = claudeTag(text, "stderr")
		if code, ok := claudeTag(text, "exit_code"); ok {
			status += ", exit " + strings.TrimSpace(code)
		}
	}
	title := "Output of " + claudeShellID(a)
	if status != "" {
		title += " (" + strings.TrimSpace(status) + ")"
	}
	out := claudeJoinOutput(strings.Trim(stdout, "\n"), strings.Trim(stderr, "\n"))
	if out == "" {
		return GenericResultView{Title: title, Content: claudeMarkdown("*no new output*")}
	}
	return GenericResultView{Title: title, Content: claudeMarkdown(claudeFence("console", out))}
}

// claudeKillResult is KillBash's message, from the object or the JSON text.
func claudeKillResult(obj map[string]any, text string) ResultView {
	if obj == nil {
		obj, _ = jsonline.AsObject(jsonline.Loose(json.RawMessage(text)))
	}
	msg, _ := obj["message"].(string)
	if msg == "" {
		msg = text
	}
	return GenericResultView{Content: claudeMarkdown(msg)}
}

// claudeJoinOutput is a command's stdout then its stderr.
func claudeJoinOutput(stdout, stderr string) string {
	switch {
	case stderr == "":
		return stdout
	case stdout == "":
		return stderr
	}
	return strings.TrimRight(stdout, "\n") + "\n" + stderr
}
