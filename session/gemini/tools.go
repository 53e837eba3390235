package gemini

import (
	"regexp"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
)

// Gemini CLI's tools mapped onto the harness's cards
// (packages/core/src/tools: tool-names.ts, definitions/base-declarations.ts
// for today's names and parameters; older releases' in their own files):
// what each call shows while it runs. results.go says what it shows once
// done.

// callView is the pending view of a call.
func (d *Decoder) callView(name, display string, a present.Args) session.CallView {
	switch name {
	case "read_file":
		return readCall(a)
	case "read_many_files":
		what := append(a.Strs("paths"), a.Strs("include")...)
		return session.GenericCallView{Title: "Read files " + strings.Join(what, ", "), Kind: "read"}
	case "write_file":
		p := filePath(a)
		return session.DiffCallView{Title: "Write " + p, Diffs: []session.FileDiff{{Path: p, NewText: a.Str("content"), Whole: true}}, Locations: at(p)}
	case "replace":
		return session.DiffCallView{Title: editTitle(a), Diffs: editDiffs(a), Locations: at(filePath(a))}
	case "run_shell_command":
		v := session.TerminalCallView{Title: a.Str("command"), Description: a.Str("description"), Cwd: firstOf(a, "dir_path", "directory")}
		if a["is_background"] == true {
			v.Description = strings.TrimSpace(v.Description + " (in the background)")
		}
		return v
	case "grep_search", "search_file_content":
		title := "Search " + a.Str("pattern") + in(a)
		if inc := firstOf(a, "include_pattern", "include"); inc != "" {
			title += " (" + inc + ")"
		}
		return session.GenericCallView{Title: title, Kind: "search", Locations: where(a)}
	case "glob":
		return session.GenericCallView{Title: "Glob " + a.Str("pattern") + in(a), Kind: "search", Locations: where(a)}
	case "list_directory":
		p := dirOf(a, "dir_path", "path")
		return session.GenericCallView{Title: "List " + p, Kind: "read", Locations: at(p)}
	case "web_fetch":
		return session.GenericCallView{Title: fetchURL(a), Kind: "fetch", RawInput: optional(a.Str("prompt"))}
	case "google_web_search":
		return session.GenericCallView{Title: a.Str("query"), Kind: "search"}
	case "save_memory":
		return session.GenericCallView{Title: "Remember: " + a.Str("fact"), Kind: "other"}
	case "activate_skill":
		return session.GenericCallView{Title: "Skill " + a.Str("name"), Kind: "other"}
	case "enter_plan_mode":
		return session.GenericCallView{Title: "Enter plan mode", Kind: "other", RawInput: optional(a.Str("reason"))}
	case "exit_plan_mode":
		return session.GenericCallView{Title: "Exit plan mode", Kind: "other", RawInput: optional(a.Str("plan_filename"))}
	case "ask_user":
		return session.GenericCallView{Title: "Ask the user", Kind: "other", Content: markdown(present.QuestionList(a))}
	case "complete_task":
		if r := a.Str("result"); r != "" {
			return session.GenericCallView{Title: "Complete the task", Kind: "other", Content: markdown(r)}
		}
		return session.GenericCallView{Title: "Complete the task", Kind: "other", RawInput: input(a)}
	case "invoke_agent":
		return session.GenericCallView{Title: "Agent " + a.Str("agent_name"), Kind: "other", RawInput: optional(a.Str("prompt"))}
	}
	if title, ok := mcpTitle(name); ok {
		return session.GenericCallView{Title: title, Kind: "mcp", RawInput: input(a)}
	}
	return session.GenericCallView{Title: name, RawInput: input(a)}
}

// readCall titles a read with its window: today's 1-based start_line and
// end_line, or the 0-based offset and limit older releases took.
func readCall(a present.Args) session.CallView {
	p := filePath(a)
	start, hasStart := a.Num("start_line")
	end, hasEnd := a.Num("end_line")
	if off, ok := a.Num("offset"); ok {
		start, hasStart = off+1, true
		if lim, ok := a.Num("limit"); ok && lim > 0 {
			end, hasEnd = off+lim, true
		}
	}
	window := ""
	switch {
	case hasStart && hasEnd:
		window = " (" + present.JSNumber(start) + " - " + present.JSNumber(end) + ")"
	case hasStart:
		window = " (from line " + present.JSNumber(start) + ")"
	case hasEnd:
		window = " (1 - " + present.JSNumber(end) + ")"
	}
	line := 0
	if hasStart {
		line = int(start)
	}
	return session.GenericCallView{Title: "Read " + p + window, Kind: "read", Locations: []session.FileLocation{{Path: p, Line: line}}}
}

