package opencode

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
)

// opencode's tools (packages/opencode/src/tool: read, write, edit,
// multiedit, apply_patch/patch, bash, grep, glob, list, webfetch,
// websearch, codesearch, todowrite/todoread, task, question, skill)
// mapped onto the harness's cards. Each tool part holds the call's input,
// and once done its output (the text the model got), a title and the
// tool's metadata; a failed call holds its error instead.

// tool makes a tool part's card: a plan for todowrite.
func (d *decoder) tool(num int, p *part) {
	st := p.State
	if st == nil {
		d.s.Notice(num, "a tool part with no state: "+strconv.Quote(p.Tool))
		return
	}
	args := string(st.Input)
	if len(st.Input) == 0 || st.Input.Kind() != '{' {
		args = "{}"
	}
	a, _ := present.ParseArgs(args)
	if p.Tool == "todowrite" && st.Status == "completed" {
		d.s.Add(d.plan(num, st.Time.Start, a))
		d.s.Tally(session.AsEntry, "")
		return
	}
	c := &session.ToolCall{EntryBase: base(num, st.Time.Start), CallID: p.CallID, Name: p.Tool, Arguments: args, StartTime: st.Time.Start}
	c.Call = callView(p.Tool, a, st)
	if v, ok := c.Call.(session.DiffCallView); ok {
		c.DiffStarts = d.files.Number(v.Diffs)
	}
	meta := jsonline.Loose(st.Metadata)
	m, _ := jsonline.AsObject(meta)
	switch st.Status {
	case "completed":
		c.Result = &session.ToolResult{Content: present.Text(st.Output)}
		c.EndTime = st.Time.End
		c.View = d.resultView(c, a, st, m)
	case "error":
		c.Result = &session.ToolResult{Content: present.Text(st.Error), IsError: true}
		c.EndTime = st.Time.End
		if p.Tool == "bash" {
			c.View = session.TerminalResultView{Output: st.Error}
		} else {
			c.View = session.GenericResultView{}
		}
	}
	if p.Tool == "task" {
		d.nest(c, m, st.Output)
	}
	d.s.Add(c)
	d.s.Tally(session.AsEntry, "")
}

// callView is what a call shows while it runs, from its input.
func callView(name string, a present.Args, st *toolState) session.CallView {
	path := a.Str("filePath")
	switch name {
	case "read":
		return session.GenericCallView{Title: "Read " + path + window(a), Kind: "read", Locations: present.At(path)}
	case "write":
		return present.WriteCall(path, a.Str("content"))
	case "edit":
		diff := present.Replacement(path, a.Str("oldString"), a.Str("newString"))
		title := "Edit " + path
		if a["replaceAll"] == true {
			title += " (every occurrence)"
		}
		return session.DiffCallView{Title: title, Diffs: []session.FileDiff{diff}, Locations: present.At(path)}
	case "bash":
		return session.TerminalCallView{Title: a.Str("command"), Description: a.Str("description"), Cwd: a.Str("workdir")}
	case "grep":
		return present.SearchCall(a.Str("pattern"), a.Str("path"), a.Str("include"))
	case "glob":
		return present.GlobCall(a.Str("pattern"), a.Str("path"))
	case "list":
		p := firstOf(a.Str("path"), ".")
		return session.GenericCallView{Title: "List " + p, Kind: "read", Locations: present.At(a.Str("path"))}
	case "webfetch":
		return session.GenericCallView{Title: a.Str("url"), Kind: "fetch"}
	case "websearch", "codesearch":
		return session.GenericCallView{Title: a.Str("query"), Kind: "search"}
	case "task":
		return session.GenericCallView{Title: "Agent " + firstOf(a.Str("subagent_type"), "task") + ": " + a.Str("description"), Kind: "other", RawInput: present.Optional(a.Str("prompt"))}
	case "question":
		return session.GenericCallView{Title: firstOf(st.Title, "Ask the user"), Kind: "other", Content: present.Text(present.QuestionList(a))}
	case "todoread":
		return session.GenericCallView{Title: "Read the todo list", Kind: "other"}
	case "skill":
		return session.GenericCallView{Title: "Skill " + a.Str("name"), Kind: "other"}
	case "apply_patch", "patch", "multiedit":
		return session.GenericCallView{Title: firstOf(st.Title, "Patch "+path), Kind: "edit", RawInput: present.RawArgs(a)}
	}
	return present.OtherCall(name, firstOf(st.Title, name), a)
}

// window names the lines a read asked for: 0-based offset, limit.
func window(a present.Args) string {
	off, hasOff := a.Num("offset")
	lim, hasLim := a.Num("limit")
	switch {
	case hasOff && hasLim:
		return " (" + present.JSNumber(off+1) + " - " + present.JSNumber(off+lim) + ")"
	case hasOff:
		return " (from line " + present.JSNumber(off+1) + ")"
	case hasLim:
		return " (1 - " + present.JSNumber(lim) + ")"
	}
	return ""
}

// plan shows todowrite's list as the plan.
func (d *decoder) plan(num int, at int64, a present.Args) session.Entry {
	return &session.Plan{EntryBase: base(num, at), Items: present.TodoItems(a)}
}

