package gemini

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
)

// What each tool's call shows once done, read from what the tool told the
// model (its llmContent, the functionResponse's output) and, for an edit,
// from what the CLI showed (resultDisplay, a FileDiff): every card can be
// made from the output text alone, as the older chats hold no FileDiff.

// present sets a done call's view by its tool.
func (d *Decoder) present(c *session.ToolCall, a present.Args, tc *toolCall) {
	text := session.TextOf(c.Result.Content)
	var v session.ResultView
	switch {
	case c.Name == "run_shell_command":
		v = shellResult(a, text, c.Result.IsError || c.Result.Cancelled)
	case c.Result.IsError || c.Result.Cancelled: // the generic card shows why
	default:
		v = d.resultView(c, a, tc, text)
	}
	if v == nil {
		g := session.GenericResultView{}
		if title, ok := mcpTitle(c.Name); ok {
			g.Title = title
		}
		v = g
	}
	c.View = v
}

// resultView is a successful call's card; nil for the generic one.
func (d *Decoder) resultView(c *session.ToolCall, a present.Args, tc *toolCall, text string) session.ResultView {
	switch c.Name {
	case "read_file":
		return d.readResult(a, c.Result, text)
	case "write_file", "replace":
		return d.editResult(c, a, tc, text)
	case "grep_search", "search_file_content":
		return grepResult(a, text)
	case "glob":
		return globResult(text)
	case "list_directory":
		return listResult(text)
	case "web_fetch":
		return session.WebFetchResultView{URL: fetchURL(a)}
	case "google_web_search":
		return webSearchResult(text)
	case "save_memory":
		return savedResult(text)
	case "complete_task": // a subagent's answer to its caller
		if r := a.Str("result"); r != "" {
			return session.GenericResultView{Content: markdown(r)}
		}
	}
	return nil
}

// The framing Gemini CLI puts around a file's text for the model.
const (
	truncatedNote = "IMPORTANT: The file content has been truncated."
	contentMark   = "--- FILE CONTENT (truncated) ---\n"
	jitOpen       = "\n\n--- Newly Discovered Project Context ---\n"
	jitClose      = "\n--- End Project Context ---"
)

var showingLines = regexp.MustCompile(`Status: Showing lines (\d+)-(\d+) of (\d+) total lines\.`)

// readResult is the read card: the whole file from line 1 (Gemini CLI
// says when it shows less), or the window its truncation note names, with
// the file's length. A binary file, an image, a PDF: the generic card.
func (d *Decoder) readResult(a present.Args, r *session.ToolResult, text string) session.ResultView {
	if len(r.Content) != 1 || r.Content[0].Type != "text" || strings.HasPrefix(text, "Cannot display content of") {
		return nil
	}
	body := withoutJIT(text)
	first, total := 1, 0
	if t := strings.TrimLeft(body, "\n"); strings.HasPrefix(t, truncatedNote) {
		m := showingLines.FindStringSubmatch(t)
		_, rest, ok := strings.Cut(t, contentMark)
		if m == nil || !ok {
			return nil
		}
		first, _ = strconv.Atoi(m[1])
		total, _ = strconv.Atoi(m[3])
		body = rest
	}
	lines := present.PlainLines(body, max(first, 1))
	if total == 0 { // no note: the whole file
		total = len(lines)
		d.whole[d.files.Key(filePath(a))] = body
	}
	v := present.ReadView(filePath(a), lines, total)
	d.files.Read(v)
	return v
}

// withoutJIT cuts the project context Gemini CLI appends to a read for
// the model (a GEMINI.md found beside the file): not the file's text.
func withoutJIT(text string) string {
	if i := strings.LastIndex(text, jitOpen); i >= 0 && strings.HasSuffix(strings.TrimRight(text, "\n"), strings.TrimPrefix(jitClose, "\n")) {
		return text[:i]
	}
	return text
}

// fileDiff is the FileDiff the CLI showed for an edit or a write.
type fileDiff struct {
	FileDiff        string  `json:"fileDiff"`
	FilePath        string  `json:"filePath"`
	OriginalContent *string `json:"originalContent"`
	NewContent      *string `json:"newContent"`
	IsNewFile       bool    `json:"isNewFile"`
}

