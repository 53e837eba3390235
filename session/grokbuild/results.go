package grokbuild

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
	"github.com/go-json-experiment/json/jsontext"
)

// A tool_result holds what the tool told the model (ToolOutput's
// to_prompt_format, xai-grok-tools types/output.rs), and nothing else: no
// status, no time. Each card is read from those words, as each tool
// writes them.

// result puts a tool's result on its call: a result for no call, or for
// a call that has one, is a card of its own, marked.
func (d *Decoder) result(num int, id string, raw jsontext.Value, images []jsontext.Value) (session.Outcome, string, error) {
	content, err := parts(raw)
	if err != nil {
		return 0, "", fmt.Errorf("`tool_result` record: %w", err)
	}
	for _, im := range images { // what a read of an image or a PDF sent the model
		var p part
		if jsonline.Unmarshal(im, &p) == nil {
			content = append(content, p.block())
		}
	}
	r := &session.ToolResult{Content: content}
	text := session.TextOf(content)
	switch {
	case strings.HasPrefix(text, "Tool execution was cancelled by the user (tool `") && strings.HasSuffix(text, "` was not executed)."):
		r.Cancelled = true
	case strings.HasPrefix(text, "Tool execution was halted by the harness (") && strings.HasSuffix(text, "` was not executed."):
		r.Error = &session.ToolError{Code: session.ToolNotStarted, Reason: text}
	}
	k := d.calls[id]
	switch {
	case k != nil && k.plan:
		return session.AsBookkeeping, "todo_write result (its plan is shown)", nil
	case k != nil && k.c.Result != nil && synthetic(k.c.Result):
		k.c.Result, k.c.View = nil, nil // the call's real result, after the one written in its place: it wins
	}
	switch {
	case k == nil || k.c.Result != nil:
		c := &session.ToolCall{EntryBase: base(num), CallID: id, Name: "(unknown tool)", Orphan: k == nil, Duplicate: k != nil, Result: r}
		c.Call = session.GenericCallView{Title: c.Name}
		if k != nil {
			c.Name, c.Call = k.c.Name, k.c.Call
		}
		c.View = session.GenericResultView{}
		d.s.Add(c)
		return session.AsEntry, "", nil
	}
	c := k.c
	c.Result = r
	d.present(c, k.args)
	if c.Name == "task" && !synthetic(r) {
		d.subagent(c, text)
	}
	d.s.Touch(c)
	return session.AsMerge, "", nil
}

// synthetic reports a result Grok Build wrote in place of a call's own,
// for a call its turn left without one (repair_dangling_tool_calls): the
// person cancelled it, or Grok Build halted the turn. Neither ran.
func synthetic(r *session.ToolResult) bool {
	return r.Cancelled || r.Error != nil && r.Error.Code == session.ToolNotStarted
}

