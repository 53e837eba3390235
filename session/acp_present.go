package session

import (
	"path"
	"sort"
	"strings"
)

// present makes a call's views again from what the log has said of it, by
// its ACP kind: read, edit, execute, search and fetch get their own cards,
// any other kind the generic one. A call not finished has only its call view.
func (d *acpDecoder) present(c *acpCall) {
	t := c.entry
	t.Name = c.name()
	t.Arguments = c.inputJSON
	t.Call = d.callView(c)
	t.Result, t.View = nil, nil
	if c.finished() {
		t.Unfinished = false
		t.Result = &ToolResult{Content: d.resultContent(c), IsError: c.status == "failed"}
		t.View = d.resultView(c)
	}
	d.track(c)
}

// name is the tool's name: Claude Code's when the adapter says it, else the
// call's kind.
func (c *acpCall) name() string {
	return acpOr(c.toolName, c.kindOf())
}

func (c *acpCall) kindOf() string { return acpOr(c.kind, "other") }

func (c *acpCall) titleOf() string {
	return acpOr(c.title, c.name()+" "+c.key.id)
}

func (d *acpDecoder) callView(c *acpCall) CallView {
	switch c.kindOf() {
	case "edit":
		if diffs, _ := c.diffs(); len(diffs) > 0 {
			return DiffCallView{Title: c.titleOf(), Diffs: diffs, Locations: c.locations}
		}
	case "execute":
		return TerminalCallView{Title: d.command(c), Description: acpStr(c.input, "description"), Cwd: d.cwd(c)}
	}
	v := GenericCallView{Title: c.titleOf(), Kind: ToolCallKind(c.kindOf()), Content: c.blocks(), Locations: c.locations}
	if len(v.Content) == 0 && !acpEmpty(c.rawInput) {
		v.RawInput = c.rawInput
	}
	return v
}

func (d *acpDecoder) resultView(c *acpCall) ResultView {
	kind := c.kindOf()
	if c.status == "failed" && kind != "execute" {
		return GenericResultView{} // the error, as the tool wrote it
	}
	switch kind {
	case "read":
		if v, ok := c.readView(); ok {
			return v
		}
	case "edit":
		if diffs, _ := c.diffs(); len(diffs) > 0 {
			return DiffResultView{Diffs: diffs}
		}
	case "execute":
		return d.terminalView(c)
	case "search":
		return searchFromText(acpSearchText(c.text()))
	case "fetch":
		if url := acpStr(c.input, "url"); url != "" {
			v := WebFetchResultView{URL: url}
			if r, ok := c.response.(map[string]any); ok {
				if n, ok := intOf(r["code"]); ok {
					v.StatusCode = int(n)
				}
			}
			return v
		}
		if acpStr(c.input, "query") != "" {
			return acpWebSearch(c.text())
		}
	}
	return GenericResultView{}
}

// resultContent is the call's result as text: its content blocks, else its
// output. Adapters fence some results (errors, file text): the fence goes.
func (d *acpDecoder) resultContent(c *acpCall) []ContentBlock {
	if c.responded { // Claude Code's own result finished the call
		if text, ok := acpOutputText(c.response); ok {
			return []ContentBlock{{Type: "text", Text: text}}
		}
	}
	blocks := c.blocks()
	for i, b := range blocks {
		if b.Type == "text" {
			blocks[i].Text = unfence(b.Text)
		}
	}
	if len(blocks) > 0 {
		return blocks
	}
	if text, ok := acpOutputText(c.output); ok {
		return []ContentBlock{{Type: "text", Text: text}}
	}
	if text, ok := acpOutputText(c.response); ok {
		return []ContentBlock{{Type: "text", Text: text}}
	}
	return nil
}

// blocks is the call's content blocks, in a slice of their own.
func (c *acpCall) blocks() []ContentBlock {
	var out []ContentBlock
	for _, x := range c.content {
		if x.block != nil {
			out = append(out, *x.block)
		}
	}
	return out
}

// text is what the tool printed: its raw output when it has one (the
// adapters' own record), else Claude Code's own result when that finished
// the call, else its content's text unfenced.
func (c *acpCall) text() string {
	if text, ok := acpOutputText(c.output); ok {
		return text
	}
	if text, ok := acpOutputText(c.response); ok && c.responded {
		return text
	}
	if blocks := c.blocks(); len(blocks) > 0 {
		return unfence(TextOf(blocks))
	}
	text, _ := acpOutputText(c.response)
	return text
}

