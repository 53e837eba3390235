package aider

import (
	"regexp"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// The model's reply is Markdown as the model wrote it. Its reasoning, when
// the model put it first between tags (<think>, or the tag Aider wraps a
// provider's reasoning in, reasoning_tags.py), is reasoning; each
// SEARCH/REPLACE block (editblock_coder.py, find_original_update_blocks)
// is an edit's card, a diff of the file it names. Aider records no line
// numbers: the diffs have none.

// The markers of an edit block, as Aider matches them.
var (
	head    = regexp.MustCompile(`^<{5,9} SEARCH>?\s*$`)
	divider = regexp.MustCompile(`^={5,9}\s*$`)
	updated = regexp.MustCompile(`^>{5,9} REPLACE\s*$`)
)

// reasoningTag is the tag a reply's reasoning comes in: the models' own,
// or the one Aider wraps a provider's reasoning in.
var reasoningTag = regexp.MustCompile(`^<(think|thinking|reasoning|thinking-content-[0-9a-f]{32})>`)

// edit is an edit block of the last reply, until Aider says what became of
// it.
type edit struct {
	c      *session.ToolCall
	path   string
	search string
	failed bool // a message of Aider's said it did not match: its words grow with it
}

// reply is the model's reply as it is read: its reasoning, the text since
// its last edit block, and the edit block it may be in.
type reply struct {
	started   bool // a line of it came (the reasoning's tag is looked for in the first)
	thinking  bool // inside its reasoning
	closing   string
	reasoning *session.Reasoning
	rb        strings.Builder

	text   *session.AssistantText
	tb     strings.Builder // the text since the last edit block, each line ended by a newline
	recent []row           // its last lines, for an edit block's file name

	stage          int // 0 text; 1 an edit block's search text; 2 its replacement; 3 a udiff fence; 4 a whole file's fence
	path           string
	fenced         []string // a udiff or whole file's fence's lines
	from           int      // where in tb the block's lines start: its name and fences are its, not the text's
	search, change []string
	afterEdit      bool   // the line after an edit block: a closing fence is the block's
	current        string // the file the last edit block named
}

// row is a line of the reply's text and where it starts in it.
type row struct {
	text string
	at   int
}

// restart starts the reply's text afresh after a block that became a card.
func (r *reply) restart() { r.tb, r.recent, r.text = strings.Builder{}, nil, nil }

// startReply begins a reply: the edits of the one before it that nothing
// settled stay as they are.
func (d *Decoder) startReply() {
	d.fresh, d.pending = nil, nil
}

// replyLine reads a line of the reply.
func (d *Decoder) replyLine(num int, line string) bool {
	r := &d.reply
	if r.afterEdit {
		r.afterEdit = false
		if strings.TrimSpace(line) == "```" {
			return false
		}
	}
	if r.thinking {
		return d.reasoningLine(num, line)
	}
	if !r.started {
		r.started = true
		if m := reasoningTag.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
			r.thinking, r.closing = true, "</"+m[1]+">"
			return d.reasoningLine(num, strings.TrimPrefix(strings.TrimSpace(line), m[0]))
		}
	}
	return d.textLine(num, line)
}

// reasoningLine adds a line of the reasoning; its closing tag ends it, and
// what follows the tag is text. Reasoning cut off before its tag is all
// reasoning.
func (d *Decoder) reasoningLine(num int, line string) bool {
	r := &d.reply
	before, after, closed := strings.Cut(line, r.closing)
	if r.rb.Len() > 0 {
		r.rb.WriteString("\n")
	}
	r.rb.WriteString(before)
	made := false
	if t := strings.TrimSpace(r.rb.String()); t != "" {
		if r.reasoning == nil {
			r.reasoning = &session.Reasoning{EntryBase: base(num)}
			d.s.Add(r.reasoning)
			made = true
		}
		r.reasoning.Text = t
		d.s.Touch(r.reasoning)
	}
	if closed {
		r.thinking = false
		if strings.TrimSpace(after) != "" {
			made = d.textLine(num, after) || made
		}
	}
	return made
}

