// Package opencode reads opencode's sessions (sst/opencode): the SQLite
// store opencode.db (tables session, message, part) and the older tree of
// JSON files under storage/. A message's JSON and its parts' are the same
// in both; docs/format.md says what becomes of each part. Tools map onto
// the harness's cards (tools.go); a subagent's session (task) is nested in
// the call that started it.
package opencode

import (
	"strconv"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
	"github.com/go-json-experiment/json/jsontext"
)

// message is a message's JSON (message-v2.ts: User, Assistant).
type message struct {
	Role string `json:"role"`
	Time struct {
		Created   int64 `json:"created"`
		Completed int64 `json:"completed"`
	} `json:"time"`
	Agent      string         `json:"agent"`
	ModelID    string         `json:"modelID"`
	ProviderID string         `json:"providerID"`
	Model      *modelRef      `json:"model"`
	Tokens     *tokens        `json:"tokens"`
	Finish     string         `json:"finish"`
	Error      jsontext.Value `json:"error"`
	Summary    jsontext.Value `json:"summary"`
}

type modelRef struct {
	ProviderID string `json:"providerID"`
	ModelID    string `json:"modelID"`
}

type tokens struct {
	Input     int64 `json:"input"`
	Output    int64 `json:"output"`
	Reasoning int64 `json:"reasoning"`
	Cache     struct {
		Read  int64 `json:"read"`
		Write int64 `json:"write"`
	} `json:"cache"`
}

func (t *tokens) usage() session.TokenUsage {
	return session.TokenUsage{Input: t.Input, Output: t.Output, CacheRead: t.Cache.Read, CacheWrite: t.Cache.Write,
		Reasoning: t.Reasoning, Recorded: session.Recorded(true, true)}
}

// part is a part's JSON: its type says which fields it has.
type part struct {
	Type      string `json:"type"`
	Text      string `json:"text"`
	Synthetic bool   `json:"synthetic"`
	Ignored   bool   `json:"ignored"`
	Time      struct {
		Start int64 `json:"start"`
		End   int64 `json:"end"`
	} `json:"time"`
	Tool     string     `json:"tool"`
	CallID   string     `json:"callID"`
	State    *toolState `json:"state"`
	Tokens   *tokens    `json:"tokens"`
	Reason   string     `json:"reason"`
	Filename string     `json:"filename"`
	Mime     string     `json:"mime"`
	URL      string     `json:"url"`
	Name     string     `json:"name"`
	Prompt   string     `json:"prompt"`
	Attempt  int64      `json:"attempt"`
	Auto     bool       `json:"auto"`
	Files    []string   `json:"files"`
}

// toolState is a tool part's state: pending, running, completed, error.
type toolState struct {
	Status   string         `json:"status"`
	Input    jsontext.Value `json:"input"`
	Output   string         `json:"output"`
	Error    string         `json:"error"`
	Title    string         `json:"title"`
	Metadata jsontext.Value `json:"metadata"`
	Time     struct {
		Start int64 `json:"start"`
		End   int64 `json:"end"`
	} `json:"time"`
}

// children finds a subagent's session by id; nil when there is none.
type children func(id string) []Record

// maxDepth bounds how deep subagents' sessions are nested: a store that
// names a session as its own descendant must not loop.
const maxDepth = 4

// decoder fills a session from a session's records.
type decoder struct {
	s     *session.Builder
	files *present.FileLines
	child children
	depth int
	line  int // each message and part counts as a line, for notices and the accounting
	turn  int
	steps int               // the open turn's model calls (step-finish parts)
	whole map[string]string // files whose whole text is known, by path: a write's diff is made against it
	last  *message          // the latest assistant message of the open turn
	open  bool
}

