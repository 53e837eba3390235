// Package claude reads Claude Code's session transcripts into a session,
// its subagents' work nested in the Task calls that started it. Tools map
// onto the harness's cards through session/present.
package claude

import (
	"bytes"
	"errors"
	"fmt"
	"time"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/internal/subagentfile"
	"github.com/deck-tui/deck/session/present"
	"github.com/go-json-experiment/json/jsontext"
)

// Decoder reads a Claude Code transcript
// (~/.claude/projects/<project>/<session>.jsonl, or a subagent's
// <session>/subagents/agent-<id>.jsonl): one JSON record a line, told apart
// by `type`. docs/format.md says what becomes of each record.
//
// One decoder reads one conversation. A subagent's conversation (a Task
// call's sidechain, its agent_progress copies, its own file) is read by a
// child decoder whose entries become the Task call's Nested entries.
type Decoder struct {
	s     *session.Builder
	path  string // the log's file, "" for a stream: subagent files are looked for beside it
	depth int    // 0 for the log itself, 1 for a subagent, …
	// sub marks a child decoder: its records are all the subagent's own,
	// so it never routes sidechains and never sets the session's facts.
	sub bool

	files *present.FileLines // what reads showed of each file (shared with children)
	whole map[string]string  // files whose whole text is known, by resolved path (shared)

	msgUsage map[string]session.TokenUsage // usage counted so far for each message.id
	blocks   map[string]bool               // message.id + block already shown (a line written twice)
	plans    map[string]*session.Plan      // TodoWrite calls by tool_use id
	tasks    map[string]*task
	order    []*task // the Task calls in order, for linking sidechains
	dirty    []*task // the Tasks whose work changed since Settle

	subagentfile.Queue // subagents' files left to the user (Defer)

	// sidechains: which subagent each sidechain uuid belongs to (nil: this
	// decoder's own), and the last one a line went to.
	sideOf   map[string]*task
	lastSide *task

	leaves      map[string]string // summary titles waiting for their leafUuid
	uuids       map[string]bool   // uuids seen, for summaries written before their leaf
	titled      bool              // the title came from a summary whose leaf is in this file
	customTitle bool              // the user named the session: summaries do not rename it
	aiTitle     bool              // Claude Code named the session (ai-title): summaries do not rename it
	turn        int
	promptSeen  bool           // a sidechain's first prompt was shown
	command     *session.Event // the last slash command, while its expansion may follow
	compaction  *session.Event // the last compaction, while its summary may follow
}

// New starts a decoder that fills s from the transcript at path ("" for a
// stream, whose subagent files are then not looked for).
func New(s *session.Builder, path string) *Decoder {
	s.Format = session.FormatClaudeCode
	return &Decoder{
		s: s, path: path, files: present.NewFileLines(), whole: map[string]string{},
		msgUsage: map[string]session.TokenUsage{}, blocks: map[string]bool{}, plans: map[string]*session.Plan{},
		tasks: map[string]*task{}, sideOf: map[string]*task{},
		leaves: map[string]string{}, uuids: map[string]bool{},
	}
}

// record is one line of a transcript. Only the fields deck uses are
// here; a field of the wrong JSON type makes the line a notice.
type record struct {
	Type             string         `json:"type"`
	Subtype          string         `json:"subtype"`
	UUID             string         `json:"uuid"`
	ParentUUID       *string        `json:"parentUuid"`
	IsSidechain      bool           `json:"isSidechain"`
	IsMeta           bool           `json:"isMeta"`
	IsCompactSummary bool           `json:"isCompactSummary"`
	IsAPIError       bool           `json:"isApiErrorMessage"`
	SessionID        string         `json:"sessionId"`
	AgentID          string         `json:"agentId"`
	Version          string         `json:"version"`
	Cwd              string         `json:"cwd"`
	Timestamp        string         `json:"timestamp"`
	Message          jsontext.Value `json:"message"`
	ToolUseResult    jsontext.Value `json:"toolUseResult"`
	Data             jsontext.Value `json:"data"`
	ParentToolUseID  string         `json:"parentToolUseID"`

	// system records, by subtype; raw, as their shapes vary
	Content               jsontext.Value `json:"content"`
	Level                 jsontext.Value `json:"level"`
	CompactMetadata       jsontext.Value `json:"compactMetadata"`
	Error                 jsontext.Value `json:"error"`
	RetryAttempt          jsontext.Value `json:"retryAttempt"`
	MaxRetries            jsontext.Value `json:"maxRetries"`
	RetryInMs             jsontext.Value `json:"retryInMs"`
	HookErrors            jsontext.Value `json:"hookErrors"`
	PreventedContinuation jsontext.Value `json:"preventedContinuation"`

	// title records
	Summary     string `json:"summary"`
	LeafUUID    string `json:"leafUuid"`
	CustomTitle string `json:"customTitle"`
	AITitle     string `json:"aiTitle"`
}

// outcome is where a line went: an entry, a merge, or bookkeeping of
// the named kind.
type outcome struct {
	how    session.Outcome
	hidden string
}

var (
	asEntry = outcome{how: session.AsEntry}
	asMerge = outcome{how: session.AsMerge}
)

