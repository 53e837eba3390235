// Package crush reads Crush's sessions (charmbracelet/crush): the SQLite
// store a project keeps in .crush/crush.db, its tables sessions and
// messages, each message's parts a JSON array (text, reasoning, image_url,
// binary, tool_call, tool_result, finish, shell_command). docs/format.md
// says what becomes of each part. Tools map onto the harness's cards
// (tools.go); a subagent's session (agent, agentic_fetch) is nested in the
// call that ran it.
package crush

import (
	"strconv"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
	"github.com/go-json-experiment/json/jsontext"
)

// part is one of a message's parts: its type says what data holds.
type part struct {
	Type string         `json:"type"`
	Data jsontext.Value `json:"data"`
}

// The parts' data, as Crush's message package writes them.
type (
	textData struct {
		Text string `json:"text"`
	}
	reasoningData struct {
		Thinking string `json:"thinking"`
	}
	imageData struct {
		URL string `json:"url"`
	}
	binaryData struct { // Go's field names: Crush gives them no tags
		Path     string `json:"Path"`
		MIMEType string `json:"MIMEType"`
	}
	callData struct {
		ID       string `json:"id"`
		Name     string `json:"name"`
		Input    string `json:"input"`
		Finished bool   `json:"finished"`
	}
	resultData struct {
		CallID   string `json:"tool_call_id"`
		Name     string `json:"name"`
		Content  string `json:"content"`
		Metadata string `json:"metadata"`
		MIMEType string `json:"mime_type"`
		IsError  bool   `json:"is_error"`
	}
	finishData struct {
		Reason  string `json:"reason"`
		Time    int64  `json:"time"`
		Message string `json:"message"`
		Details string `json:"details"`
	}
	shellData struct {
		Command  string `json:"command"`
		Output   string `json:"output"`
		ExitCode int    `json:"exit_code"`
	}
)

// Children finds the session a call of the session parent ran: its id and
// its records; none when there is none (nil: none is looked for).
type Children func(parent, call string) (id string, recs []Record)

// maxDepth bounds how deep subagents' sessions are nested: a store that
// names a session as its own descendant must not loop.
const maxDepth = 4

// decoder fills a session from a session's records.
type decoder struct {
	s     *session.Builder
	files *present.FileLines
	child Children
	id    string // the session's: its subagents' sessions name it their parent
	depth int
	line  int // each message and part counts as a line, for notices and the accounting
	turn  int
	open  bool
	steps int                          // the open turn's model calls (its assistant messages)
	last  *finishData                  // the finish of the open turn's latest assistant message; nil while it has none
	seen  int                          // records decoded so far: what a summary stands in for
	plans map[string]*session.ToolCall // the todos calls shown as the plan, by id, until their result
}

// Decode fills s from a session's records, in order; child finds the
// sessions subagents ran.
func Decode(s *session.Builder, info Info, recs []Record, child Children) {
	s.Format = session.FormatCrush
	s.Agent = "Crush"
	s.Header.ID, s.Header.Cwd, s.Header.CreatedAt, s.Header.ParentSession = info.ID, info.Cwd, info.Created, info.ParentID
	if !DefaultTitle(info.Title) {
		s.SetTitle(info.Title)
	}
	if info.Migration > NewestMigration {
		s.Notice(0, "this store was migrated by a newer Crush than deck knows (migration "+strconv.FormatInt(info.Migration, 10)+
			"; deck knows those up to "+strconv.FormatInt(NewestMigration, 10)+"): what it cannot read is said where it is")
	}
	d := &decoder{s: s, files: present.NewFileLines(), child: child, id: info.ID, plans: map[string]*session.ToolCall{}}
	d.files.Cwd = info.Cwd
	d.decode(recs, info.SummaryID)
	d.endLast(recs)
}

func (d *decoder) decode(recs []Record, summaryID string) {
	for _, r := range recs {
		d.message(r, r.Summary || r.ID == summaryID)
		d.seen++
	}
}

// endLast ends the session's last turn, unless its model was still
// answering when the store was read: that turn goes on.
func (d *decoder) endLast(recs []Record) {
	if n := len(recs); d.open && n > 0 && recs[n-1].Role == "assistant" && d.last == nil {
		return
	}
	d.endTurn()
}

