package cursor

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
)

// A call is a tool_use block of the model's message; its result, when the
// transcript keeps one, a tool_result block of a later message. Cursor
// CLI's transcripts give a tool_use no id (some give one), so a result
// goes to the call its tool_use_id names, else to the oldest call still
// waiting. A call whose result the transcript does not hold has none: no
// result, never running.

// call makes a tool_use's card: a plan for TodoWrite.
func (d *Decoder) call(num int, b *block) {
	args := string(b.Input)
	if len(b.Input) == 0 || b.Input.Kind() != '{' {
		args = "{}"
	}
	a, _ := present.ParseArgs(args)
	if b.Name == "TodoWrite" || b.Name == "todo_write" {
		d.s.Add(plan(num, a))
		return
	}
	c := &session.ToolCall{EntryBase: base(num), CallID: b.ID, Name: b.Name, Arguments: args}
	c.Call = callView(b.Name, a)
	if v, ok := c.Call.(session.DiffCallView); ok {
		c.DiffStarts = d.files.Number(v.Diffs)
	}
	d.s.Add(c)
	d.pending = append(d.pending, c)
	if isTask(b.Name) {
		d.subagent(c, a)
	}
}

// result puts a tool_result on its call.
func (d *Decoder) result(num int, b *block) {
	at := -1
	for i, c := range d.pending {
		if b.ToolUseID != "" && c.CallID == b.ToolUseID {
			at = i
			break
		}
	}
	if at < 0 && len(d.pending) > 0 && (b.ToolUseID == "" || d.pending[0].CallID == "") {
		at = 0
	}
	text := resultText(b.Content)
	r := &session.ToolResult{IsError: b.IsError}
	if text != "" {
		r.Content = textContent(text)
	}
	if at < 0 {
		c := &session.ToolCall{EntryBase: base(num), CallID: b.ToolUseID, Orphan: true, Result: r, View: session.GenericResultView{}}
		d.s.Add(c)
		return
	}
	c := d.pending[at]
	d.pending = append(d.pending[:at], d.pending[at+1:]...)
	c.Result = r
	if c.CallID == "" && b.ToolUseID != "" {
		d.s.SetCallID(c, b.ToolUseID)
	}
	c.View = d.resultView(c, text)
	d.s.Touch(c)
}

// callView is what a call shows while it runs (and, as the transcripts
// mostly hold no results, what it shows at all).
func callView(name string, a present.Args) session.CallView {
	p := filePath(a)
	switch name {
	case "Read", "ReadFile", "read_file":
		return session.GenericCallView{Title: "Read " + p + window(a), Kind: "read", Locations: at(p)}
	case "Write", "write":
		return session.DiffCallView{Title: "Write " + p, Diffs: []session.FileDiff{{Path: p, NewText: firstOf(a.Str("contents"), a.Str("content")), Whole: true}}, Locations: at(p)}
	case "StrReplace", "Edit", "search_replace", "edit_file":
		d := session.FileDiff{Path: p, NewText: a.Str("new_string")}
		if old := a.Str("old_string"); old != "" {
			d.OldText = &old
		}
		title := "Edit " + p
		if a["replace_all"] == true {
			title += " (every occurrence)"
		}
		return session.DiffCallView{Title: title, Diffs: []session.FileDiff{d}, Locations: at(p)}
	case "Delete", "delete_file":
		return session.GenericCallView{Title: "Delete " + p, Kind: "delete", Locations: at(p)}
	case "Shell", "Bash", "run_terminal_cmd":
		v := session.TerminalCallView{Title: a.Str("command"), Description: firstOf(a.Str("description"), a.Str("explanation")), Cwd: a.Str("working_directory")}
		if n, ok := a.Num("block_until_ms"); ok && n == 0 || a["is_background"] == true {
			v.Description = strings.TrimSpace(v.Description + " (in the background)")
		}
		return v
	case "Grep", "grep":
		title := "Search " + a.Str("pattern") + in(a)
		if g := firstOf(a.Str("glob"), a.Str("type")); g != "" {
			title += " (" + g + ")"
		}
		return session.GenericCallView{Title: title, Kind: "search", Locations: at(dirPath(a))}
	case "Glob", "glob_file_search":
		return session.GenericCallView{Title: "Glob " + firstOf(a.Str("glob_pattern"), a.Str("pattern")) + in(a), Kind: "search", Locations: at(dirPath(a))}
	case "LS", "list_dir":
		return session.GenericCallView{Title: "List " + firstOf(dirPath(a), "."), Kind: "read", Locations: at(dirPath(a))}
	case "SemanticSearch", "codebase_search":
		return session.GenericCallView{Title: "Search the code: " + a.Str("query"), Kind: "search"}
	case "WebSearch", "web_search":
		return session.GenericCallView{Title: firstOf(a.Str("search_term"), a.Str("query")), Kind: "search"}
	case "WebFetch", "web_fetch":
		return session.GenericCallView{Title: a.Str("url"), Kind: "fetch"}
	case "ReadLints", "read_lints":
		return session.GenericCallView{Title: "Read the lints " + strings.Join(a.Strs("paths"), ", "), Kind: "read"}
	}
	if isTask(name) {
		title := "Agent " + firstOf(a.Str("subagent_type"), "task")
		if desc := a.Str("description"); desc != "" {
			title += ": " + desc
		}
		return session.GenericCallView{Title: title, Kind: "other", RawInput: optional(a.Str("prompt"))}
	}
	if t, ok := present.MCPTitle(name); ok {
		return session.GenericCallView{Title: t, Kind: "mcp", RawInput: input(a)}
	}
	return session.GenericCallView{Title: firstOf(name, "tool"), RawInput: input(a)}
}

