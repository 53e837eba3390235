package copilot

import (
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
)

// Copilot CLI's tools mapped onto the harness's cards: what each call
// shows while it runs. results.go says what it shows once done. The
// names and arguments are the CLI's (view, create, edit and the older
// str_replace_editor; bash and powershell with read_bash, write_bash,
// stop_bash, list_bash; grep, glob, web_fetch, web_search, task,
// update_todo, report_intent, ask_user, skill, apply_patch), an MCP
// server's tool named by the call's mcpServerName and mcpToolName.

// callView is the pending view of a call; a is nil when its arguments
// are no JSON object (raw is then shown as it is).
func (d *Decoder) callView(name string, a present.Args, raw string, mcp mcpName) session.CallView {
	if a == nil {
		if mcp.server != "" {
			return session.GenericCallView{Title: mcp.server + " · " + mcp.tool, Kind: "mcp", RawInput: optional(raw)}
		}
		return session.GenericCallView{Title: firstOf(name, "tool"), RawInput: optional(raw)}
	}
	if name == "str_replace_editor" {
		name = editorCommand(a)
	}
	p := a.Str("path")
	switch name {
	case "view":
		return session.GenericCallView{Title: "Read " + p + window(a), Kind: "read", Locations: []session.FileLocation{{Path: p, Line: startLine(a)}}}
	case "create":
		return session.DiffCallView{Title: "Create " + p, Diffs: []session.FileDiff{{Path: p, NewText: a.Str("file_text")}}, Locations: at(p)}
	case "edit":
		return session.DiffCallView{Title: "Edit " + p, Diffs: editDiffs(a), Locations: at(p)}
	case "insert":
		n, _ := a.Num("insert_line")
		return session.GenericCallView{Title: "Insert into " + p + " after line " + present.JSNumber(n), Kind: "edit", RawInput: optional(a.Str("new_str")), Locations: at(p)}
	case "bash", "powershell", "shell", "local_shell": // as shells names them
		v := session.TerminalCallView{Title: a.Str("command"), Description: a.Str("description")}
		if a.Str("mode") == "async" || a["detach"] == true {
			v.Description = strings.TrimSpace(v.Description + " (in the background)")
		}
		return v
	case "read_bash", "write_bash", "stop_bash":
		verb := map[string]string{"read_bash": "Read shell ", "write_bash": "Write to shell ", "stop_bash": "Stop shell "}[name]
		return session.GenericCallView{Title: verb + firstOf(a.Str("shellId"), a.Str("sessionId")), Kind: "execute", RawInput: optional(a.Str("input"))}
	case "list_bash":
		return session.GenericCallView{Title: "List shells", Kind: "execute"}
	case "grep", "rg":
		title := "Search " + a.Str("pattern") + in(a)
		if g := firstOf(a.Str("glob"), a.Str("type")); g != "" {
			title += " (" + g + ")"
		}
		return session.GenericCallView{Title: title, Kind: "search", Locations: at(p)}
	case "glob":
		return session.GenericCallView{Title: "Glob " + a.Str("pattern") + in(a), Kind: "search", Locations: at(p)}
	case "web_fetch":
		return session.GenericCallView{Title: a.Str("url"), Kind: "fetch"}
	case "web_search":
		return session.GenericCallView{Title: a.Str("query"), Kind: "search"}
	case "report_intent":
		return session.GenericCallView{Title: "Intent: " + a.Str("intent"), Kind: "other"}
	case "task":
		return session.GenericCallView{Title: "Agent " + firstOf(a.Str("agent_type"), "task") + ": " + a.Str("description"), Kind: "other", RawInput: optional(a.Str("prompt"))}
	case "ask_user":
		return session.GenericCallView{Title: "Ask the user", Kind: "other", Content: markdown(present.QuestionList(question(a)))}
	case "skill":
		return session.GenericCallView{Title: "Skill " + a.Str("skill"), Kind: "other"}
	case "apply_patch":
		return session.GenericCallView{Title: "Apply a patch", Kind: "edit", RawInput: optional(firstOf(a.Str("input"), a.Str("patch")))}
	}
	if mcp.server != "" {
		return session.GenericCallView{Title: mcp.server + " · " + firstOf(mcp.tool, name), Kind: "mcp", RawInput: input(a)}
	}
	if t, ok := present.MCPTitle(name); ok {
		return session.GenericCallView{Title: t, Kind: "mcp", RawInput: input(a)}
	}
	return session.GenericCallView{Title: firstOf(name, "tool"), RawInput: input(a)}
}