func hidden(kind string) outcome { return outcome{session.AsBookkeeping, kind} }

// Apply decodes one line (without its newline) into the session.
func (d *Decoder) Apply(num int, line []byte) {
	d.s.Account.Lines++
	trimmed := bytes.TrimSpace(line)
	if len(trimmed) == 0 {
		d.account(num, hidden("(blank line)"), nil)
		return
	}
	r, err := parseRecord(trimmed)
	if err != nil {
		d.s.Notice(num, fmt.Sprintf("line %d: %v", num, err))
		return
	}
	if t := d.sidechainOf(r); t != nil {
		t.child.take(num, r)
		d.touchTask(t)
		d.account(num, asMerge, nil)
		return
	}
	out, err := d.record(num, r)
	d.account(num, out, err)
}

// take applies a record read elsewhere (a sidechain line of the parent log,
// an agent_progress copy) as a line of this decoder's own.
func (d *Decoder) take(num int, r *record) {
	d.s.Account.Lines++
	out, err := d.record(num, r)
	d.account(num, out, err)
}

// account counts a line the one way it went.
func (d *Decoder) account(num int, out outcome, err error) {
	switch {
	case err != nil:
		d.s.Notice(num, fmt.Sprintf("line %d: %v", num, err))
	case out.how == session.AsEntry:
		d.s.Account.Entries++
	case out.how == session.AsMerge:
		d.s.Account.Merged++
	default:
		d.s.Hidden[out.hidden]++
		d.s.Account.Bookkeeping++
	}
}

// Finish shows what the last Write left to show.
func (d *Decoder) Finish() { d.Settle() }

// parseRecord decodes one line, or says in a few words why it is not
// a record.
func parseRecord(line []byte) (*record, error) {
	var r record
	if err := jsonline.Decode(line, "a Claude Code record", &r); err != nil {
		return nil, err
	}
	if r.Type == "" {
		return nil, errors.New("not a Claude Code record: no \"type\"")
	}
	return &r, nil
}

// record applies one record and says where it went.
func (d *Decoder) record(num int, r *record) (outcome, error) {
	d.facts(r)
	switch r.Type {
	case "user":
		return d.user(num, r)
	case "assistant":
		return d.assistant(num, r)
	case "system":
		return d.system(num, r)
	case "progress":
		return d.progress(num, r)
	case "summary":
		d.summary(r)
		return hidden(r.Type), nil
	case "custom-title":
		if r.CustomTitle != "" && !d.sub {
			d.s.SetTitle(r.CustomTitle)
			d.customTitle = true
		}
		return hidden(r.Type), nil
	case "ai-title": // the title Claude Code made: the last one, under the person's own
		if r.AITitle != "" && !d.sub && !d.customTitle {
			d.s.SetTitle(r.AITitle)
			d.aiTitle = true
		}
		return hidden(r.Type), nil
	case "file-history-snapshot", "queue-operation", "attachment", "last-prompt", "atis-latch", "tag", "agent-name":
		return hidden(r.Type), nil
	}
	return outcome{}, fmt.Errorf("unknown Claude Code record `%s`", r.Type)
}

// facts takes what a record tells about the session: its id, where and when
// it started, which Claude Code wrote it. The first record that says wins.
func (d *Decoder) facts(r *record) {
	if r.UUID != "" {
		d.uuids[r.UUID] = true
		if t, ok := d.leaves[r.UUID]; ok && !d.customTitle && !d.aiTitle && !d.sub {
			d.s.SetTitle(t)
			d.titled = true
		}
	}
	if d.sub {
		return
	}
	h := &d.s.Header
	if h.ID == "" && r.SessionID != "" {
		h.ID = r.SessionID
	}
	if h.Cwd == "" && r.Cwd != "" {
		h.Cwd = r.Cwd
		d.files.Cwd = r.Cwd
	}
	if h.CreatedAt == 0 {
		h.CreatedAt = timestampMillis(r.Timestamp)
	}
	if d.s.Agent == "" && r.Version != "" {
		d.s.Agent = "Claude Code " + r.Version
	}
}

// summary is a title record: the title of the session that holds its
// leafUuid, which may be another session's file. The one whose leaf is here
// wins; else the last one read.
func (d *Decoder) summary(r *record) {
	if r.Summary == "" || d.sub || d.customTitle || d.aiTitle {
		return
	}
	switch {
	case d.uuids[r.LeafUUID]:
		d.s.SetTitle(r.Summary)
		d.titled = true
	case !d.titled:
		d.s.SetTitle(r.Summary)
		if r.LeafUUID != "" {
			d.leaves[r.LeafUUID] = d.s.Title
		}
	default:
		if r.LeafUUID != "" {
			d.leaves[r.LeafUUID] = r.Summary
		}
	}
}

// base makes the common entry fields for a record's entry.
func (d *Decoder) base(num int, r *record) session.EntryBase {
	return session.EntryBase{Seq: -1, Time: timestampMillis(r.Timestamp), Line: num}
}

// timestampMillis reads an RFC 3339 timestamp as epoch ms, 0 when it is not one.
func timestampMillis(s string) int64 {
	if s == "" {
		return 0
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return 0
	}
	return t.UnixMilli()
}