// isTask names the tools that start a subagent.
func isTask(name string) bool { return name == "Task" || name == "Agent" || name == "task" }

// resultView is a completed call's card, from its result's text; the
// generic card for a failed call and a tool deck has no card of.
func (d *Decoder) resultView(c *session.ToolCall, text string) session.ResultView {
	a, _ := present.ParseArgs(c.Arguments)
	switch c.Name {
	case "Shell", "Bash", "run_terminal_cmd":
		return session.TerminalResultView{Output: strings.TrimRight(text, "\n")}
	}
	if c.Result.IsError {
		return session.GenericResultView{}
	}
	switch c.Name {
	case "Read", "ReadFile", "read_file":
		if v, ok := readResult(filePath(a), a, text); ok {
			d.files.Read(v)
			return v
		}
	case "Write", "write", "StrReplace", "Edit", "search_replace", "edit_file":
		v := c.Call.(session.DiffCallView)
		c.DiffStarts = d.files.Number(v.Diffs)
		d.files.Apply(v.Diffs, c.DiffStarts)
		return session.DiffResultView{Diffs: v.Diffs}
	case "Grep", "grep":
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "No matches") {
			return session.SearchMatchesResultView{Files: []session.SearchFileMatches{}}
		}
		return present.SearchFromText(text)
	case "Glob", "glob_file_search", "LS", "list_dir":
		return paths(text)
	case "WebFetch", "web_fetch":
		return session.WebFetchResultView{URL: a.Str("url")}
	case "WebSearch", "web_search":
		return session.WebSearchResultView{Sources: []session.WebSource{}, Answer: strings.TrimSpace(text)}
	}
	if t, ok := present.MCPTitle(c.Name); ok {
		return session.GenericResultView{Title: t}
	}
	return session.GenericResultView{}
}

var piped = regexp.MustCompile(`^\s*(\d+)\|(.*)$`)

// readResult is the read card of a Read: the lines as the tool numbered
// them ("12|text", "12→text", "12\ttext"), else the text from the line the
// call asked to start at; the file's length when it was read whole.
func readResult(p string, a present.Args, text string) (session.ReadResultView, bool) {
	if strings.TrimSpace(text) == "" {
		return session.ReadResultView{}, false
	}
	lines, ok := present.NumberedLines(text)
	if !ok {
		lines, ok = pipedLines(text)
	}
	_, windowed := a.Num("offset")
	if _, limited := a.Num("limit"); limited {
		windowed = true
	}
	if !ok {
		first := 1
		if off, has := a.Num("offset"); has && off > 1 {
			first = int(off)
		}
		lines = present.PlainLines(text, first)
	}
	total := 0
	if !windowed && len(lines) > 0 && lines[0].Number == 1 {
		total = len(lines)
	}
	return present.ReadView(p, lines, total), true
}

// pipedLines reads lines numbered "12|text".
func pipedLines(text string) ([]session.ReadFileLine, bool) {
	var out []session.ReadFileLine
	for _, r := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		m := piped.FindStringSubmatch(r)
		if m == nil {
			return nil, false
		}
		n, err := strconv.Atoi(m[1])
		if err != nil || len(out) > 0 && n != out[len(out)-1].Number+1 {
			return nil, false
		}
		out = append(out, session.ReadFileLine{Number: n, Text: m[2]})
	}
	return out, len(out) > 0
}

// plan shows TodoWrite's list as the plan.
func plan(num int, a present.Args) *session.Plan {
	list, _ := a["todos"].([]any)
	items := make([]session.PlanItem, 0, len(list))
	for _, it := range list {
		if m, ok := jsonline.AsObject(it); ok {
			items = append(items, session.PlanItem{Content: jsonline.Str(m, "content"), Status: jsonline.Str(m, "status")})
		}
	}
	return &session.Plan{EntryBase: base(num), Items: items}
}

// window names the lines a read asked for: offset (1-based), limit.
func window(a present.Args) string {
	off, hasOff := a.Num("offset")
	lim, hasLim := a.Num("limit")
	switch {
	case hasOff && hasLim:
		return " (" + present.JSNumber(max(off, 1)) + " - " + present.JSNumber(max(off, 1)+lim-1) + ")"
	case hasOff:
		return " (from line " + present.JSNumber(off) + ")"
	case hasLim:
		return " (1 - " + present.JSNumber(lim) + ")"
	}
	return ""
}

func filePath(a present.Args) string {
	return firstOf(a.Str("path"), a.Str("target_file"), a.Str("file_path"))
}

func dirPath(a present.Args) string { return firstOf(a.Str("target_directory"), a.Str("path")) }

func in(a present.Args) string {
	if p := dirPath(a); p != "" {
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

func firstOf(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
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

// paths is a list of paths, one a line.
func paths(text string) session.ResultView {
	v := session.SearchPathsResultView{Paths: []string{}}
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			v.Paths = append(v.Paths, l)
		}
	}
	v.Total = len(v.Paths)
	return v
}
