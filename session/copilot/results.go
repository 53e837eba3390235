package copilot

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
)

// What each call shows once done, read from what the tool told the model
// (the result's content), the fuller text the CLI showed (its
// detailedContent: an edit's diff) and its structured contents (a
// command's exit code).

// present sets a done call's view by its tool.
func (d *Decoder) present(c *session.ToolCall, data *completeData) {
	a, _ := present.ParseArgs(c.Arguments)
	name := c.Name
	if name == "str_replace_editor" {
		name = editorCommand(a)
	}
	text := session.TextOf(c.Result.Content)
	blocks := contents(data)
	for _, b := range blocks {
		if b.Type == "image" {
			c.Result.Content = append(c.Result.Content, session.ContentBlock{Type: "image", Alt: b.MimeType})
		}
	}
	var v session.ResultView
	switch {
	case shells[name]:
		v = shellResult(text, blocks, c.Result.IsError)
	case c.Result.IsError: // the generic card shows why
	default:
		v = d.resultView(c, name, a, data, text)
	}
	if v == nil {
		g := session.GenericResultView{}
		if gv, ok := c.Call.(session.GenericCallView); ok && gv.Kind == "mcp" {
			g.Title = gv.Title
		}
		v = g
	}
	c.View = v
}

// contents are the result's structured blocks deck reads; one that does
// not fit its shape is skipped (the text says what it did).
func contents(data *completeData) []block {
	if data.Result == nil {
		return nil
	}
	var out []block
	for _, raw := range data.Result.Contents {
		var b block
		if jsonline.Unmarshal(raw, &b) == nil {
			out = append(out, b)
		}
	}
	return out
}

// resultView is a successful call's card; nil for the generic one.
func (d *Decoder) resultView(c *session.ToolCall, name string, a present.Args, data *completeData, text string) session.ResultView {
	switch name {
	case "view":
		return d.readResult(a, data, text)
	case "create":
		p := a.Str("path")
		diffs, starts := []session.FileDiff{{Path: p, NewText: a.Str("file_text")}}, []int{1}
		d.files.Apply(diffs, starts)
		c.DiffStarts = starts
		return session.DiffResultView{Diffs: diffs}
	case "edit":
		return d.editResult(c, a, data)
	case "grep", "rg":
		if strings.HasPrefix(text, "No matches found") || strings.TrimSpace(text) == "" {
			return session.SearchMatchesResultView{Files: []session.SearchFileMatches{}}
		}
		return present.SearchFromText(text)
	case "glob":
		if strings.HasPrefix(text, "No files matched") || strings.TrimSpace(text) == "" {
			return session.SearchPathsResultView{Paths: []string{}}
		}
		return paths(text)
	case "web_fetch":
		return session.WebFetchResultView{URL: a.Str("url")}
	case "web_search":
		return webSearchResult(text)
	case "ask_user":
		return session.GenericResultView{Content: markdown(strings.TrimSpace(present.QuestionList(question(a)) + "\n\n" + text))}
	}
	return nil
}

var numbered = regexp.MustCompile(`^(\d+)\.(?: (.*))?$`)

// readResult is the read card of a view: the file's lines as the tool
// numbered them ("12. text"), the whole file when the view asked for no
// range and was not cut short. A folder's view lists its entries; what
// is neither (a file too large, an image) is the generic card.
func (d *Decoder) readResult(a present.Args, data *completeData, text string) session.ResultView {
	rows := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	var lines []session.ReadFileLine
	cut := false
	for _, r := range rows {
		m := numbered.FindStringSubmatch(r)
		if m == nil {
			cut = len(lines) > 0
			break
		}
		n, err := strconv.Atoi(m[1])
		if err != nil || len(lines) > 0 && n != lines[len(lines)-1].Number+1 {
			cut = true
			break
		}
		lines = append(lines, session.ReadFileLine{Number: n, Text: m[2]})
	}
	if len(lines) == 0 {
		if viewType(data) == "directory" {
			return paths(text)
		}
		return nil
	}
	total := 0
	if !cut && startLine(a) == 0 && lines[0].Number == 1 {
		total = len(lines)
	}
	v := present.ReadView(a.Str("path"), lines, total)
	d.files.Read(v)
	return v
}

