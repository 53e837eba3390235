package pi

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
)

// pi's tools (packages/coding-agent/src/core/tools: read, bash, edit,
// write, grep, find, ls; an extension's tools by their names) mapped onto
// the harness's cards. A call is a block of the model's message; its
// result a toolResult message after it: the text the model got, and the
// tool's details (an edit's diff).

// call adds a call the model asked for, started when its message was
// written.
func (d *Decoder) call(n *node, b block, at int64) {
	args := "{}"
	if b.Arguments.Kind() == '{' {
		args = string(b.Arguments)
	}
	a, _ := present.ParseArgs(args)
	c := &session.ToolCall{EntryBase: base(n.num, 0), CallID: b.ID, Name: b.Name, Arguments: args, StartTime: at, Call: callView(b.Name, a)}
	if v, ok := c.Call.(session.DiffCallView); ok {
		c.DiffStarts = d.draw.files.Number(v.Diffs)
	}
	d.put(c)
	if b.ID != "" {
		d.draw.calls[b.ID] = c
	}
}

// result fills its call's card; a result whose call the branch never
// made is a card of its own.
func (d *Decoder) result(n *node, m *message, at int64) {
	c := d.draw.calls[m.ToolCallID]
	outcome := session.AsMerge
	switch {
	case c == nil:
		c = &session.ToolCall{EntryBase: base(n.num, 0), CallID: m.ToolCallID, Name: firstOf(m.ToolName, "tool"), Arguments: "{}", Orphan: true}
		c.Call = callView(c.Name, present.Args{})
		d.put(c)
		outcome = session.AsEntry
	case c.Result != nil:
		d.notice(n.num, "a second result for the call "+strconv.Quote(m.ToolCallID)+" (the first is shown)")
		return
	}
	text := resultText(m)
	c.Result = &session.ToolResult{IsError: m.IsError}
	if text != "" {
		c.Result.Content = []session.ContentBlock{{Type: "text", Text: text}}
	}
	c.EndTime = at
	a, _ := present.ParseArgs(c.Arguments)
	c.View = d.resultView(c, a, m, text)
	d.s.Touch(c)
	d.s.Tally(outcome, "")
}

// resultText is a result's content as text: its text blocks, an image
// named.
func resultText(m *message) string {
	var parts []string
	for _, b := range contentText(m.Content) {
		parts = append(parts, b.Text)
	}
	return strings.Join(parts, "\n")
}

// path is the file a call names (pi's "path"; some write "file_path").
func path(a present.Args) string { return firstOf(a.Str("path"), a.Str("file_path")) }

// callView is what a call shows while it runs, from its input.
func callView(name string, a present.Args) session.CallView {
	p := path(a)
	switch name {
	case "read":
		return session.GenericCallView{Title: "Read " + p + window(a), Kind: "read", Locations: at(p)}
	case "write":
		return session.DiffCallView{Title: "Write " + p, Diffs: []session.FileDiff{{Path: p, NewText: a.Str("content"), Whole: true}}, Locations: at(p)}
	case "edit":
		diff := session.FileDiff{Path: p, NewText: a.Str("newText")}
		if old := a.Str("oldText"); old != "" {
			diff.OldText = &old
		}
		return session.DiffCallView{Title: "Edit " + p, Diffs: []session.FileDiff{diff}, Locations: at(p)}
	case "bash":
		return session.TerminalCallView{Title: a.Str("command")}
	case "grep":
		title := "Search " + a.Str("pattern") + in(a)
		if g := a.Str("glob"); g != "" {
			title += " (" + g + ")"
		}
		return session.GenericCallView{Title: title, Kind: "search", Locations: at(a.Str("path"))}
	case "find":
		return session.GenericCallView{Title: "Find " + a.Str("pattern") + in(a), Kind: "search", Locations: at(a.Str("path"))}
	case "ls":
		return session.GenericCallView{Title: "List " + firstOf(a.Str("path"), "."), Kind: "search", Locations: at(a.Str("path"))}
	}
	var input any
	if len(a) > 0 {
		input = map[string]any(a)
	}
	if t, ok := present.MCPTitle(name); ok {
		return session.GenericCallView{Title: t, Kind: "mcp", RawInput: input}
	}
	return session.GenericCallView{Title: name, RawInput: input}
}