// editorCommand is the tool str_replace_editor's command stands for.
func editorCommand(a present.Args) string {
	switch c := a.Str("command"); c {
	case "str_replace":
		return "edit"
	case "view", "create", "insert":
		return c
	}
	return "str_replace_editor"
}

// window names the lines a view asked for: view_range [start, end], end
// -1 for the file's end.
func window(a present.Args) string {
	r, _ := a["view_range"].([]any)
	if len(r) != 2 {
		return ""
	}
	start, ok1 := jsonline.Int(r[0])
	end, ok2 := jsonline.Int(r[1])
	switch {
	case !ok1 || !ok2:
		return ""
	case end == -1:
		return " (from line " + present.JSNumber(float64(start)) + ")"
	}
	return " (" + present.JSNumber(float64(start)) + " - " + present.JSNumber(float64(end)) + ")"
}

// startLine is where a view starts, 0 when it names no range.
func startLine(a present.Args) int {
	r, _ := a["view_range"].([]any)
	if len(r) != 2 {
		return 0
	}
	n, _ := jsonline.Int(r[0])
	return int(max(n, 0))
}

// editDiffs is what an edit asks to change.
func editDiffs(a present.Args) []session.FileDiff {
	d := session.FileDiff{Path: a.Str("path"), NewText: a.Str("new_str")}
	old := a.Str("old_str")
	d.OldText = &old
	return []session.FileDiff{d}
}

// question is an ask_user call's question in the shape
// present.QuestionList reads: Copilot CLI asks one question with its
// choices.
func question(a present.Args) present.Args {
	var opts []any
	for _, c := range a.Strs("choices") {
		opts = append(opts, map[string]any{"label": c})
	}
	return present.Args{"questions": []any{map[string]any{"question": a.Str("question"), "options": opts}}}
}

// plan shows an update_todo call as the plan it writes: a Markdown
// checklist, "- [x]" done, "- [ ]" to do (and "- [-]" or "- [~]" under
// way); other lines are its explanation.
func (d *Decoder) plan(num int, at, args string) *session.Plan {
	a, _ := present.ParseArgs(args)
	p := &session.Plan{EntryBase: base(num, at), Items: []session.PlanItem{}}
	var rest []string
	for l := range strings.SplitSeq(a.Str("todos"), "\n") {
		t := strings.TrimSpace(l)
		t = strings.TrimLeft(t, "-*+ ")
		if len(t) >= 3 && t[0] == '[' && t[2] == ']' {
			status := map[byte]string{'x': "completed", 'X': "completed", ' ': "pending", '-': "in_progress", '~': "in_progress"}[t[1]]
			if status != "" {
				p.Items = append(p.Items, session.PlanItem{Content: strings.TrimSpace(t[3:]), Status: status})
				continue
			}
		}
		if strings.TrimSpace(l) != "" {
			rest = append(rest, strings.TrimSpace(l))
		}
	}
	p.Explanation = strings.Join(rest, "\n")
	return p
}

func in(a present.Args) string {
	if p := a.Str("path"); p != "" {
		return " in " + p
	}
	return ""
}

func at(p string) []session.FileLocation {
	if p == "" {
		return nil
	}
	return []session.FileLocation{{Path: p}}
}

func optional(s string) any {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	return s
}

func input(a present.Args) any {
	if len(a) == 0 {
		return nil
	}
	return map[string]any(a)
}

func markdown(md string) []session.ContentBlock {
	if strings.TrimSpace(md) == "" {
		return nil
	}
	return []session.ContentBlock{{Type: "text", Text: md}}
}