// Decode fills s from a session's records, in order; child finds the
// sessions subagents ran (nil: none is looked for).
func Decode(s *session.Builder, info Info, recs []Record, child children) {
	s.Format = session.FormatOpenCode
	s.Agent = "opencode"
	if info.Version != "" {
		s.Agent += " " + info.Version
	}
	s.Header.ID, s.Header.Cwd, s.Header.CreatedAt, s.Header.ParentSession = info.ID, info.Directory, info.Created, info.ParentID
	if t := info.Title; t != "" && !DefaultTitle(t) {
		s.SetTitle(t)
	}
	d := &decoder{s: s, files: present.NewFileLines(), child: child, whole: map[string]string{}}
	d.files.Cwd = info.Directory
	d.decode(recs)
	d.endLast()
}

// endLast ends the session's last turn, unless its model was still
// answering when the store was read: that turn goes on.
func (d *decoder) endLast() {
	if d.open && d.last != nil && d.last.Time.Completed == 0 && len(d.last.Error) == 0 {
		return
	}
	d.endTurn()
}

// DefaultTitle reports the title opencode gives a session before it names it
// ("New session - <ISO time>", "Child session - …"): the first prompt says
// more.
func DefaultTitle(t string) bool {
	return strings.HasPrefix(t, "New session - ") || strings.HasPrefix(t, "Child session - ")
}

func (d *decoder) decode(recs []Record) {
	for _, r := range recs {
		d.message(r)
	}
}

func (d *decoder) next() int {
	d.line++
	d.s.Account.Lines++
	return d.line
}

func (d *decoder) message(r Record) {
	num := d.next()
	var m message
	if err := jsonline.Unmarshal(r.Data, &m); err != nil {
		d.s.Notice(num, "message "+r.ID+" does not fit its shape: "+jsonline.Short(err))
		d.parts(num, r.Parts, &message{})
		return
	}
	switch m.Role {
	case "user":
		d.endTurn()
		d.turn++
		d.open = true
		d.s.Add(&session.TurnStart{EntryBase: base(num, m.Time.Created), Turn: d.turn})
		d.s.Tally(session.AsEntry, "")
		if m.Model != nil && d.s.Model == "" {
			d.s.Provider, d.s.Model = m.Model.ProviderID, m.Model.ModelID
		}
	case "assistant":
		d.last = &m
		d.s.Tally(session.AsBookkeeping, "assistant message")
		if m.ModelID != "" {
			d.s.Provider, d.s.Model = m.ProviderID, m.ModelID
		}
	default:
		d.s.Notice(num, "message "+r.ID+" has a role deck does not know: "+strconv.Quote(m.Role))
	}
	d.parts(num, r.Parts, &m)
	if m.Role == "assistant" && len(m.Error) > 0 && m.Error.Kind() == '{' {
		d.failed(num, &m)
	}
}

// failed says why an assistant message ended in an error (a provider's,
// an abort): the turn's end says it.
func (d *decoder) failed(num int, m *message) {
	var e struct {
		Name string `json:"name"`
		Data struct {
			Message string `json:"message"`
		} `json:"data"`
	}
	_ = jsonline.Unmarshal(m.Error, &e)
	if e.Name == "MessageAbortedError" {
		return // endTurn says aborted
	}
	text := e.Data.Message
	if text == "" {
		text = e.Name
	}
	d.s.Add(&session.Event{EntryBase: base(num, m.Time.Completed), Kind: "error", Summary: firstLine(text), Body: text, Failed: true})
}

func (d *decoder) endTurn() {
	if !d.open {
		return
	}
	d.open = false
	end := &session.TurnEnd{EntryBase: base(d.line, 0), Turn: d.turn, Reason: "completed", Steps: d.steps}
	d.steps = 0
	if m := d.last; m != nil {
		end.Time = m.Time.Completed
		if len(m.Error) > 0 && m.Error.Kind() == '{' {
			var e struct {
				Name string `json:"name"`
			}
			_ = jsonline.Unmarshal(m.Error, &e)
			end.Reason = "error"
			if e.Name == "MessageAbortedError" {
				end.Reason = "aborted"
			}
			end.Detail = e.Name
		} else if m.Time.Completed == 0 {
			end.Reason = "interrupted"
		}
	}
	d.last = nil
	d.s.Add(end)
}