// resultView is a completed call's card; the generic one for a tool
// deck has no card of.
func (d *decoder) resultView(c *session.ToolCall, a present.Args, st *toolState, meta map[string]any) session.ResultView {
	switch c.Name {
	case "read":
		if v, ok := readResult(a.Str("filePath"), st.Output); ok {
			d.files.Read(v)
			if v.Offset == 1 && v.TotalLines == len(v.Lines) {
				d.whole[a.Str("filePath")] = wholeText(v.Lines)
			}
			return v
		}
	case "write", "edit":
		return d.editResult(c, a, meta)
	case "bash":
		return bashResult(st.Output, meta)
	case "grep":
		return present.FoundMatches(st.Output)
	case "glob":
		return present.FoundPaths(st.Output)
	case "webfetch":
		return session.WebFetchResultView{URL: a.Str("url")}
	case "question":
		return session.GenericResultView{Content: present.Text(st.Output)}
	}
	return present.OtherResult(c.Name)
}

var (
	numberedRow = regexp.MustCompile(`^(\d+)(?:: |\| )(.*)$`) // today's "12: text", older releases' "00012| text"
	totalLines  = regexp.MustCompile(`\(End of file - total (\d+) lines\)|of (\d+)\. Use offset=`)
)

// readResult reads the read tool's output: the file's lines, numbered,
// inside <content> (or the older <file>), then a note that says the
// file's length or where to read on.
func readResult(path, out string) (session.ReadResultView, bool) {
	body, ok := between(out, "<content>\n", "</content>")
	if !ok {
		if body, ok = between(out, "<file>\n", "</file>"); !ok {
			return session.ReadResultView{}, false
		}
	}
	var lines []session.ReadFileLine
	for row := range strings.SplitSeq(body, "\n") {
		m := numberedRow.FindStringSubmatch(row)
		if m == nil {
			if len(lines) > 0 {
				break // the blank row before the closing note
			}
			continue
		}
		n, _ := strconv.Atoi(m[1])
		if len(lines) > 0 && n != lines[len(lines)-1].Number+1 {
			break
		}
		lines = append(lines, session.ReadFileLine{Number: n, Text: m[2]})
	}
	total := 0
	if m := totalLines.FindStringSubmatch(body); m != nil {
		total, _ = strconv.Atoi(firstOf(m[1], m[2]))
	}
	if len(lines) == 0 {
		return session.ReadResultView{}, false
	}
	return present.ReadView(path, lines, total), true
}

func between(s, open, end string) (string, bool) {
	_, rest, ok := strings.Cut(s, open)
	if !ok {
		return "", false
	}
	i := strings.LastIndex(rest, end)
	if i < 0 {
		return rest, true
	}
	return rest[:i], true
}

// editResult is the diff an edit or a write made: from the unified diff
// opencode keeps in the call's metadata, else from its input.
func (d *decoder) editResult(c *session.ToolCall, a present.Args, meta map[string]any) session.ResultView {
	path := a.Str("filePath")
	var diffs []session.FileDiff
	var starts []int
	if u := jsonline.Str(meta, "diff"); u != "" && strings.Contains(u, "@@") {
		diffs, starts = present.UnifiedHunks(path, u)
	}
	if len(diffs) == 0 {
		switch c.Name {
		case "edit":
			old := a.Str("oldString")
			diffs, starts = present.TextHunks(path, &old, a.Str("newString"))
		case "write":
			if old, ok := d.whole[path]; ok {
				diffs, starts = present.TextHunks(path, &old, a.Str("content"))
			} else if meta["exists"] == false {
				diffs, starts = present.TextHunks(path, nil, a.Str("content"))
			} else {
				diffs = []session.FileDiff{{Path: path, NewText: a.Str("content"), Whole: true}}
				starts = []int{0}
			}
		}
	}
	if len(diffs) == 0 {
		return session.GenericResultView{}
	}
	c.DiffStarts = starts
	d.files.Apply(diffs, starts)
	d.track(c.Name, path, a)
	return session.DiffResultView{Diffs: diffs}
}

// bashResult is the terminal card: the output as the tool kept it in its
// metadata (the text the model got may carry notes after it) and the
// exit status.
func bashResult(out string, meta map[string]any) session.ResultView {
	v := session.TerminalResultView{Output: strings.TrimRight(out, "\n")}
	if o, ok := meta["output"].(string); ok {
		v.Output = strings.TrimRight(o, "\n")
	}
	if n, ok := jsonline.Int(meta["exit"]); ok {
		code := int(n)
		v.ExitCode = &code
	}
	return v
}

// wholeText joins a whole file's lines as the file holds them.
func wholeText(lines []session.ReadFileLine) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l.Text)
		b.WriteByte('\n')
	}
	return b.String()
}

// track keeps a file's whole text known past a write (its content) and an
// edit of a file known whole (its replacement made in it).
func (d *decoder) track(tool, path string, a present.Args) {
	switch old, ok := d.whole[path]; {
	case tool == "write":
		d.whole[path] = a.Str("content")
	case ok && a.Str("oldString") != "" && strings.Contains(old, a.Str("oldString")):
		n := 1
		if a["replaceAll"] == true {
			n = -1
		}
		d.whole[path] = strings.Replace(old, a.Str("oldString"), a.Str("newString"), n)
	default:
		delete(d.whole, path)
	}
}