// textLine adds a line of text, and reads the edit blocks in it: a block
// shows as text until its end marker comes, when it becomes its card; one
// that names no file, or never ends, stays text, as Aider cannot read it
// either.
func (d *Decoder) textLine(num int, line string) bool {
	r := &d.reply
	marker := strings.TrimSpace(line)
	switch {
	case r.stage == 0 && d.unifiedDiffs() && strings.HasPrefix(line, "```diff"):
		r.stage, r.from, r.fenced = 3, r.tb.Len(), nil
	case r.stage == 0 && d.wholeFiles() && strings.HasPrefix(line, "```") && len(r.recent) > 0 && wholeName(r.recent[len(r.recent)-1].text) != "":
		last := r.recent[len(r.recent)-1]
		r.stage, r.path, r.from, r.fenced = 4, wholeName(last.text), last.at, nil
	case r.stage == 4 && strings.HasPrefix(line, "```"):
		d.cutText(r.from)
		d.wholeCard(num, r.path, r.fenced)
		r.stage, r.fenced = 0, nil
		r.restart()
		return true
	case r.stage == 3 && strings.HasPrefix(line, "```"):
		r.stage = 0
		if hunks := d.named(parseUdiff(r.fenced)); len(hunks) > 0 {
			d.cutText(r.from)
			d.udiffCards(num, hunks)
			r.fenced = nil
			r.restart()
			return true
		}
		r.fenced = nil // a fence of no file's diff: the reply's text, as Aider cannot read it either
	case r.stage == 3 || r.stage == 4:
		r.fenced = append(r.fenced, line)
	case r.stage == 0 && head.MatchString(marker):
		path, from := filename(r.recent, r.tb.Len())
		if path == "" {
			path = r.current
		}
		if path != "" {
			r.stage, r.path, r.from, r.search, r.change = 1, path, from, nil, nil
		}
	case r.stage == 1 && divider.MatchString(marker):
		r.stage = 2
	case r.stage == 1:
		r.search = append(r.search, line)
	case r.stage == 2 && (updated.MatchString(marker) || divider.MatchString(marker)):
		d.cutText(r.from)
		d.editCard(num, r.path, strings.Join(r.search, "\n"), strings.Join(r.change, "\n"))
		r.current, r.stage, r.afterEdit = r.path, 0, true
		r.restart()
		return true
	case r.stage == 2:
		r.change = append(r.change, line)
	}
	r.recent = append(r.recent, row{line, r.tb.Len()})
	if len(r.recent) > 4 {
		r.recent = r.recent[1:]
	}
	r.tb.WriteString(line + "\n")
	return d.showText(num, r.tb.String())
}

// showText shows the reply's text so far: its lines but the blank ones at
// either end; none while it has none.
func (d *Decoder) showText(num int, text string) bool {
	r := &d.reply
	t := trimLines(text)
	switch {
	case t == "" && r.text != nil:
		d.s.Remove(r.text)
		r.text = nil
	case t == "":
	case r.text == nil:
		r.text = &session.AssistantText{EntryBase: base(num), Text: t}
		d.s.Add(r.text)
		return true
	case r.text.Text != t:
		r.text.Text = t
		d.s.Touch(r.text)
	}
	return false
}

// cutText ends the text where an edit block's lines start.
func (d *Decoder) cutText(at int) {
	r := &d.reply
	if r.text != nil {
		d.showText(r.text.Line, r.tb.String()[:at])
	}
}

// trimLines is text without its blank lines at either end.
func trimLines(s string) string {
	for {
		i := strings.IndexByte(s, '\n')
		if i < 0 || strings.TrimSpace(s[:i]) != "" {
			break
		}
		s = s[i+1:]
	}
	for {
		s = strings.TrimSuffix(s, "\n")
		i := strings.LastIndexByte(s, '\n')
		if i < 0 || strings.TrimSpace(s[i+1:]) != "" {
			break
		}
		s = s[:i]
	}
	if strings.TrimSpace(s) == "" {
		return ""
	}
	return s
}

// fence reports a line that opens or closes a code fence.
func fence(line string) bool { return strings.HasPrefix(strings.TrimSpace(line), "```") }

// filename finds the file an edit block names, as Aider does
// (find_filename), in the lines of text just before it: back through three
// of them, as long as they are fences, the first name with a dot in it,
// else the first. from is where the block's own lines start in the text
// (the name's line and the fences around it), at the head's place when it
// names none.
func filename(recent []row, headAt int) (path string, from int) {
	type named struct {
		name string
		at   int
	}
	var found []named
	last := len(recent)
	for j := len(recent) - 1; j >= max(len(recent)-3, 0); j-- {
		last = j
		if n := stripFilename(recent[j].text); n != "" {
			found = append(found, named{n, j})
		}
		if !fence(recent[j].text) {
			break
		}
	}
	if len(found) == 0 {
		return "", headAt
	}
	pick := found[0]
	for _, f := range found {
		if strings.Contains(f.name, ".") {
			pick = f
			break
		}
	}
	first := last
	if !fence(recent[last].text) && last != pick.at {
		first = last + 1
	}
	if first-1 >= 0 && fence(recent[first-1].text) { // the fence the name is inside of (the diff-fenced form)
		first--
	}
	if first >= len(recent) {
		return pick.name, headAt
	}
	return pick.name, recent[first].at
}