func (d *decoder) parts(msgNum int, raws [][]byte, m *message) {
	var user []session.ContentBlock
	counted := false
	for _, raw := range raws {
		num := d.next()
		var p part
		if err := jsonline.Unmarshal(raw, &p); err != nil {
			d.s.Notice(num, "a part does not fit its shape: "+jsonline.Short(err))
			continue
		}
		if m.Role == "user" {
			if b, ok := d.userPart(num, &p); ok {
				user = append(user, b)
			}
			continue
		}
		switch p.Type {
		case "text":
			if strings.TrimSpace(p.Text) == "" || p.Ignored {
				d.s.Tally(session.AsBookkeeping, "empty text")
				continue
			}
			d.s.Add(&session.AssistantText{EntryBase: base(num, p.Time.Start), Text: p.Text})
			d.s.Tally(session.AsEntry, "")
		case "reasoning":
			if strings.TrimSpace(p.Text) == "" {
				d.s.Tally(session.AsBookkeeping, "empty reasoning")
				continue
			}
			d.s.Add(&session.Reasoning{EntryBase: base(num, p.Time.Start), Text: p.Text})
			d.s.Tally(session.AsEntry, "")
		case "tool":
			d.tool(num, &p)
		case "step-finish":
			d.steps++
			if p.Tokens != nil {
				d.s.CountUsage(p.Tokens.usage())
				counted = true
			}
			d.s.Tally(session.AsBookkeeping, "step-finish")
		case "step-start", "snapshot", "patch":
			d.s.Tally(session.AsBookkeeping, p.Type)
		case "compaction":
			d.s.Add(&session.Event{EntryBase: base(num, 0), Kind: "compaction", Summary: "the conversation was compacted"})
			d.s.Tally(session.AsEntry, "")
		case "retry":
			d.s.Add(&session.Event{EntryBase: base(num, 0), Kind: "retry", Summary: "the model call was retried (attempt " + strconv.FormatInt(p.Attempt, 10) + ")"})
			d.s.Tally(session.AsEntry, "")
		case "agent", "subtask", "file":
			d.s.Add(&session.Event{EntryBase: base(num, 0), Kind: p.Type, Summary: firstOf(p.Name, p.Filename, p.Prompt, p.URL)})
			d.s.Tally(session.AsEntry, "")
		default:
			d.s.Notice(num, "a part of a type deck does not know: "+strconv.Quote(p.Type))
		}
	}
	if m.Role == "assistant" && !counted && m.Tokens != nil {
		d.s.CountUsage(m.Tokens.usage())
	}
	if m.Role == "user" && len(user) > 0 {
		d.s.Add(&session.UserMessage{EntryBase: base(msgNum, m.Time.Created), Role: session.RoleHuman, Content: user})
	}
}

// userPart is what a user message's part adds to it: its text, a file
// attached; text opencode adds itself (synthetic) is context, not words
// the person wrote, and is counted, not shown.
func (d *decoder) userPart(num int, p *part) (session.ContentBlock, bool) {
	switch {
	case p.Type == "text" && p.Synthetic:
		d.s.Tally(session.AsBookkeeping, "synthetic text")
	case p.Type == "text":
		d.s.Tally(session.AsMerge, "")
		return session.ContentBlock{Type: "text", Text: p.Text}, true
	case p.Type == "file":
		d.s.Tally(session.AsMerge, "")
		return session.ContentBlock{Type: "text", Text: "[file: " + firstOf(p.Filename, p.URL) + "]"}, true
	case p.Type == "agent" || p.Type == "subtask" || p.Type == "compaction":
		d.s.Add(&session.Event{EntryBase: base(num, 0), Kind: p.Type, Summary: firstOf(p.Name, p.Prompt, p.Type)})
		d.s.Tally(session.AsEntry, "")
	default:
		d.s.Notice(num, "a user part of a type deck does not know: "+strconv.Quote(p.Type))
	}
	return session.ContentBlock{}, false
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

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
