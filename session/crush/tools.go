package crush

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
)

// Crush's tools (internal/agent/tools, earlier internal/llm/tools: view,
// write, edit, multiedit, bash, job_output, job_kill, grep, glob, ls,
// fetch, web_fetch, web_search, download, sourcegraph, todos, agent,
// agentic_fetch, question, lsp_*, MCP tools) mapped onto the harness's
// cards. A call holds the model's input as a JSON string; its result, in
// the tool message after it, the text the model got and the tool's
// metadata as a JSON string. The messages are stamped to the second, too
// coarse for a call's time: only a command's, which its metadata keeps in
// milliseconds, is shown.

// call adds a call the model asked for; its result comes in a tool
// message. The todo list's calls are the plan.
func (d *decoder) call(num int, c callData) {
	args := c.Input
	a, ok := present.ParseArgs(args)
	if !ok {
		args, a = "{}", present.Args{}
	}
	call := &session.ToolCall{EntryBase: base(num, 0), CallID: c.ID, Name: c.Name, Arguments: args, Streaming: !c.Finished && args == "{}", Call: callView(c.Name, a)}
	if v, ok := call.Call.(session.DiffCallView); ok {
		call.DiffStarts = d.files.Number(v.Diffs)
	}
	if c.Name == "todos" {
		d.plans[c.ID] = call
		d.s.Add(plan(num, a))
		d.s.Tally(session.AsEntry, "")
		return
	}
	d.s.Add(call)
	d.s.Tally(session.AsEntry, "")
}

// results are a tool message's: each fills its call's card.
func (d *decoder) results(r Record, parts []part) {
	for _, p := range parts {
		pn := d.next()
		switch p.Type {
		case "tool_result":
			var res resultData
			if d.data(pn, p, &res) {
				d.result(pn, res)
			}
		case "finish":
			d.s.Tally(session.AsBookkeeping, "finish")
		default:
			d.unknown(pn, r, p)
		}
	}
}

func (d *decoder) result(num int, res resultData) {
	c := d.s.Call(res.CallID)
	if pending, ok := d.plans[res.CallID]; ok {
		delete(d.plans, res.CallID)
		if !res.IsError {
			d.s.Tally(session.AsBookkeeping, "todos result")
			return
		}
		c = pending // the plan was not taken: the failed call says why
		c.EntryBase = base(num, 0)
		d.s.Add(c)
	}
	outcome := session.AsMerge // into its call's card
	switch {
	case c == nil:
		c = &session.ToolCall{EntryBase: base(num, 0), CallID: res.CallID, Name: firstOf(res.Name, "tool"), Arguments: "{}", Orphan: true}
		c.Call = callView(c.Name, present.Args{})
		d.s.Add(c)
		outcome = session.AsEntry
	case c.Result != nil:
		d.s.Notice(num, "a second result for the call "+strconv.Quote(res.CallID)+" (the first is shown)")
		return
	}
	a, _ := present.ParseArgs(c.Arguments)
	c.Result = &session.ToolResult{Content: present.Text(res.Content), IsError: res.IsError}
	c.Streaming = false
	c.View = d.resultView(c, a, res)
	if c.Name == "agent" || c.Name == "agentic_fetch" {
		d.nest(c)
	}
	d.s.Touch(c)
	d.s.Tally(outcome, "")
}