// editResult is the diff card of a write or a replace: the FileDiff's
// hunks, numbered from their own headers; else what the call asked,
// numbered from what the session read of the file (a write said to
// create a file is new from line 1; one that overwrote a file is diffed
// against its text when the session read all of it, else shows the new
// text whole).
func (d *Decoder) editResult(c *session.ToolCall, a present.Args, tc *toolCall, text string) session.ResultView {
	p := filePath(a)
	key := d.files.Key(p)
	old, known := d.whole[key]
	title := session.CallTitle(c.Call)
	var diffs []session.FileDiff
	var starts []int
	var fd fileDiff
	switch {
	case tc.ResultDisplay.Kind() == '{' && jsonline.Unmarshal(tc.ResultDisplay, &fd) == nil && fd.FileDiff != "":
		diffs, starts = present.UnifiedHunks(p, fd.FileDiff)
		if len(diffs) == 0 && fd.NewContent != nil { // no change, or a diff deck cannot read
			diffs, starts = present.TextHunks(p, fd.OriginalContent, *fd.NewContent)
		}
		delete(d.whole, key)
		if fd.NewContent != nil {
			d.whole[key] = *fd.NewContent
		}
	case c.Name == "write_file" && strings.HasPrefix(text, "Successfully created and wrote to new file"):
		diffs, starts = []session.FileDiff{{Path: p, NewText: a.Str("content")}}, []int{1}
		d.whole[key] = a.Str("content")
	case c.Name == "write_file" && known:
		diffs, starts = present.TextHunks(p, &old, a.Str("content"))
		d.whole[key] = a.Str("content")
	case c.Name == "write_file":
		diffs, starts = []session.FileDiff{{Path: p, NewText: a.Str("content"), Whole: true}}, []int{1}
		title += " (replaced; its old text is not in the log)"
		d.whole[key] = a.Str("content")
	default:
		diffs, starts = editDiffs(a), c.DiffStarts
		d.replaced(key, a)
	}
	d.files.Apply(diffs, starts)
	c.DiffStarts = starts
	return session.DiffResultView{Title: title, Diffs: diffs}
}

// replaced updates the whole text of a file a replace changed, when the
// session knows it; a change it cannot place makes it unknown.
func (d *Decoder) replaced(key string, a present.Args) {
	old, known := d.whole[key]
	from, to := a.Str("old_string"), a.Str("new_string")
	switch {
	case from == "":
		d.whole[key] = to // a new file
	case !known || !strings.Contains(old, from):
		delete(d.whole, key)
	case strings.HasSuffix(editTitle(a), "(every occurrence)"):
		d.whole[key] = strings.ReplaceAll(old, from, to)
	default:
		d.whole[key] = strings.Replace(old, from, to, 1)
	}
}

// shellResult is the terminal card of a command, from the tool's output:
// today's "Output: … [Error: …] [Exit Code: N] [Signal: …] [Background
// PIDs: …] [Process Group PGID: N]" (no exit code said is 0), inside
// <untrusted_context> in the newest releases; older releases' "Command:
// …", "Directory: …" before it and every field after it, "(none)" for
// none. A cancelled, failed or backgrounded command's words are its
// output, with no exit code.
func shellResult(a present.Args, text string, failed bool) session.ResultView {
	t := untrusted(text)
	old := false
	if rest, ok := strings.CutPrefix(t, "Command: "+a.Str("command")+"\n"); ok {
		t, old = rest, true
		if _, after, ok := strings.Cut(t, "\n"); ok && strings.HasPrefix(t, "Directory: ") {
			t = after
		}
	}
	rest, ok := strings.CutPrefix(t, "Output: ")
	if !ok || failed {
		return session.TerminalResultView{Output: strings.TrimRight(t, "\n")}
	}
	lines := strings.Split(rest, "\n")
	fields := map[string]string{}
	for len(lines) > 1 {
		label, value, ok := strings.Cut(lines[len(lines)-1], ": ")
		if !ok || !shellField[label] {
			break
		}
		if _, twice := fields[label]; twice {
			break
		}
		fields[label] = value
		lines = lines[:len(lines)-1]
	}
	out := strings.Join(lines, "\n")
	if out == "(empty)" {
		out = ""
	}
	if e := fields["Error"]; e != "" && e != "(none)" {
		out = strings.TrimRight(out+"\n"+e, "\n")
	}
	v := session.TerminalResultView{Output: out}
	if s := fields["Signal"]; s != "" && s != "(none)" && s != "0" {
		v.Signal = s
	}
	code, said := fields["Exit Code"]
	switch n, err := strconv.Atoi(code); {
	case said && err == nil:
		v.ExitCode = &n
	case !said && !old && v.Signal == "": // today's output says an exit code only when it is not 0
		zero := 0
		v.ExitCode = &zero
	}
	return v
}

var shellField = map[string]bool{"Error": true, "Exit Code": true, "Signal": true, "Background PIDs": true, "Process Group PGID": true}

// untrusted opens the <untrusted_context> wrapper the newest releases put
// around a command's output for the model.
func untrusted(text string) string {
	const open, end = "<untrusted_context>\n", "\n</untrusted_context>"
	if strings.HasPrefix(text, open) && strings.HasSuffix(text, end) {
		inner := text[len(open) : len(text)-len(end)]
		return strings.ReplaceAll(inner, "&lt;/untrusted_context&gt;", "</untrusted_context>")
	}
	return text
}

