// Package aider reads Aider's chat history (.aider.chat.history.md, the
// Markdown transcript Aider appends to in a project's repository) into a
// session: each run's start, the person's inputs, Aider's notices, the
// model's replies with their SEARCH/REPLACE edit blocks drawn as diffs.
// Tools map onto the harness's cards.
package aider

import (
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/deck-tui/deck/session"
)

// Decoder reads an Aider chat history as Aider's io.py writes it
// (InputOutput.append_chat_history):
//
//   - "# aider chat started at YYYY-MM-DD HH:MM:SS" opens each run;
//   - the person's input is "#### " lines, each ending in two spaces (a
//     Markdown line break: user_input);
//   - Aider's own words are "> " lines ending in two spaces (tool_output,
//     tool_error, tool_warning, confirm_ask); a message of several lines
//     written whole has its first line quoted and the rest bare, its last
//     ending in the two spaces;
//   - anything else is the model's reply, as the model wrote it (ai_output),
//     between blank lines.
//
// Each line leaves the session as reading the history up to it would: a
// log Aider is still writing shows what it holds so far. docs/format.md
// says what becomes of each block.
type Decoder struct {
	s *session.Builder

	block   kind
	in      input
	note    run
	reply   reply
	fresh   *session.Event // the run's start, until something but its banner comes
	turn    int
	pending []*edit // the last reply's edits, until Aider says what became of them
	format  string  // the run's edit format, as its banner names it (formats.go)
}

// kind is the kind of block being read.
type kind int

const (
	none kind = iota
	inputs
	notices
	replying
)

// New starts a decoder that fills s from the chat history at path ("" for
// a stream). The history lives in its project's repository: the folder it
// is in is the session's, as the path names it.
func New(s *session.Builder, path string) *Decoder {
	s.Format = session.FormatAider
	if s.Agent == "" {
		s.Agent = "Aider"
	}
	if dir := filepath.Dir(path); path != "" && dir != "." {
		s.Header.Cwd = dir
	} else if abs, err := filepath.Abs(path); path != "" && err == nil { // named from its own folder: say which
		s.Header.Cwd = filepath.Dir(abs)
	}
	return &Decoder{s: s}
}

var chatStarted = regexp.MustCompile(`^# aider chat started at (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\s*$`)

// IsChatStart reports the line that opens a run of Aider: what tells its
// history from any other file.
func IsChatStart(line []byte) bool { return chatStarted.Match(line) }

// Apply reads one line (without its newline). A line that makes an entry
// counts as one; one that joins a block, as merged into it; a blank line
// between blocks, as bookkeeping.
func (d *Decoder) Apply(num int, raw []byte) {
	d.s.Account.Lines++
	line := string(raw)
	made := false
	switch {
	case chatStarted.MatchString(line): // even inside a message cut off by a crash
		d.begin(none)
		made = d.chat(num, chatStarted.FindStringSubmatch(line)[1])
	case d.block == notices && d.note.cont:
		made = d.noticeLine(num, line)
	case strings.HasPrefix(line, "#### ") && brokenLine(line):
		made = d.begin(inputs) && d.inputStart(num, line) || d.inputLine(line)
	case strings.HasPrefix(line, "> ") && (d.block != replying || brokenLine(line)):
		// a quote in the model's reply ends in no line break
		d.begin(notices)
		made = d.noticeLine(num, line)
	case strings.TrimSpace(line) == "" && d.block != replying:
		d.begin(none)
		d.s.Tally(session.AsBookkeeping, "(blank line)")
		return
	default:
		if d.begin(replying) {
			d.startReply()
		}
		made = d.replyLine(num, line)
	}
	if made {
		d.s.Tally(session.AsEntry, "")
	} else {
		d.s.Tally(session.AsMerge, "")
	}
}

// brokenLine reports a line that ends in the two spaces Aider writes after
// its own lines and the person's (a Markdown line break).
func brokenLine(line string) bool { return strings.HasSuffix(line, "  ") }

// begin ends the block being read when another kind begins, and reports
// whether a new block begins.
func (d *Decoder) begin(k kind) bool {
	if d.block == k {
		return false
	}
	if d.block == notices && d.fresh != nil && d.note.ev == d.fresh {
		d.fresh = nil // the banner ended
	}
	d.block = k
	d.in, d.note, d.reply = input{}, run{}, reply{}
	return k != none
}

// Finish is called once the history has ended: every line already shows.
func (d *Decoder) Finish() {}

// chat opens a run of Aider: a line saying when it started, whose banner
// (the notices before anything else) joins it. The time has no zone (the
// writer's own clock): it is read as UTC.
func (d *Decoder) chat(num int, at string) bool {
	when, _ := time.Parse(time.DateTime, at)
	ms := when.UnixMilli()
	if d.s.Header.CreatedAt == 0 {
		d.s.Header.CreatedAt = ms
	}
	e := &session.Event{EntryBase: session.EntryBase{Seq: -1, Line: num, Time: ms}, Kind: "chat", Summary: "aider chat started at " + at}
	d.s.Add(e)
	d.fresh, d.pending = e, nil
	return true
}

// base makes the common fields of an entry: the history stamps only a
// run's start.
func base(num int) session.EntryBase { return session.EntryBase{Seq: -1, Line: num} }

// input is what the person typed, as it is read: a prompt (with the turn
// it opens), or a command (/…, or ! for the shell), a line of its own.
type input struct {
	rows strings.Builder
	msg  *session.UserMessage
	ev   *session.Event
}

// inputStart reads the first line of an input, which says what it is: a
// command when it starts with / or !, else a prompt.
func (d *Decoder) inputStart(num int, line string) bool {
	d.fresh = nil
	row := strings.TrimSpace(inputRow(line))
	switch {
	case strings.HasPrefix(row, "/"):
		d.in.ev = &session.Event{EntryBase: base(num), Kind: "command", Summary: row}
		d.s.Add(d.in.ev)
		return true
	case strings.HasPrefix(row, "!"):
		d.in.ev = &session.Event{EntryBase: base(num), Kind: "shell", Summary: strings.TrimSpace(strings.TrimPrefix(row, "!"))}
		d.s.Add(d.in.ev)
		return true
	}
	d.turn++
	d.s.Add(&session.TurnStart{EntryBase: base(num), Turn: d.turn})
	d.in.msg = &session.UserMessage{EntryBase: base(num), Role: session.RoleHuman}
	d.in.rows.WriteString(inputRow(line))
	d.in.msg.Content = []session.ContentBlock{{Type: "text", Text: inputText(d.in.rows.String())}}
	d.s.Add(d.in.msg)
	return true
}

// inputLine adds a line to the input being read.
func (d *Decoder) inputLine(line string) bool {
	row := inputRow(line)
	if d.in.ev != nil {
		d.in.ev.Body = strings.TrimPrefix(d.in.ev.Body+"\n"+row, "\n")
		d.s.Touch(d.in.ev)
		return false
	}
	d.in.rows.WriteString("\n" + row)
	d.in.msg.Content = []session.ContentBlock{{Type: "text", Text: inputText(d.in.rows.String())}}
	d.s.Touch(d.in.msg)
	return false
}

// inputRow is a line of the person's input, without Aider's marks.
func inputRow(line string) string { return strings.TrimSuffix(strings.TrimPrefix(line, "#### "), "  ") }

// inputText is an input's text: "<blank>" is an empty one.
func inputText(text string) string {
	if text == "<blank>" {
		return ""
	}
	return text
}