// acpOutputText reads a tool's output from the shapes adapters write:
// Codex's formatted_output / aggregated_output / stdout and stderr, Claude
// Code's stdout / result, an MCP result's text content, or a plain string.
func acpOutputText(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case map[string]any:
		for _, k := range []string{"formatted_output", "aggregated_output", "output"} {
			if s, ok := x[k].(string); ok {
				return s, true
			}
		}
		out, hasOut := x["stdout"].(string)
		errs, hasErr := x["stderr"].(string)
		if hasOut || hasErr {
			if out != "" && errs != "" && !strings.HasSuffix(out, "\n") {
				out += "\n"
			}
			return out + errs, true
		}
		if s, ok := x["result"].(string); ok {
			return s, true
		}
		if f, ok := x["file"].(map[string]any); ok { // Claude Code's Read
			if s, ok := f["content"].(string); ok {
				return s, true
			}
		}
		if list, ok := x["content"].([]any); ok { // an MCP tool's result
			var texts []string
			for _, it := range list {
				if b, ok := it.(map[string]any); ok && b["type"] == "text" {
					texts = append(texts, acpStr(b, "text"))
				}
			}
			return strings.Join(texts, "\n"), len(texts) > 0
		}
	}
	return "", false
}

// command is what an execute call runs: its input's command (a string, or
// an argv whose shell wrapper is dropped), the command of its terminal, or
// its title without the backticks an adapter puts round it.
func (d *acpDecoder) command(c *acpCall) string {
	switch v := c.input["command"].(type) {
	case string:
		if v != "" {
			return v
		}
	case []any:
		if s := acpArgv(v); s != "" {
			return s
		}
	}
	for _, id := range c.terminals {
		if t := d.terminals[acpKey{c.key.session, id}]; t != nil && t.command != "" {
			return strings.Join(append([]string{t.command}, t.args...), " ")
		}
	}
	return strings.Trim(c.titleOf(), "`")
}