// callView is what a call shows while it runs, from its input.
func callView(name string, a present.Args) session.CallView {
	path := a.Str("file_path")
	switch name {
	case "view":
		return session.GenericCallView{Title: "Read " + path + window(a), Kind: "read", Locations: present.At(path)}
	case "write":
		return present.WriteCall(path, a.Str("content"))
	case "edit":
		return session.DiffCallView{Title: "Edit " + path + everywhere(a), Diffs: []session.FileDiff{replacement(path, a)}, Locations: present.At(path)}
	case "multiedit":
		edits, _ := a["edits"].([]any)
		var diffs []session.FileDiff
		for _, e := range edits {
			if m, ok := jsonline.AsObject(e); ok {
				diffs = append(diffs, replacement(path, m))
			}
		}
		return session.DiffCallView{Title: "Edit " + path + " (" + plural(len(diffs), "edit") + ")", Diffs: diffs, Locations: present.At(path)}
	case "bash":
		return session.TerminalCallView{Title: a.Str("command"), Description: a.Str("description"), Cwd: a.Str("working_dir")}
	case "job_output":
		return session.GenericCallView{Title: "Output of background job " + a.Str("shell_id"), Kind: "execute"}
	case "job_kill":
		return session.GenericCallView{Title: "Kill background job " + a.Str("shell_id"), Kind: "execute"}
	case "grep":
		return present.SearchCall(a.Str("pattern"), a.Str("path"), a.Str("include"))
	case "glob":
		return present.GlobCall(a.Str("pattern"), a.Str("path"))
	case "ls":
		return session.GenericCallView{Title: "List " + firstOf(a.Str("path"), "."), Kind: "search", Locations: present.At(a.Str("path"))}
	case "fetch", "web_fetch":
		return session.GenericCallView{Title: a.Str("url"), Kind: "fetch"}
	case "download":
		return session.GenericCallView{Title: "Download " + a.Str("url") + " to " + path, Kind: "fetch", Locations: present.At(path)}
	case "web_search":
		return session.GenericCallView{Title: a.Str("query"), Kind: "search"}
	case "sourcegraph":
		return session.GenericCallView{Title: "Sourcegraph " + a.Str("query"), Kind: "search"}
	case "agent":
		return session.GenericCallView{Title: "Agent: " + firstLine(a.Str("prompt")), Kind: "other", RawInput: present.Optional(a.Str("prompt"))}
	case "agentic_fetch":
		return session.GenericCallView{Title: "Agentic fetch " + firstOf(a.Str("url"), "(a web search)") + ": " + firstLine(a.Str("prompt")), Kind: "fetch", RawInput: present.Optional(a.Str("prompt"))}
	case "question":
		return session.GenericCallView{Title: "Ask the user", Kind: "other", Content: present.Text(present.QuestionList(a))}
	case "todos":
		return session.GenericCallView{Title: "Update the todo list", Kind: "other"}
	}
	return present.OtherCall(name, name, a)
}

// replacement is one edit's change: old_string by new_string.
func replacement(path string, a map[string]any) session.FileDiff {
	return present.Replacement(path, jsonline.Str(a, "old_string"), jsonline.Str(a, "new_string"))
}

func everywhere(a present.Args) string {
	if a["replace_all"] == true {
		return " (every occurrence)"
	}
	return ""
}