// present sets a done call's view by its tool.
func (d *Decoder) present(c *session.ToolCall, a present.Args) {
	if synthetic(c.Result) { // the generic card says why it never ran
		c.View = session.GenericResultView{}
		return
	}
	text := session.TextOf(c.Result.Content)
	var v session.ResultView
	switch c.Name {
	case "read_file":
		v = d.readResult(a, c.Result, text)
	case "search_replace":
		v = d.editResult(c, a, text)
	case "run_terminal_cmd":
		v = shellResult(text)
	case "grep":
		v = grepResult(a, text)
	case "web_search":
		v = session.WebSearchResultView{Sources: []session.WebSource{}, Answer: strings.TrimSpace(searchAnswer(text))}
	case "web_fetch":
		v = session.WebFetchResultView{URL: a.Str("url")}
	case "task":
		v = session.GenericResultView{Content: markdown(subagentAnswer(text))}
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

// notContent are how read_file's words start when they are not the file's
// text: its errors, an empty file, a window past the end, an image, a PDF,
// a file too large (read_file/mod.rs, types/output.rs).
var notContent = []string{"Error: ", "Failed to read file", "Permission denied: ", "File content (", "The requested line range",
	"File is empty.", "(no lines returned", "[Image content", "[Read PDF"}

// readResult is the read card. Grok Build numbers the lines it sends the
// model by anchors: the first line and every tenth line of the file start
// "N→" (extract_file_content_lines); the lines between are bare. Text with
// no anchors (an older release's, the corpus's sample) is the file's text
// from the line the read started at. Its length is never said.
func (d *Decoder) readResult(a present.Args, r *session.ToolResult, text string) session.ResultView {
	if len(r.Content) != 1 || r.Content[0].Type != "text" || text == "" {
		return nil
	}
	for _, p := range notContent {
		if strings.HasPrefix(text, p) {
			return nil
		}
	}
	lines, ok := anchored(text)
	if !ok {
		start := 1
		if off, ok := a.Num("offset"); ok && off > 1 {
			start = int(off)
		} else if ok && off < 0 {
			return nil // counted from an end deck does not know
		}
		lines = present.PlainLines(text, start)
	}
	v := present.ReadView(a.Str("target_file"), lines, 0)
	d.files.Read(v)
	return v
}

// anchored reads text whose lines carry read_file's anchors. ok is false
// when a line that must carry one does not.
func anchored(text string) ([]session.ReadFileLine, bool) {
	trailing := strings.HasSuffix(text, "\n") // the file's last line ended: the phantom line after it is bare
	rows := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	first, rest, ok := anchor(rows[0])
	if !ok {
		return nil, false
	}
	out := make([]session.ReadFileLine, 0, len(rows))
	out = append(out, session.ReadFileLine{Number: first, Text: rest})
	for i, row := range rows[1:] {
		n := first + i + 1
		if n%10 == 0 {
			got, text, ok := anchor(row)
			if !ok || got != n {
				return nil, false
			}
			row = text
		}
		out = append(out, session.ReadFileLine{Number: n, Text: row})
	}
	if last := out[len(out)-1]; !trailing && len(out) > 1 && last.Number%10 == 0 && last.Text == "" {
		out = out[:len(out)-1] // the phantom line after a last newline, anchored as a tenth line is
	}
	return out, true
}

// anchor reads "N→text".
func anchor(row string) (int, string, bool) {
	num, text, ok := strings.Cut(row, "→")
	if !ok || num == "" || len(num) > 9 {
		return 0, "", false
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 1 || strings.ContainsAny(num, "+-") {
		return 0, "", false
	}
	return n, text, true
}

// editResult is the diff card of a search_replace: what it asked to
// change, numbered from what the session read of the file. A result in
// other words than its success ("The file … has been created" or
// "updated") is its error: the call failed.
func (d *Decoder) editResult(c *session.ToolCall, a present.Args, text string) session.ResultView {
	p := a.Str("file_path")
	if !strings.HasPrefix(text, "The file "+p+" has been ") {
		c.Result.IsError = true
		return nil
	}
	diffs, starts := editDiffs(a), c.DiffStarts
	if a.Str("old_string") == "" {
		starts = []int{1}
	}
	if a["replace_all"] == true && strings.Contains(text, "All occurrences") {
		d.files.Forget(p) // changed in places one diff does not say
	} else {
		d.files.Apply(diffs, starts)
	}
	c.DiffStarts = starts
	return session.DiffResultView{Title: session.CallTitle(c.Call), Diffs: diffs}
}

var exitHeader = regexp.MustCompile(`^exit: (?:(-?\d+)|killed \(([^)]*)\))`)

// shellResult is the terminal card of a command, from the bash tool's
// words (format_default_prompt): "exit: N" (or "exit: killed (reason)"),
// then the output; a command moved to the background is its notice, with
// no exit status. Output with no such header says none.
func shellResult(text string) session.ResultView {
	head, rest, _ := strings.Cut(text, "\n")
	m := exitHeader.FindStringSubmatch(head)
	if m == nil {
		return session.TerminalResultView{Output: strings.TrimRight(text, "\n")}
	}
	v := session.TerminalResultView{Output: strings.TrimRight(rest, "\n")}
	if m[2] != "" {
		v.Signal = m[2]
		return v
	}
	if n, err := strconv.Atoi(m[1]); err == nil {
		v.ExitCode = &n
	}
	return v
}

// grepResult is the search card of a grep, from its words
// (finalize_grep): inside <workspace_result>, "No matches found", or
// "Found N matching lines" then ripgrep's --heading rows (a file's path,
// then "12:text" for a match, "12-text" for context), or "Found N files"
// then a path a line.
func grepResult(a present.Args, text string) session.ResultView {
	body, ok := workspaceResult(text)
	if !ok {
		return nil
	}
	head, rest, _ := strings.Cut(body, "\n")
	switch {
	case head == "No matches found":
		return session.SearchMatchesResultView{Files: []session.SearchFileMatches{}, Match: grepMatch(a)}
	case strings.HasPrefix(head, "Found ") && strings.HasSuffix(head, " files"):
		return pathRows(rest, strings.HasPrefix(head, "Found at least "))
	case !strings.HasPrefix(head, "Found ") || !strings.HasSuffix(head, " matching lines"):
		return nil
	}
	v := session.SearchMatchesResultView{Files: []session.SearchFileMatches{}, Truncated: strings.HasPrefix(head, "Found at least "), Match: grepMatch(a)}
	for _, l := range strings.Split(rest, "\n") {
		switch n, row, kind := rgRow(l); {
		case l == "" || l == "--":
		case kind == ':' && len(v.Files) > 0:
			f := &v.Files[len(v.Files)-1]
			f.Matches = append(f.Matches, session.SearchLineMatch{LineNumber: n, Line: row})
			v.Total++
		case kind == '-':
		case strings.HasPrefix(l, "... [") && strings.HasSuffix(l, " lines truncated] ..."):
			v.Truncated = true
		default:
			v.Files = append(v.Files, session.SearchFileMatches{Path: l})
		}
	}
	return v
}

// workspaceResult opens the <workspace_result workspace_path="…"> a
// grep's words are wrapped in.
func workspaceResult(text string) (string, bool) {
	head, rest, ok := strings.Cut(strings.TrimSpace(text), "\n")
	if !ok || !strings.HasPrefix(head, "<workspace_result") || !strings.HasSuffix(head, ">") {
		return "", false
	}
	body, ok := strings.CutSuffix(rest, "</workspace_result>")
	return strings.TrimSuffix(body, "\n"), ok
}

// rgRow reads a row of ripgrep's --heading output: "12:text" (a match)
// or "12-text" (context); kind 0 for neither.
func rgRow(l string) (int, string, byte) {
	i := 0
	for i < len(l) && l[i] >= '0' && l[i] <= '9' {
		i++
	}
	if i == 0 || i > 9 || i == len(l) || l[i] != ':' && l[i] != '-' {
		return 0, "", 0
	}
	n, _ := strconv.Atoi(l[:i])
	return n, l[i+1:], l[i]
}

// grepMatch is what a grep matched, as Go reads it: its pattern,
// case-blind when it asked (-i); "" when Go cannot read it.
func grepMatch(a present.Args) string {
	pat := a.Str("pattern")
	if pat == "" {
		return ""
	}
	if a["-i"] == true {
		pat = "(?i)" + pat
	}
	if _, err := regexp.Compile(pat); err != nil {
		return ""
	}
	return pat
}

// pathRows is a list of paths, one a line.
func pathRows(text string, truncated bool) session.ResultView {
	v := session.SearchPathsResultView{Paths: []string{}, Truncated: truncated}
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "... [") {
			v.Paths = append(v.Paths, l)
		}
	}
	v.Total = len(v.Paths)
	return v
}

// searchAnswer is what the web_search tool told the model, without the
// line that repeats the query ("Web search results for: "…"").
func searchAnswer(text string) string {
	if head, rest, ok := strings.Cut(text, "\n"); ok && strings.HasPrefix(head, "Web search results for: ") {
		return rest
	}
	return text
}

// subagentAnswer is a subagent's answer without the footers Grok Build
// adds for the model (<subagent_meta>, <subagent_result>: its id, how to
// resume it).
func subagentAnswer(text string) string {
	for _, tag := range []string{"\n\n<subagent_meta>", "\n\n<subagent_result>", "\n\n<worktree_path>"} {
		if i := strings.Index(text, tag); i >= 0 {
			text = text[:i]
		}
	}
	return text
}