// acpArgv words an argv: `bash -lc "script"` is the script.
func acpArgv(argv []any) string {
	words := make([]string, 0, len(argv))
	for _, a := range argv {
		s, ok := a.(string)
		if !ok {
			return ""
		}
		words = append(words, s)
	}
	if len(words) == 3 && (words[1] == "-c" || words[1] == "-lc") {
		switch path.Base(words[0]) {
		case "sh", "bash", "zsh", "dash", "ksh", "fish":
			return words[2]
		}
	}
	for i, w := range words {
		if w == "" || strings.ContainsAny(w, " \t\n\"'$`\\|&;<>()*?") {
			words[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
	}
	return strings.Join(words, " ")
}

// cwd is where an execute call runs.
func (d *acpDecoder) cwd(c *acpCall) string {
	cwd := acpOr(acpStr(c.input, "cwd"), c.cwd)
	for _, id := range c.terminals {
		if t := d.terminals[acpKey{c.key.session, id}]; t != nil && cwd == "" {
			cwd = t.cwd
		}
	}
	if cwd == "" {
		return ""
	}
	return path.Clean(cwd)
}

// terminalView is a finished command: its output (the raw output when the
// adapter gave one, else its terminal's, else what streamed, else its
// content) and how it ended (the raw output's exit code, else the streamed
// exit, else the terminal's).
func (d *acpDecoder) terminalView(c *acpCall) TerminalResultView {
	v := TerminalResultView{}
	out, haveOut := acpOutputText(c.output)
	for _, id := range c.terminals {
		t := d.terminals[acpKey{c.key.session, id}]
		if t == nil {
			continue
		}
		if !haveOut && t.hasOutput {
			out, haveOut = t.output, true
		}
		if v.ExitCode == nil && v.Signal == "" {
			v.ExitCode, v.Signal = t.exit, t.signal
		}
	}
	switch {
	case haveOut:
	case c.streamed.Len() > 0:
		out = c.streamed.String()
	default:
		out = c.text()
	}
	v.Output = out
	if c.exit != nil || c.signal != "" {
		v.ExitCode, v.Signal = c.exit, c.signal
	}
	if m, ok := c.output.(map[string]any); ok {
		if code := acpExitOf(m); code != nil {
			v.ExitCode, v.Signal = code, ""
		}
	}
	return v
}

// acpExitOf reads an exit code in the spellings adapters use.
func acpExitOf(m map[string]any) *int {
	for _, k := range []string{"exit_code", "exitCode"} {
		if code := exitOf(m[k]); code != nil {
			return code
		}
	}
	return nil
}

// readView is a read call's window of the file: its lines numbered from
// where the read started (the input's offset or line, else the location's
// line), or by the numbers the tool printed.
func (c *acpCall) readView() (ReadResultView, bool) {
	p := ""
	if len(c.locations) > 0 {
		p = c.locations[0].Path
	}
	for _, k := range []string{"file_path", "path", "abs_path"} {
		if p == "" {
			p = acpStr(c.input, k)
		}
	}
	if p == "" {
		return ReadResultView{}, false
	}
	first := 1
	for _, k := range []string{"offset", "line"} {
		if n, ok := intOf(c.input[k]); ok && n > 0 && first == 1 {
			first = int(n)
		}
	}
	if first == 1 && len(c.locations) > 0 && c.locations[0].Line > 0 {
		first = c.locations[0].Line
	}
	text := c.text()
	lines, ok := numberedLines(text)
	if !ok {
		lines = plainLines(text, first)
	}
	v := readView(path.Clean(p), lines, 0)
	if len(lines) == 0 {
		v.Offset = first
	}
	return v, true
}

// diffs is an edit call's change, one FileDiff per hunk: from Codex's
// rawInput.changes when it has them (a unified diff per file, whose hunk
// headers say where each hunk starts), else from the ACP diff content (whole
// texts, diffed here), else from the input of Claude Code's Edit or Write.
// starts is nil unless the diffs themselves tell it.
func (c *acpCall) diffs() ([]FileDiff, []int) {
	if !c.diffsMade {
		c.diffList, c.diffStarts = c.makeDiffs()
		c.diffsMade = true
	}
	return c.diffList, c.diffStarts
}

func (c *acpCall) makeDiffs() (diffs []FileDiff, starts []int) {
	if changes, ok := c.input["changes"].(map[string]any); ok && len(changes) > 0 {
		return acpChanges(changes)
	}
	for _, x := range c.content {
		if x.diff != nil {
			d, _ := textHunks(x.diff.Path, x.diff.OldText, x.diff.NewText)
			diffs = append(diffs, d...)
		}
	}
	if len(diffs) > 0 {
		return diffs, nil
	}
	file := acpStr(c.input, "file_path")
	switch {
	case file == "":
	case c.input["new_string"] != nil:
		old := acpStr(c.input, "old_string")
		var oldp *string
		if old != "" {
			oldp = &old
		}
		d, _ := textHunks(file, oldp, acpStr(c.input, "new_string"))
		return d, nil
	case c.input["content"] != nil:
		return []FileDiff{{Path: file, NewText: acpStr(c.input, "content")}}, nil
	}
	return nil, nil
}

// acpChanges reads Codex's changes: path → {add|update|delete: {…}}, the
// update with its unified_diff.
func acpChanges(changes map[string]any) ([]FileDiff, []int) {
	paths := make([]string, 0, len(changes))
	for p := range changes {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	var diffs []FileDiff
	var starts []int
	for _, p := range paths {
		ch, _ := changes[p].(map[string]any)
		op := ""
		if len(ch) == 1 {
			for k, inner := range ch {
				if m, ok := inner.(map[string]any); ok {
					op, ch = k, m
				}
			}
		}
		switch ud := acpStr(ch, "unified_diff"); {
		case ud != "":
			d, s := unifiedHunks(p, ud)
			diffs, starts = append(diffs, d...), append(starts, s...)
		case op == "delete":
			old := acpOr(acpStr(ch, "content"), acpStr(ch, "old_content"))
			diffs, starts = append(diffs, FileDiff{Path: p, OldText: &old}), append(starts, 1)
		default:
			text := acpOr(acpStr(ch, "content"), acpStr(ch, "new_content"))
			diffs, starts = append(diffs, FileDiff{Path: p, NewText: text}), append(starts, 1)
		}
	}
	return diffs, starts
}

// track numbers an edit's hunks from what earlier reads showed of its file
// (or from its own hunk headers), applies a finished edit to that picture
// once, and remembers what a read showed.
func (d *acpDecoder) track(c *acpCall) {
	t := c.entry
	t.DiffStarts = nil
	switch v := t.View.(type) {
	case ReadResultView:
		d.files.read(v)
	case DiffResultView:
		if !c.applied {
			_, starts := c.diffs()
			if starts == nil {
				starts = d.files.number(v.Diffs)
			}
			d.files.apply(v.Diffs, starts)
			c.applied, c.starts = true, starts
		}
		t.DiffStarts = c.starts
	case nil:
		if v, ok := t.Call.(DiffCallView); ok {
			if _, starts := c.diffs(); starts != nil {
				t.DiffStarts = starts
			} else {
				t.DiffStarts = d.files.number(v.Diffs)
			}
		}
	default: // other results say nothing of a file's lines
	}
}