// window names the lines a read asked for: 1-based offset, limit.
func window(a present.Args) string {
	off, hasOff := a.Num("offset")
	lim, hasLim := a.Num("limit")
	first := max(off, 1)
	switch {
	case hasLim && lim > 0:
		return " (" + present.JSNumber(first) + " - " + present.JSNumber(first+lim-1) + ")"
	case hasOff && off > 1:
		return " (from line " + present.JSNumber(off) + ")"
	}
	return ""
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

// resultView is a finished call's card; the generic one for a tool deck
// has no card of.
func (d *Decoder) resultView(c *session.ToolCall, a present.Args, m *message, text string) session.ResultView {
	if c.Name == "bash" {
		return bashResult(text, m.IsError)
	}
	if m.IsError {
		return session.GenericResultView{}
	}
	switch c.Name {
	case "read":
		if v, ok := d.read(a, text); ok {
			return v
		}
	case "edit":
		return d.edited(c, a, m)
	case "write":
		v := c.Call.(session.DiffCallView)
		d.draw.files.Apply(v.Diffs, []int{1})
		return session.DiffResultView{Diffs: v.Diffs}
	case "grep":
		return grepResult(text)
	case "find", "ls":
		return pathsResult(text)
	}
	if t, ok := present.MCPTitle(c.Name); ok {
		return session.GenericResultView{Title: t}
	}
	return session.GenericResultView{}
}

var (
	// the notes read writes after a window of the file
	windowNote = regexp.MustCompile(`\n\n\[Showing lines (\d+)-(\d+) of (\d+)[^\]]*\]$`)
	moreNote   = regexp.MustCompile(`\n\n\[(\d+) more lines in file\. Use offset=\d+ to continue\.\]$`)
)

// read is the read tool's card: the file's text as it is (pi numbers no
// line), from the offset asked for, and the file's length as its note
// says, or as the read says when it took the whole file.
func (d *Decoder) read(a present.Args, text string) (session.ReadResultView, bool) {
	if strings.HasPrefix(text, "Read image file [") || strings.HasPrefix(text, "[Line ") {
		return session.ReadResultView{}, false
	}
	off, _ := a.Num("offset")
	first := int(max(off, 1))
	total := 0
	switch m := windowNote.FindStringSubmatchIndex(text); {
	case m != nil:
		total, _ = strconv.Atoi(text[m[6]:m[7]])
		text = text[:m[0]]
	default:
		if m := moreNote.FindStringSubmatchIndex(text); m != nil {
			more, _ := strconv.Atoi(text[m[2]:m[3]])
			text = text[:m[0]]
			total = first - 1 + len(present.PlainLines(text, first)) + more
		} else if first == 1 {
			total = len(present.PlainLines(text, 1)) // all of it
		}
	}
	lines := present.PlainLines(text, first)
	if len(lines) == 0 {
		return session.ReadResultView{}, false
	}
	v := present.ReadView(path(a), lines, total)
	d.draw.files.Read(v)
	return v, true
}

// edited is the diff an edit made: pi keeps it in the result's details,
// each row numbered with the file's lines ("-12 old", "+12 new",
// " 12 same", "    ..." between hunks); else the call's own
// replacement, placed by the session's earlier reads.
func (d *Decoder) edited(c *session.ToolCall, a present.Args, m *message) session.ResultView {
	var details struct {
		Diff string `json:"diff"`
	}
	_ = jsonline.Unmarshal(m.Details, &details)
	diffs, starts := numberedDiff(path(a), details.Diff)
	if len(diffs) == 0 {
		v := c.Call.(session.DiffCallView)
		diffs, starts = v.Diffs, d.draw.files.Number(v.Diffs)
	}
	c.DiffStarts = starts
	d.draw.files.Apply(diffs, starts)
	return session.DiffResultView{Diffs: diffs}
}

// numberedDiff reads pi's numbered diff into hunks, each with the line
// its old text starts at. A hunk is placed by its first changed row: a
// removed row's number is its old line, an added row's its new line (less
// what the hunks before added and removed). The context rows before it
// are not trusted for that: pi before 0.10 (November 2025) numbered those
// that follow a "..." from where the hunk before ended. A row of no shape
// it knows ends the reading: what was read stands.
func numberedDiff(p, diff string) ([]session.FileDiff, []int) {
	var diffs []session.FileDiff
	var starts []int
	var old, fresh []string
	start, lead, delta, changed, olds := 0, 0, 0, false, 0
	flush := func() {
		if changed {
			fd := session.FileDiff{Path: p, NewText: strings.Join(fresh, "\n")}
			if olds > 0 {
				o := strings.Join(old, "\n")
				fd.OldText = &o
			} else {
				start = 1 // only added rows: a new file's
			}
			diffs, starts = append(diffs, fd), append(starts, max(start, 1))
			delta += len(fresh) - len(old)
		}
		old, fresh, start, lead, changed, olds = nil, nil, 0, 0, false, 0
	}
	for row := range strings.SplitSeq(diff, "\n") {
		if row == "" {
			continue
		}
		sign, rest := row[0], strings.TrimLeft(row[1:], " ")
		if rest == "..." {
			flush()
			continue
		}
		digits := len(rest) - len(strings.TrimLeft(rest, "0123456789"))
		num, err := strconv.Atoi(rest[:digits])
		if err != nil || len(rest) > digits && rest[digits] != ' ' || sign != '-' && sign != '+' && sign != ' ' {
			break
		}
		text := strings.TrimPrefix(rest[digits:], " ")
		if !changed {
			switch sign {
			case ' ':
				lead++
			case '-':
				start = num - lead
			case '+':
				start = num - delta - lead
			}
			changed = sign != ' '
		}
		if sign != '+' {
			old = append(old, text)
			olds++
		}
		if sign != '-' {
			fresh = append(fresh, text)
		}
	}
	flush()
	return diffs, starts
}

var exitNote = regexp.MustCompile(`(?:^|\n\n)Command exited with code (\d+)$`)

// bashResult is the terminal card: the output, and the exit status pi
// writes after it when it is not 0 (a failed call's text); a command
// aborted or timed out has none.
func bashResult(text string, failed bool) session.ResultView {
	v := session.TerminalResultView{Output: text}
	if text == "(no output)" {
		v.Output = ""
	}
	code := 0
	switch m := exitNote.FindStringSubmatchIndex(text); {
	case m != nil:
		code, _ = strconv.Atoi(text[m[2]:m[3]])
		v.Output = text[:m[0]]
	case failed:
		return v // aborted, timed out, or no command run
	}
	v.ExitCode = &code
	return v
}

var (
	matchRow   = regexp.MustCompile(`^(.+?):(\d+): (.*)$`)
	contextRow = regexp.MustCompile(`^(.+?)-(\d+)- `)
	limitNote  = regexp.MustCompile(`\n\n\[[^\n]*\]$`)
)

// grepResult reads grep's "path:12: text" rows (with its context's
// "path-11- text" rows, which are not matches) into matches by file;
// "No matches found" for none; a note of its limits at the end.
func grepResult(text string) session.ResultView {
	v := session.SearchMatchesResultView{Files: []session.SearchFileMatches{}}
	if strings.TrimSpace(text) == "No matches found" {
		return v
	}
	if loc := limitNote.FindStringIndex(text); loc != nil {
		v.Truncated = true
		text = text[:loc[0]]
	}
	at := map[string]int{}
	for row := range strings.SplitSeq(text, "\n") {
		m := matchRow.FindStringSubmatch(row)
		if m == nil {
			if contextRow.MatchString(row) {
				continue
			}
			return session.GenericResultView{}
		}
		n, _ := strconv.Atoi(m[2])
		i, ok := at[m[1]]
		if !ok {
			i = len(v.Files)
			at[m[1]] = i
			v.Files = append(v.Files, session.SearchFileMatches{Path: m[1]})
		}
		v.Files[i].Matches = append(v.Files[i].Matches, session.SearchLineMatch{LineNumber: n, Line: m[3]})
		v.Total++
	}
	return v
}

// pathsResult reads find's and ls's rows, a path each; "No files found
// matching pattern" and "(empty directory)" for none; a note of its limits
// at the end.
func pathsResult(text string) session.ResultView {
	v := session.SearchPathsResultView{Paths: []string{}}
	if loc := limitNote.FindStringIndex(text); loc != nil {
		v.Truncated = true
		text = text[:loc[0]]
	}
	for row := range strings.SplitSeq(strings.TrimSpace(text), "\n") {
		switch row {
		case "", "No files found matching pattern", "(empty directory)":
		default:
			v.Paths = append(v.Paths, row)
		}
	}
	v.Total = len(v.Paths)
	return v
}