func (d *decoder) next() int {
	d.line++
	d.s.Account.Lines++
	return d.line
}

func (d *decoder) message(r Record, summary bool) {
	num := d.next()
	var parts []part
	if err := jsonline.Unmarshal(r.Parts, &parts); err != nil {
		d.s.Notice(num, "message "+r.ID+"'s parts do not fit their shape: "+jsonline.Short(err))
		return
	}
	switch {
	case summary:
		d.summary(num, r, parts)
	case r.Role == "user":
		d.user(num, r, parts)
	case r.Role == "assistant":
		d.steps++
		d.last = nil // until its finish says how it ended
		if r.Model != "" {
			d.s.Provider, d.s.Model = r.Provider, r.Model
		}
		d.s.Tally(session.AsBookkeeping, "assistant message")
		d.assistant(r, parts)
	case r.Role == "tool":
		d.s.Tally(session.AsBookkeeping, "tool message")
		d.results(r, parts)
	default:
		d.s.Notice(num, "message "+r.ID+" has a role deck does not know: "+strconv.Quote(r.Role))
	}
}

// user is a person's message: its text and attachments, which open a
// turn, and the commands they ran in the shell mode (!), which the model
// gets with the next prompt and answers none of: a line each, no turn.
func (d *decoder) user(num int, r Record, parts []part) {
	var content []session.ContentBlock
	var shells []shellData
	for _, p := range parts {
		pn := d.next()
		switch p.Type {
		case "text":
			var t textData
			switch {
			case !d.data(pn, p, &t):
			case t.Text == "":
				d.s.Tally(session.AsBookkeeping, "empty text")
			default:
				content = append(content, session.ContentBlock{Type: "text", Text: t.Text})
				d.s.Tally(session.AsMerge, "")
			}
		case "image_url":
			var im imageData
			if d.data(pn, p, &im) {
				content = append(content, session.ContentBlock{Type: "text", Text: "[image: " + im.URL + "]"})
				d.s.Tally(session.AsMerge, "")
			}
		case "binary":
			var b binaryData
			if d.data(pn, p, &b) {
				content = append(content, session.ContentBlock{Type: "text", Text: "[file: " + firstOf(b.Path, b.MIMEType) + "]"})
				d.s.Tally(session.AsMerge, "")
			}
		case "shell_command":
			var sh shellData
			if d.data(pn, p, &sh) {
				shells = append(shells, sh)
			}
		case "finish":
			d.s.Tally(session.AsBookkeeping, "finish")
		default:
			d.unknown(pn, r, p)
		}
	}
	if len(content) > 0 {
		d.endTurn()
		d.turn++
		d.open = true
		d.s.Add(&session.TurnStart{EntryBase: base(num, r.Created), Turn: d.turn})
		d.s.Tally(session.AsEntry, "")
		d.s.Add(&session.UserMessage{EntryBase: base(num, r.Created), Role: session.RoleHuman, Content: content})
	} else {
		d.s.Tally(session.AsBookkeeping, "user message")
	}
	for _, sh := range shells {
		d.s.Add(&session.Event{EntryBase: base(num, r.Created), Kind: "shell", Summary: "! " + strings.TrimSpace(sh.Command),
			Body: strings.TrimRight(sh.Output, "\n"), Failed: sh.ExitCode != 0})
		d.s.Tally(session.AsEntry, "")
	}
}

// assistant is one model call: its reasoning, text and tool calls, and
// how it finished. Crush stamps a message to the second, when it is made
// (before the model sends anything) and when it is done: what the model
// sent is not dated (no time to its first token is made up); the turn's
// end is, by its last call's finish.
func (d *decoder) assistant(r Record, parts []part) {
	for _, p := range parts {
		pn := d.next()
		switch p.Type {
		case "text":
			var t textData
			if !d.data(pn, p, &t) {
				continue
			}
			if strings.TrimSpace(t.Text) == "" {
				d.s.Tally(session.AsBookkeeping, "empty text")
				continue
			}
			d.s.Add(&session.AssistantText{EntryBase: base(pn, 0), Text: t.Text})
			d.s.Tally(session.AsEntry, "")
		case "reasoning":
			var t reasoningData
			if !d.data(pn, p, &t) {
				continue
			}
			if strings.TrimSpace(t.Thinking) == "" {
				d.s.Tally(session.AsBookkeeping, "empty reasoning")
				continue
			}
			d.s.Add(&session.Reasoning{EntryBase: base(pn, 0), Text: t.Thinking})
			d.s.Tally(session.AsEntry, "")
		case "tool_call":
			var c callData
			if d.data(pn, p, &c) {
				d.call(pn, c)
			}
		case "finish":
			var f finishData
			if d.data(pn, p, &f) {
				d.finish(pn, r, f)
			}
		default:
			d.unknown(pn, r, p)
		}
	}
}