// grepResult is the search card of a content search: "File: path" then
// "L<n>: text" rows (context rows "L<n>- text" skipped), or a list of
// files (names_only); no matches is an empty search.
func grepResult(a present.Args, text string) session.ResultView {
	head, rest, _ := strings.Cut(text, "\n")
	switch {
	case strings.HasPrefix(head, "No matches found"):
		return session.SearchMatchesResultView{Files: []session.SearchFileMatches{}, Match: grepMatch(a)}
	case !strings.HasPrefix(head, "Found "):
		return nil
	case strings.Contains(head, " files with matches "):
		return paths(rest, strings.Contains(head, "(results limited to"))
	}
	v := session.SearchMatchesResultView{Files: []session.SearchFileMatches{}, Truncated: strings.Contains(head, "(results limited to"), Match: grepMatch(a)}
	for _, l := range strings.Split(rest, "\n") {
		if p, ok := strings.CutPrefix(l, "File: "); ok {
			v.Files = append(v.Files, session.SearchFileMatches{Path: p})
			continue
		}
		n, row, ok := matchRow(l)
		if !ok || len(v.Files) == 0 {
			continue
		}
		f := &v.Files[len(v.Files)-1]
		f.Matches = append(f.Matches, session.SearchLineMatch{LineNumber: n, Line: row})
		v.Total++
	}
	return v
}

// matchRow reads "L12: text" (a match); a context row is no match.
func matchRow(l string) (int, string, bool) {
	rest, ok := strings.CutPrefix(l, "L")
	if !ok {
		return 0, "", false
	}
	i := 0
	for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
		i++
	}
	if i == 0 || i > 9 || !strings.HasPrefix(rest[i:], ": ") && rest[i:] != ":" {
		return 0, "", false
	}
	n, _ := strconv.Atoi(rest[:i])
	return n, strings.TrimPrefix(strings.TrimPrefix(rest[i:], ":"), " "), true
}

// grepMatch is what a content search matched, as Go reads it: the
// pattern, case-blind unless the call asked for case (Gemini CLI's
// searches ignore case by default), literal when it asked for fixed
// strings; "" when Go cannot read it.
func grepMatch(a present.Args) string {
	pat := a.Str("pattern")
	if pat == "" {
		return ""
	}
	if a["fixed_strings"] == true {
		pat = regexp.QuoteMeta(pat)
	}
	if a["case_sensitive"] != true {
		pat = "(?i)" + pat
	}
	if _, err := regexp.Compile(pat); err != nil {
		return ""
	}
	return pat
}

// globResult is the paths a glob found, under the line that counts them.
func globResult(text string) session.ResultView {
	head, rest, _ := strings.Cut(text, "\n")
	switch {
	case strings.HasPrefix(head, "No files found"):
		return session.SearchPathsResultView{Paths: []string{}}
	case strings.HasPrefix(head, "Found "):
		return paths(rest, false)
	}
	return nil
}

// listResult is a folder's entries, a folder's name ending in /.
func listResult(text string) session.ResultView {
	head, rest, _ := strings.Cut(withoutJIT(text), "\n")
	switch {
	case strings.HasPrefix(head, "Directory ") && strings.HasSuffix(head, " is empty."):
		return session.SearchPathsResultView{Paths: []string{}}
	case !strings.HasPrefix(head, "Directory listing for "):
		return nil
	}
	v := session.SearchPathsResultView{Paths: []string{}}
	for _, l := range strings.Split(rest, "\n") {
		if l == "" {
			break // the count of entries ignored follows
		}
		if dir, ok := strings.CutPrefix(l, "[DIR] "); ok {
			l = dir + "/"
		}
		v.Paths = append(v.Paths, l)
	}
	v.Total = len(v.Paths)
	return v
}

// paths is a list of paths, one a line.
func paths(text string, truncated bool) session.ResultView {
	v := session.SearchPathsResultView{Paths: []string{}, Truncated: truncated}
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			v.Paths = append(v.Paths, l)
		}
	}
	v.Total = len(v.Paths)
	return v
}

var sourceRow = regexp.MustCompile(`^\[(\d+)\] (.*) \((\S+)\)$`)

// webSearchResult is a google_web_search's answer and its sources, from
// the tool's text: "Web search results for "q":", the answer (its
// citations as [n]), then "Sources:" and "[n] title (url)" rows.
func webSearchResult(text string) session.ResultView {
	head, body, _ := strings.Cut(text, "\n")
	if !strings.HasPrefix(head, "Web search results for ") {
		return nil
	}
	v := session.WebSearchResultView{Sources: []session.WebSource{}}
	answer := body
	if i := strings.LastIndex(body, "\n\nSources:\n"); i >= 0 {
		answer = body[:i]
		for _, l := range strings.Split(body[i+len("\n\nSources:\n"):], "\n") {
			if m := sourceRow.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
				v.Sources = append(v.Sources, session.WebSource{Title: m[2], URL: m[3]})
			}
		}
	}
	v.Answer = strings.TrimSpace(answer)
	return v
}

// savedResult is save_memory's message, from the JSON it told the model.
func savedResult(text string) session.ResultView {
	obj, ok := jsonline.AsObject(jsonline.Loose([]byte(text)))
	if !ok {
		return nil
	}
	msg := jsonline.Str(obj, "message")
	if msg == "" {
		return nil
	}
	return session.GenericResultView{Content: markdown(msg)}
}
