package aider

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/deck-tui/deck/session"
)

// Aider's own words (coders/base_coder.py, io.py, commands.py): a run of
// them, between blank lines, is one line on screen with the rest under
// it. Some say what became of the reply before them or of the session:
// its tokens, its edits applied or failed, a command Aider ran, its
// version and model.

// run is a run of Aider's messages, as it is read.
type run struct {
	ev   *session.Event // where its lines go: its own line, or a run's start whose banner it is
	body strings.Builder
	msg  []string // the message being read, its marks taken off
	cont bool     // the message goes on: a message written whole over several lines
}

var (
	version    = regexp.MustCompile(`^Aider (v\d+\.\d+\S*)$`)
	mainModel  = regexp.MustCompile(`^(?:Main model|Model): (\S+)`)
	tokensLine = regexp.MustCompile(`^Tokens: ([\d.]+k?) sent(?:, ([\d.]+k?) cache write)?(?:, ([\d.]+k?) cache hit)?, ([\d.]+k?) received\.`)
	applied    = regexp.MustCompile(`^Applied edit to (.+)$`)
	skipped    = regexp.MustCompile(`^(?:Skipping edits to (.+)|Did not apply edit to (.+) \(--dry-run\))$`)
	failedHead = regexp.MustCompile(`^# \d+ SEARCH/REPLACE blocks? failed to match!$`)
	failedIn   = regexp.MustCompile(`^## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in (.+)$`)
	running    = regexp.MustCompile(`^Running (.+)$`)
)

// noticeLine reads a line of Aider's: a quoted one starts a message, a
// bare one goes on with the one before, until a line ends in Aider's line
// break. A run's first line is its line on screen, the rest under it (the
// first run after a run's start goes under that start's line), and what a
// message says is taken as it comes.
func (d *Decoder) noticeLine(num int, line string) bool {
	goesOn := d.note.cont
	d.note.cont = !brokenLine(line)
	text := strings.TrimSuffix(line, "  ")
	if goesOn {
		d.note.msg = append(d.note.msg, text)
	} else {
		text = strings.TrimPrefix(text, "> ")
		d.note.msg = []string{text}
		if r := running.FindStringSubmatch(text); r != nil && !d.note.cont {
			d.command(num, r[1])
			return true
		}
	}
	if d.note.ev == nil && d.fresh == nil {
		d.note.ev = &session.Event{EntryBase: base(num), Kind: "aider", Summary: text}
		d.s.Add(d.note.ev)
		d.take(d.note.msg)
		return true
	}
	if d.note.ev == nil {
		d.note.ev = d.fresh
	}
	if d.note.body.Len() > 0 {
		d.note.body.WriteString("\n")
	}
	d.note.body.WriteString(text)
	d.note.ev.Body = d.note.body.String()
	d.take(d.note.msg)
	d.s.Touch(d.note.ev)
	return false
}

// command is a command Aider ran ("Running …", handle_shell_commands). It
// shows the command's output but writes none of it, nor how it ended, to
// the history: the call has no result. The run's next message starts a
// line of its own.
func (d *Decoder) command(num int, cmd string) {
	d.s.Add(&session.ToolCall{EntryBase: base(num), Name: "shell", Arguments: cmd, Unfinished: true,
		Call: session.TerminalCallView{Title: cmd, Description: "its output and exit status are not in Aider's chat history"}})
	d.note.ev, d.note.body, d.note.msg = nil, strings.Builder{}, nil
}

// take reads what a message says of the session and of the last reply. A
// message read line by line is taken at each: what it says only grows.
func (d *Decoder) take(m []string) {
	first := m[0]
	switch {
	case len(m) > 1 && !failedHead.MatchString(first): // said at its first line
	case version.MatchString(first):
		d.s.Agent = "Aider " + version.FindStringSubmatch(first)[1]
	case mainModel.MatchString(first):
		d.s.Model = mainModel.FindStringSubmatch(first)[1]
		if f := editFormat.FindStringSubmatch(first); f != nil {
			d.format = f[1]
		}
	case tokensLine.MatchString(first):
		t := tokensLine.FindStringSubmatch(first)
		sent, write, hit := tokens(t[1]), tokens(t[2]), tokens(t[3])
		d.s.CountUsage(session.TokenUsage{Input: max(sent-write, 0), CacheWrite: write, CacheRead: hit, Output: tokens(t[4]),
			Recorded: session.Recorded(t[2] != "" || t[3] != "", false)})
	case applied.MatchString(first):
		d.settle(applied.FindStringSubmatch(first)[1], done, "")
	case skipped.MatchString(first):
		s := skipped.FindStringSubmatch(first)
		d.settle(s[1]+s[2], notApplied, first)
	case failedHead.MatchString(first):
		d.unmatched(m)
	}
	if failed(first) && d.note.ev != nil && d.note.ev != d.fresh && !d.note.ev.Failed {
		d.note.ev.Failed = true
	}
}

// failed reports a message that says something went wrong: the model's
// reply broke the edit format, an edit did not match, the model's
// provider refused (litellm's errors).
func failed(first string) bool {
	return first == "The LLM did not conform to the edit format." || failedHead.MatchString(first) || strings.HasPrefix(first, "litellm.")
}

// tokens reads a count as Aider prints it (format_tokens): 999, 1.2k, 13k.
func tokens(s string) int64 {
	if s == "" {
		return 0
	}
	k := strings.HasSuffix(s, "k")
	f, err := strconv.ParseFloat(strings.TrimSuffix(s, "k"), 64)
	if err != nil || f < 0 || f > 1e12 {
		return 0
	}
	if k {
		f *= 1000
	}
	return int64(f)
}