// filePath is the file a call names: file_path, or the absolute_path and
// path of older releases.
func filePath(a present.Args) string { return firstOf(a, "file_path", "absolute_path", "path") }

func firstOf(a present.Args, keys ...string) string {
	for _, k := range keys {
		if s := a.Str(k); s != "" {
			return s
		}
	}
	return ""
}

// dirOf is a folder a call names, "." when it names none.
func dirOf(a present.Args, keys ...string) string {
	if p := firstOf(a, keys...); p != "" {
		return p
	}
	return "."
}

// in names the folder a search looked in, "" for the project's.
func in(a present.Args) string {
	if p := firstOf(a, "dir_path", "path"); p != "" {
		return " in " + p
	}
	return ""
}

func where(a present.Args) []session.FileLocation {
	if p := firstOf(a, "dir_path", "path"); p != "" {
		return at(p)
	}
	return nil
}

func at(p string) []session.FileLocation { return []session.FileLocation{{Path: p}} }

// editTitle names a replace: every occurrence when it was asked to
// (allow_multiple, or more than one expected_replacements before).
func editTitle(a present.Args) string {
	title := "Edit " + filePath(a)
	n, _ := a.Num("expected_replacements")
	if a["allow_multiple"] == true || n > 1 {
		title += " (every occurrence)"
	}
	return title
}

// editDiffs is what a replace asks to change; an empty old string writes
// a new file.
func editDiffs(a present.Args) []session.FileDiff {
	d := session.FileDiff{Path: filePath(a), NewText: a.Str("new_string")}
	if old := a.Str("old_string"); old != "" {
		d.OldText = &old
	}
	return []session.FileDiff{d}
}

var urlIn = regexp.MustCompile(`https?://[^\s<>"'()\]]+`)

// fetchURL is what a web_fetch fetched: its url, else the first URL its
// prompt names, else the prompt's first line.
func fetchURL(a present.Args) string {
	if u := a.Str("url"); u != "" {
		return u
	}
	prompt := a.Str("prompt")
	if u := urlIn.FindString(prompt); u != "" {
		return strings.TrimRight(u, ".,;:")
	}
	return firstLine(prompt)
}

// mcpTitle reads an MCP server's tool as Gemini CLI names it,
// mcp_<server>_<tool> (the server's name has no underscore), or as the
// other agents write one, as "server · tool".
func mcpTitle(name string) (string, bool) {
	if t, ok := present.MCPTitle(name); ok {
		return t, true
	}
	rest, ok := strings.CutPrefix(name, "mcp_")
	if !ok {
		return name, false
	}
	server, tool, ok := strings.Cut(rest, "_")
	if !ok || server == "" || tool == "" {
		return name, false
	}
	return server + " · " + tool, true
}

// optional is a string input worth showing, nil when empty.
func optional(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// input is a call's input as the generic card shows it, nil if none.
func input(a present.Args) any {
	if len(a) == 0 {
		return nil
	}
	return map[string]any(a)
}

// markdown is Markdown as content, nil when there is none.
func markdown(md string) []session.ContentBlock {
	if strings.TrimSpace(md) == "" {
		return nil
	}
	return []session.ContentBlock{{Type: "text", Text: md}}
}

// plan shows a write_todos call as the plan it writes. One that failed or
// was cancelled did not change the plan: a line of its own says so.
func (d *Decoder) plan(num int, at string, a present.Args, r *session.ToolResult) session.Entry {
	b := base(num, at)
	switch {
	case r != nil && r.IsError:
		return &session.Event{EntryBase: b, Kind: "plan", Summary: "the todo list was not updated: " + firstLine(session.TextOf(r.Content)), Failed: true}
	case r != nil && r.Cancelled:
		return &session.Event{EntryBase: b, Kind: "plan", Summary: "the todo list update was cancelled"}
	}
	list, _ := a["todos"].([]any)
	items := make([]session.PlanItem, 0, len(list))
	for _, it := range list {
		if m, ok := jsonline.AsObject(it); ok {
			items = append(items, session.PlanItem{Content: firstOfMap(m, "description", "content"), Status: jsonline.Str(m, "status")})
		}
	}
	return &session.Plan{EntryBase: b, Items: items}
}

func firstOfMap(m map[string]any, keys ...string) string {
	for _, k := range keys {
		if s := jsonline.Str(m, k); s != "" {
			return s
		}
	}
	return ""
}