// window names the lines a view asked for: 0-based offset, limit.
func window(a present.Args) string {
	off, hasOff := a.Num("offset")
	lim, hasLim := a.Num("limit")
	switch {
	case hasOff && hasLim && lim > 0:
		return " (" + present.JSNumber(off+1) + " - " + present.JSNumber(off+lim) + ")"
	case hasOff && off > 0:
		return " (from line " + present.JSNumber(off+1) + ")"
	case hasLim && lim > 0:
		return " (1 - " + present.JSNumber(lim) + ")"
	}
	return ""
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// plan shows the todos tool's list as the plan.
func plan(num int, a present.Args) session.Entry {
	return &session.Plan{EntryBase: base(num, 0), Items: present.TodoItems(a)}
}

// resultView is a finished call's card; the generic one for a tool deck
// has no card of.
func (d *decoder) resultView(c *session.ToolCall, a present.Args, res resultData) session.ResultView {
	if res.IsError {
		if c.Name == "bash" {
			return session.TerminalResultView{Output: res.Content}
		}
		return session.GenericResultView{}
	}
	meta, _ := jsonline.AsObject(jsonline.Loose([]byte(res.Metadata)))
	switch c.Name {
	case "view":
		if v, ok := d.read(a, res.Content, meta); ok {
			return v
		}
	case "write", "edit", "multiedit":
		return d.edited(c, a, meta)
	case "bash":
		c.StartTime, _ = jsonline.Int(meta["start_time"])
		c.EndTime, _ = jsonline.Int(meta["end_time"])
		return bashResult(res.Content, meta)
	case "job_output":
		return jobResult(res.Content)
	case "grep":
		return present.FoundMatches(res.Content)
	case "glob":
		return present.FoundPaths(res.Content)
	case "ls":
		return listResult(res.Content, meta)
	case "fetch", "web_fetch", "download":
		return session.WebFetchResultView{URL: a.Str("url")}
	case "web_search":
		return searchResult(res.Content)
	case "agent", "agentic_fetch", "question":
		return session.GenericResultView{Content: present.Text(res.Content)}
	}
	return present.OtherResult(c.Name)
}

var (
	numberedRow = regexp.MustCompile(`^ *(\d+)\|(.*)$`)                                // "     12|text"
	moreLines   = regexp.MustCompile(`\(File has more lines\. Use 'offset' parameter`) // a window short of the file's end
)

// read is the view tool's card: the lines it read (the metadata keeps
// them as the file holds them; the output numbers them), numbered from
// the offset asked for. A window from the top that reached the end is
// the whole file.
func (d *decoder) read(a present.Args, out string, meta map[string]any) (session.ReadResultView, bool) {
	path := firstOf(jsonline.Str(meta, "file_path"), a.Str("file_path"))
	off, _ := a.Num("offset")
	first := int(max(off, 0)) + 1
	var lines []session.ReadFileLine
	if content, ok := meta["content"].(string); ok {
		lines = present.PlainLines(content, first)
	} else {
		body, _, _ := strings.Cut(strings.TrimPrefix(out, "<file>\n"), "\n</file>")
		for row := range strings.SplitSeq(body, "\n") {
			m := numberedRow.FindStringSubmatch(row)
			if m == nil {
				break
			}
			n, _ := strconv.Atoi(m[1])
			lines = append(lines, session.ReadFileLine{Number: n, Text: m[2]})
		}
	}
	if len(lines) == 0 {
		return session.ReadResultView{}, false
	}
	total := 0
	if first == 1 && !moreLines.MatchString(out) {
		total = len(lines)
	}
	v := present.ReadView(path, lines, total)
	d.files.Read(v)
	return v, true
}

// edited is the diff a write or an edit made, numbered with the file's
// lines: an edit's metadata keeps the whole file before and after it, a
// write's a unified diff.
func (d *decoder) edited(c *session.ToolCall, a present.Args, meta map[string]any) session.ResultView {
	path := a.Str("file_path")
	var diffs []session.FileDiff
	var starts []int
	switch {
	case c.Name == "write" && strings.Contains(jsonline.Str(meta, "diff"), "@@"):
		diffs, starts = present.UnifiedHunks(path, jsonline.Str(meta, "diff"))
	case c.Name != "write" && meta["new_content"] != nil:
		var old *string
		if o := jsonline.Str(meta, "old_content"); o != "" {
			old = &o
		}
		diffs, starts = present.TextHunks(path, old, jsonline.Str(meta, "new_content"))
	}
	if len(diffs) == 0 {
		if v, ok := c.Call.(session.DiffCallView); ok {
			c.DiffStarts = d.files.Number(v.Diffs)
			d.files.Apply(v.Diffs, c.DiffStarts)
			return session.DiffResultView{Diffs: v.Diffs}
		}
		return session.GenericResultView{}
	}
	c.DiffStarts = starts
	d.files.Apply(diffs, starts)
	return session.DiffResultView{Diffs: diffs}
}

var (
	exitRow = regexp.MustCompile(`(?:^|\n)Exit code (\d+)$`)
	cwdTail = regexp.MustCompile(`\n\n<cwd>[^\n]*</cwd>$`)
)

// bashResult is the terminal card: the output as the tool kept it in its
// metadata (the text the model got ends with the folder it ran in), and
// the exit status, which Crush writes as the output's last line when it
// is not 0 ("Command was aborted before completion" when it was
// interrupted); a command moved to the background has none yet.
func bashResult(out string, meta map[string]any) session.ResultView {
	text, kept := meta["output"].(string)
	if !kept {
		text = cwdTail.ReplaceAllString(out, "")
		if text == "no output" {
			text = ""
		}
	}
	text = strings.TrimRight(text, "\n")
	v := session.TerminalResultView{Output: text}
	switch m := exitRow.FindStringSubmatch(text); {
	case meta["background"] == true && jsonline.Str(meta, "shell_id") != "":
		v.Output = out
	case m != nil:
		code, _ := strconv.Atoi(m[1])
		v.ExitCode = &code
	case strings.HasSuffix(text, "Command was aborted before completion"):
	default:
		code := 0
		v.ExitCode = &code
	}
	return v
}

// jobResult is a background job's output so far: "Status: …" and the
// output after a blank line.
func jobResult(out string) session.ResultView {
	status, body, _ := strings.Cut(out, "\n\n")
	v := session.TerminalResultView{Title: strings.TrimPrefix(status, "Status: "), Output: strings.TrimRight(body, "\n")}
	if v.Output == "no output" {
		v.Output = ""
	}
	if m := exitRow.FindStringSubmatch(v.Output); m != nil && v.Title == "completed" {
		code, _ := strconv.Atoi(m[1])
		v.ExitCode = &code
	} else if v.Title == "completed" {
		code := 0
		v.ExitCode = &code
	}
	return v
}

// listResult reads ls's tree ("- root/" then "  - name" rows, two spaces
// a level) into the paths below the root.
func listResult(out string, meta map[string]any) session.ResultView {
	v := session.SearchPathsResultView{Paths: []string{}, Truncated: meta["truncated"] == true}
	var stack []string
	for row := range strings.SplitSeq(out, "\n") {
		trimmed := strings.TrimLeft(row, " ")
		name, ok := strings.CutPrefix(trimmed, "- ")
		if !ok {
			continue
		}
		depth := (len(row) - len(trimmed)) / 2
		if depth == 0 {
			stack = stack[:0]
			continue // the root, which the call's title names
		}
		if depth > len(stack)+1 {
			return session.GenericResultView{} // no tree deck knows
		}
		stack = append(stack[:depth-1], strings.TrimSuffix(name, "/"))
		p := strings.Join(stack, "/")
		if strings.HasSuffix(name, "/") {
			p += "/"
		}
		v.Paths = append(v.Paths, p)
	}
	if n, ok := jsonline.Int(meta["number_of_files"]); ok {
		v.Total = int(n)
	}
	return v
}

var searchRow = regexp.MustCompile(`^\d+\. (.*)$`)

// searchResult reads web_search's "N. title", "   URL: …", "   Summary:
// …" rows into its sources.
func searchResult(out string) session.ResultView {
	v := session.WebSearchResultView{Sources: []session.WebSource{}}
	for row := range strings.SplitSeq(out, "\n") {
		switch t := strings.TrimSpace(row); {
		case searchRow.MatchString(row):
			v.Sources = append(v.Sources, session.WebSource{Title: searchRow.FindStringSubmatch(row)[1]})
		case len(v.Sources) == 0:
		case strings.HasPrefix(t, "URL: "):
			v.Sources[len(v.Sources)-1].URL = strings.TrimPrefix(t, "URL: ")
		case strings.HasPrefix(t, "Summary: "):
			v.Sources[len(v.Sources)-1].Snippet = strings.TrimPrefix(t, "Summary: ")
		}
	}
	return v
}