// viewType is what the CLI's telemetry says a view looked at: "file",
// "directory", …; "" when it does not say.
func viewType(data *completeData) string {
	if data.Telemetry == nil {
		return ""
	}
	var t struct {
		Properties struct {
			ViewType string `json:"viewType"`
		} `json:"properties"`
	}
	if jsonline.Unmarshal(data.Telemetry, &t) != nil {
		return ""
	}
	return t.Properties.ViewType
}

// editResult is the diff card of an edit: the hunks of the diff the CLI
// showed (numbered from their own headers), else what the call asked,
// numbered from what the session read of the file.
func (d *Decoder) editResult(c *session.ToolCall, a present.Args, data *completeData) session.ResultView {
	p := a.Str("path")
	var diffs []session.FileDiff
	var starts []int
	if data.Result != nil && data.Result.DetailedContent != nil {
		diffs, starts = present.UnifiedHunks(p, *data.Result.DetailedContent)
	}
	if len(diffs) == 0 { // numbered now: a read may have ended since the call was asked for
		diffs = editDiffs(a)
		starts = d.files.Number(diffs)
	}
	d.files.Apply(diffs, starts)
	c.DiffStarts = starts
	return session.DiffResultView{Diffs: diffs}
}

var exited = regexp.MustCompile(`(?m)^\s*<(?:exited|completed) with exit code (\d+)>\s*$`)

// shellResult is the terminal card of a command: its output, and its exit
// code from the result's terminal or shell_exit block, else from the
// "<exited with exit code N>" line the CLI ends the output with. A
// command still running in the background has none.
func shellResult(text string, blocks []block, failed bool) session.ResultView {
	v := session.TerminalResultView{Output: text}
	for _, b := range blocks {
		if (b.Type == "terminal" || b.Type == "shell_exit") && b.ExitCode != nil {
			if n, ok := jsonline.Int(*b.ExitCode); ok {
				code := int(n)
				v.ExitCode = &code
			}
		}
	}
	if locs := exited.FindAllStringSubmatchIndex(text, -1); len(locs) > 0 {
		last := locs[len(locs)-1]
		if strings.TrimSpace(text[last[1]:]) == "" {
			if v.ExitCode == nil {
				n, _ := strconv.Atoi(text[last[2]:last[3]])
				v.ExitCode = &n
			}
			v.Output = strings.TrimRight(text[:last[0]], "\n")
		}
	}
	if failed && v.ExitCode == nil {
		return session.TerminalResultView{Output: text}
	}
	return v
}

var sourceRow = regexp.MustCompile(`^\[(\d+)\] (?:(.*) \()?(https?://[^\s()]+)\)?$`)

// webSearchResult is a web search's answer and the sources it cites: the
// "[n] url" (or "[n] title (url)") rows that end it.
func webSearchResult(text string) session.ResultView {
	v := session.WebSearchResultView{Sources: []session.WebSource{}}
	rows := strings.Split(strings.TrimRight(text, "\n"), "\n")
	end := len(rows)
	for end > 0 {
		m := sourceRow.FindStringSubmatch(strings.TrimSpace(rows[end-1]))
		if m == nil {
			break
		}
		v.Sources = append([]session.WebSource{{Title: m[2], URL: m[3]}}, v.Sources...)
		end--
	}
	v.Answer = strings.TrimSpace(strings.Join(rows[:end], "\n"))
	return v
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

// shells are the tools that run a command line.
var shells = map[string]bool{"bash": true, "powershell": true, "shell": true, "local_shell": true}