// stripFilename is a line as Aider reads a file's name from it
// (strip_filename): a fence's info when it looks like a path, else the
// line without its decorations; "" for none.
func stripFilename(line string) string {
	name := strings.TrimSpace(line)
	if name == "..." {
		return ""
	}
	if rest, ok := strings.CutPrefix(name, "```"); ok {
		if rest != "" && strings.ContainsAny(rest, "./") {
			return rest
		}
		return ""
	}
	name = strings.TrimRight(name, ":")
	name = strings.TrimLeft(name, "#")
	name = strings.TrimSpace(name)
	name = strings.Trim(name, "`")
	return strings.Trim(name, "*")
}

// editCard adds an edit block's card, a diff of the file with no line
// numbers, waiting for Aider to say it applied it.
func (d *Decoder) editCard(num int, path, search, replace string) {
	diff := session.FileDiff{Path: path, NewText: replace}
	title := "Create " + path
	if strings.TrimSpace(search) != "" {
		diff.OldText, title = &search, "Edit "+path
	}
	d.addEdit(num, path, title, []session.FileDiff{diff}).search = search
}

// addEdit adds an edit's card, waiting for Aider to say what became of it.
// Its arguments are what the reply said: each diff's old and new text.
func (d *Decoder) addEdit(num int, path, title string, diffs []session.FileDiff) *edit {
	type change struct {
		Search  *string `json:"search,omitempty"`
		Replace string  `json:"replace"`
	}
	changes := make([]change, len(diffs))
	for i, df := range diffs {
		changes[i] = change{df.OldText, df.NewText}
	}
	args, _ := jsonline.Marshal(map[string]any{"path": path, "changes": changes})
	c := &session.ToolCall{EntryBase: base(num), Name: "edit", Arguments: string(args),
		Call: session.DiffCallView{Title: title, Diffs: diffs, Locations: []session.FileLocation{{Path: path}}}}
	d.s.Add(c)
	e := &edit{c: c, path: path}
	d.pending = append(d.pending, e)
	return e
}

// outcome is what became of an edit.
type outcome int

const (
	done       outcome = iota // Aider applied it
	notApplied                // Aider skipped it: the person said no, or a dry run
	failedEdit                // its search text matched nothing
)

// settle says what became of the last reply's edits of a file that have no
// outcome yet.
func (d *Decoder) settle(path string, how outcome, why string) {
	for _, e := range d.pending {
		if e.path == path && e.c.Result == nil {
			d.outcome(e, how, why)
		}
	}
}

// outcome gives an edit its result.
func (d *Decoder) outcome(e *edit, how outcome, why string) {
	c := e.c
	switch how {
	case done:
		v := c.Call.(session.DiffCallView)
		c.Result = &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: "Applied edit to " + e.path}}}
		c.View = session.DiffResultView{Title: v.Title, Diffs: v.Diffs}
	case notApplied:
		c.Result = &session.ToolResult{Cancelled: true, Content: []session.ContentBlock{{Type: "text", Text: why}}}
		c.View = session.GenericResultView{}
	case failedEdit:
		c.Result = &session.ToolResult{IsError: true, Content: []session.ContentBlock{{Type: "text", Text: why}}}
		c.View = session.GenericResultView{}
	}
	d.s.Touch(c)
}

// unmatched reads Aider's word that edit blocks failed to match: each one
// it names (its file and its search text) failed; when it says the others
// were applied, they were.
func (d *Decoder) unmatched(m []string) {
	why := strings.Join(m, "\n")
	for i := 0; i < len(m); i++ {
		f := failedIn.FindStringSubmatch(m[i])
		if f == nil || i+1 >= len(m) || !head.MatchString(strings.TrimSpace(m[i+1])) {
			continue
		}
		j := i + 2
		for j < len(m) && !divider.MatchString(strings.TrimSpace(m[j])) {
			j++
		}
		if j == len(m) {
			break // its search text is not whole yet
		}
		search := strings.Join(m[i+2:j], "\n")
		for _, e := range d.pending {
			if (e.c.Result == nil || e.failed) && e.path == f[1] && strings.TrimRight(e.search, "\n") == strings.TrimRight(search, "\n") {
				e.failed = true
				d.outcome(e, failedEdit, why)
				break
			}
		}
		i = j
	}
	for _, l := range m {
		if strings.HasPrefix(l, "# The other ") && strings.HasSuffix(l, " were applied successfully.") {
			for _, e := range d.pending {
				if e.c.Result == nil {
					d.outcome(e, done, "")
				}
			}
		}
	}
}
