package acp

import (
	"path"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
)

// present makes a call's views again from what the log has said of it, by
// its ACP kind: read, edit, execute, search and fetch get their own cards,
// any other kind the generic one. A call not finished has only its call view.
func (d *Decoder) present(c *call) {
	t := c.entry
	t.Name = c.name()
	t.Arguments = c.inputJSON
	t.Call = d.callView(c)
	t.Result, t.View = nil, nil
	if c.finished() {
		t.Unfinished = false
		t.Result = &session.ToolResult{Content: c.resultContent(), IsError: c.status == "failed"}
		t.View = d.resultView(c)
		t.Duration = duration(c.output)
	} else if v, ok := d.streaming(c); ok {
		t.View = v
	}
	d.track(c)
}

// streaming is the output a command still running has printed so far
// (streamed in _meta, or read from its terminal), shown as it comes; the
// call stays pending, with no exit code until it finishes.
func (d *Decoder) streaming(c *call) (session.TerminalResultView, bool) {
	if _, mcp := c.mcp(); mcp || c.kindOf() != "execute" {
		return session.TerminalResultView{}, false
	}
	out := c.streamed.String()
	for _, id := range c.terminals {
		if t := d.terminals[callKey{c.key.session, id}]; out == "" && t != nil && t.hasOutput {
			out = t.output
		}
	}
	return session.TerminalResultView{Output: out}, out != ""
}

// duration is how long a call ran, in ms, as its raw output says: Codex's
// duration {secs, nanos}, or Claude Code's durationMs. 0 when it does not.
func duration(out any) int64 {
	m, _ := out.(map[string]any)
	if d, ok := m["duration"].(map[string]any); ok {
		secs, ok1 := jsonline.Int(d["secs"])
		nanos, _ := jsonline.Int(d["nanos"])
		if ok1 && secs >= 0 && nanos >= 0 {
			return secs*1000 + nanos/1e6
		}
	}
	if ms, ok := jsonline.Int(m["durationMs"]); ok && ms >= 0 {
		return ms
	}
	return 0
}

// name is the tool's name: Claude Code's when the adapter says it, an MCP
// tool's when that is the title, else the call's kind.
func (c *call) name() string {
	if _, ok := present.MCPTitle(c.title); ok && c.toolName == "" {
		return c.title
	}
	return orElse(c.toolName, c.kindOf())
}

// mcp is an MCP server's tool call ("github · search"), by its name or its
// title (mcp__github__search, mcp.github.search): whatever kind the adapter
// gave it, not a command nor a read, but a tool whose input says what it did.
func (c *call) mcp() (title string, ok bool) {
	return present.MCPTitle(c.name())
}

func (c *call) kindOf() string { return orElse(c.kind, "other") }

func (c *call) titleOf() string {
	return orElse(c.title, c.name()+" "+c.key.id)
}

func (d *Decoder) callView(c *call) session.CallView {
	if title, ok := c.mcp(); ok {
		return session.GenericCallView{Title: title, Kind: "mcp", RawInput: c.rawInput, Content: c.blocks(), Locations: c.locations}
	}
	switch c.kindOf() {
	case "edit":
		if diffs, _ := c.diffs(); len(diffs) > 0 {
			return session.DiffCallView{Title: c.titleOf(), Diffs: diffs, Locations: c.locations}
		}
	case "execute":
		return session.TerminalCallView{Title: d.command(c), Description: str(c.input, "description"), Cwd: d.cwd(c)}
	}
	v := session.GenericCallView{Title: c.titleOf(), Kind: session.ToolCallKind(c.kindOf()), Content: c.blocks(), Locations: c.locations}
	if len(v.Content) == 0 && !empty(c.rawInput) {
		v.RawInput = c.rawInput
	}
	return v
}

func (d *Decoder) resultView(c *call) session.ResultView {
	kind := c.kindOf()
	if _, ok := c.mcp(); ok {
		return session.GenericResultView{} // its result, as the tool wrote it
	}
	if c.status == "failed" && kind != "execute" {
		return session.GenericResultView{} // the error, as the tool wrote it
	}
	switch kind {
	case "read":
		if v, ok := c.readView(); ok {
			return v
		}
	case "edit":
		if diffs, _ := c.diffs(); len(diffs) > 0 {
			return session.DiffResultView{Diffs: diffs}
		}
	case "execute":
		return d.terminalView(c)
	case "search":
		v := present.SearchFromText(searchText(c.text()))
		if m, ok := v.(session.SearchMatchesResultView); ok {
			m.Match = searchMatch(c)
			return m
		}
		return v
	case "fetch":
		if url := str(c.input, "url"); url != "" {
			v := session.WebFetchResultView{URL: url}
			if r, ok := c.response.(map[string]any); ok {
				if n, ok := jsonline.Int(r["code"]); ok {
					v.StatusCode = int(n)
				}
			}
			return v
		}
		if str(c.input, "query") != "" {
			return webSearch(c.text())
		}
	}
	return session.GenericResultView{}
}

// resultContent is the call's result as text: its content blocks, else its
// output. Adapters fence some results (errors, file text): the fence goes.
func (c *call) resultContent() []session.ContentBlock {
	if c.responded { // Claude Code's own result finished the call
		if text, ok := outputText(c.response); ok {
			return []session.ContentBlock{{Type: "text", Text: text}}
		}
	}
	blocks := c.blocks()
	for i, b := range blocks {
		if b.Type == "text" {
			blocks[i].Text = present.Unfence(b.Text)
		}
	}
	if len(blocks) > 0 {
		return blocks
	}
	if text, ok := outputText(c.output); ok {
		return []session.ContentBlock{{Type: "text", Text: text}}
	}
	if text, ok := outputText(c.response); ok {
		return []session.ContentBlock{{Type: "text", Text: text}}
	}
	return nil
}

// blocks is the call's content blocks, in a slice of their own.
func (c *call) blocks() []session.ContentBlock {
	var out []session.ContentBlock
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
func (c *call) text() string {
	if text, ok := outputText(c.output); ok {
		return text
	}
	if text, ok := outputText(c.response); ok && c.responded {
		return text
	}
	if blocks := c.blocks(); len(blocks) > 0 {
		return present.Unfence(session.TextOf(blocks))
	}
	text, _ := outputText(c.response)
	return text
}

// readView is a read call's window of the file: its lines numbered from
// where the read started (the input's offset or line, else the location's
// line), or by the numbers the tool printed.
func (c *call) readView() (session.ReadResultView, bool) {
	p := ""
	if len(c.locations) > 0 {
		p = c.locations[0].Path
	}
	for _, k := range []string{"file_path", "path", "abs_path"} {
		if p == "" {
			p = str(c.input, k)
		}
	}
	if p == "" {
		return session.ReadResultView{}, false
	}
	first := 1
	for _, k := range []string{"offset", "line"} {
		if n, ok := jsonline.Int(c.input[k]); ok && n > 0 && first == 1 {
			first = int(n)
		}
	}
	if first == 1 && len(c.locations) > 0 && c.locations[0].Line > 0 {
		first = c.locations[0].Line
	}
	text := c.text()
	lines, ok := present.NumberedLines(text)
	if !ok {
		lines = present.PlainLines(text, first)
	}
	v := present.ReadView(path.Clean(p), lines, 0)
	if len(lines) == 0 {
		v.Offset = first
	}
	return v, true
}