// finish notes how a model call ended; an error says why where it came.
func (d *decoder) finish(num int, r Record, f finishData) {
	d.last = &f
	if f.Reason != "error" || f.Message == "" && f.Details == "" {
		d.s.Tally(session.AsBookkeeping, "finish")
		return
	}
	d.s.Add(&session.Event{EntryBase: base(num, firstTime(millis(f.Time), r.Finished)), Kind: "error",
		Summary: firstLine(firstOf(f.Message, f.Details)), Body: strings.TrimSpace(f.Message + "\n" + f.Details), Failed: true})
	d.s.Tally(session.AsEntry, "")
}

// summary is the message Crush wrote when it summarised the session: the
// model sees the session from it on, in place of what came before.
func (d *decoder) summary(num int, r Record, parts []part) {
	d.endTurn()
	var text []string
	for _, p := range parts {
		pn := d.next()
		switch p.Type {
		case "text":
			var t textData
			if d.data(pn, p, &t) {
				text = append(text, t.Text)
				d.s.Tally(session.AsMerge, "")
			}
		case "finish", "reasoning":
			d.s.Tally(session.AsBookkeeping, "summary "+p.Type)
		default:
			d.unknown(pn, r, p)
		}
	}
	d.s.Add(&session.UserMessage{EntryBase: base(num, r.Created), Role: session.RoleSummary, Source: "summary",
		Content:  []session.ContentBlock{{Type: "text", Text: strings.Join(text, "\n\n")}},
		Replaces: session.Replaced{Messages: d.seen, FirstTurn: min(d.turn, 1), LastTurn: d.turn}})
	d.s.Tally(session.AsEntry, "")
}

// endTurn ends the open turn, by how its last model call finished: a
// turn whose model last asked for tools was cut before it answered.
func (d *decoder) endTurn() {
	if !d.open {
		return
	}
	d.open = false
	end := &session.TurnEnd{EntryBase: base(d.line, 0), Turn: d.turn, Reason: "completed", Steps: d.steps}
	d.steps = 0
	if f := d.last; f != nil {
		end.Time = millis(f.Time)
	}
	switch f := d.last; {
	case f == nil || f.Reason == "tool_use":
		end.Reason = "interrupted"
	case f.Reason == "end_turn" || f.Reason == "stop" || f.Reason == "":
	case f.Reason == "canceled":
		end.Reason = "aborted"
	case f.Reason == "error":
		end.Reason = "error"
	case f.Reason == "max_tokens":
		end.Reason = "max-tokens"
	case f.Reason == "permission_denied":
		end.Reason, end.Detail = "rejected", "a tool's permission was denied"
	case f.Reason == "content_filter":
		end.Reason = "blocked"
	default:
		end.Reason = f.Reason
	}
	d.last = nil
	d.s.Add(end)
}

// data reads a part's data into v; a part whose data does not fit is a
// notice in place.
func (d *decoder) data(num int, p part, v any) bool {
	if err := jsonline.Unmarshal(p.Data, v); err != nil {
		d.s.Notice(num, "a "+strconv.Quote(p.Type)+" part does not fit its shape: "+jsonline.Short(err))
		return false
	}
	return true
}

func (d *decoder) unknown(num int, r Record, p part) {
	d.s.Notice(num, "a part of a type deck does not know in a "+strconv.Quote(r.Role)+" message: "+strconv.Quote(p.Type))
}

func base(num int, at int64) session.EntryBase {
	return session.EntryBase{Seq: -1, Time: at, Line: num}
}

func firstOf(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// firstTime is the first time that is known (not 0).
func firstTime(t ...int64) int64 {
	for _, x := range t {
		if x > 0 {
			return x
		}
	}
	return 0
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
