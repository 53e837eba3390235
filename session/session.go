// Package session is the model of a session, whichever agent's log it came
// from: its entries (messages, tool calls with their card views, boundaries,
// notices) and the Session that holds them. It reads no log: the readers
// (session/source and a decoder per format) fill a Session through its
// Builder, the only way to change one; everyone else only reads it. It
// knows no screen.
package session

import "fmt"

// Format names a kind of session log: which agent wrote it, and how.
type Format string

// Formats deck reads.
const (
	FormatHarness    Format = "harness"
	FormatACP        Format = "acp"
	FormatClaudeCode Format = "claude-code"
	FormatCodex      Format = "codex"
	FormatGemini     Format = "gemini-cli"
	FormatOpenCode   Format = "opencode"
	FormatGrokBuild  Format = "grok-build"
	FormatAider      Format = "aider"
	FormatCrush      Format = "crush"
	FormatPi         Format = "pi"
	FormatCopilot    Format = "copilot-cli"
	FormatCursor     Format = "cursor-cli"
)

// Header is the harness log's first line: which session this is.
type Header struct {
	Present         bool
	Version         int64
	VersionUnsaid   bool // the header names no format version (none, or no number ≥ 0): Version is a guess
	ID              string
	CreatedAt       int64
	Cwd             string
	ParentSession   string
	Origin          string
	DelegationDepth int64
	AgentPreset     string
	// Fork says what the format number says of the log's writer: a
	// number only forks wrote (v5 on), each its own way, so deck draws
	// such a log by what it knows of its content, never by its number
	// (docs/format.md, "Format versions").
	Fork Fork
	// Unsupported, when set, says the session is not shown as understood
	// or as current: a format newer than the reader knows, or a generation
	// the harness superseded with a newer file (docs/format.md,
	// "Generations"). The command line exits 1 on it; the viewer shows it
	// in place.
	Unsupported error
}

// Fork is what deck knows of a log whose format number no release of the
// harness wrote: the forks known to write that number, and, when something
// in the log gave it away, which one wrote it.
type Fork struct {
	Known []string // the forks known to write a format of this number; none for the harness's own
	Name  string   // the fork the log gave away ("TnzGit"); "" when nothing in it did
	Sign  string   // what gave it away, in a few words
}

// Numbered reports a format number only forks wrote.
func (f Fork) Numbered() bool { return len(f.Known) > 0 }

// TokenUsage sums the token counts the model reported. Recorded says which
// of the counts a log may leave out it gave at all: a count never given is
// not recorded, which is not 0.
type TokenUsage struct {
	Input, Output, CacheRead, CacheWrite, Reasoning int64
	Recorded                                        UsageCounts
}

// UsageCounts names the token counts a log may leave out.
type UsageCounts uint8

const (
	RecordedCache     UsageCounts = 1 << iota // cache reads or writes
	RecordedReasoning                         // reasoning tokens
	// RecordedOutputOnly marks a usage whose log gave output tokens
	// alone (a Copilot CLI message's): its input is not recorded, which
	// is not 0. Counting a usage that gives input clears it.
	RecordedOutputOnly
)

// Recorded names the optional counts a usage gave: its cache counts, its
// reasoning count.
func Recorded(cache, reasoning bool) UsageCounts {
	var r UsageCounts
	if cache {
		r |= RecordedCache
	}
	if reasoning {
		r |= RecordedReasoning
	}
	return r
}

// InputUnknown reports a usage that counts output tokens alone: its input
// is not recorded.
func (u TokenUsage) InputUnknown() bool {
	return u.Recorded&RecordedOutputOnly != 0 && u.Input+u.CacheRead+u.CacheWrite == 0
}

// Add counts o's tokens too.
func (u *TokenUsage) Add(o TokenUsage) {
	u.Recorded |= o.Recorded
	if o.Input+o.CacheRead+o.CacheWrite > 0 {
		u.Recorded &^= RecordedOutputOnly
	}
	u.Input += o.Input
	u.Output += o.Output
	u.CacheRead += o.CacheRead
	u.CacheWrite += o.CacheWrite
	u.Reasoning += o.Reasoning
}

// Accounting tells where every input line went: into an entry of its own,
// merged into an existing entry, counted as bookkeeping, or shown as a notice.
// Problems with the stream itself (a truncated zstd tail) are not lines and
// are counted in StreamNotices.
type Accounting struct {
	Lines, Entries, Merged, Bookkeeping, Notices int
	StreamNotices                                int
}

// Balanced reports whether every line is accounted for exactly once.
func (a Accounting) Balanced() bool {
	return a.Lines == a.Entries+a.Merged+a.Bookkeeping+a.Notices
}

// Session is a decoded session log.
type Session struct {
	Format   Format
	Agent    string // the agent that wrote the log, with its version when known
	Header   Header
	Title    string
	Provider string
	Model    string
	// TitleModel and TitleEffort are the model the harness asked for the
	// session's title and the reasoning effort it asked at (its newest
	// session/title-llm-request; the effort recorded from 2026-10-07 on);
	// "" when the log does not say.
	TitleModel, TitleEffort string
	Usage                   TokenUsage
	// Cwd is the folder the session is in now, when the log moved it
	// away from its header's (the harness's working-directory/change);
	// "" for the header's own (WorkingDir).
	Cwd     string
	Entries []Entry
	// Subagents is the catalog of the children it made (the harness's
	// subagent/catalog), in the order first recorded.
	Subagents []Subagent

	// Hidden counts the bookkeeping events deck does not draw, by type.
	Hidden map[string]int
	// Account says where each line went.
	Account Accounting
	// Rev grows whenever an entry is added, removed or changed.
	Rev int

	nextID      int
	calls       map[string]*ToolCall
	tooMany     *Notice // the notice that counts the notices past maxNotices
	tooManyLine int     // the last line it counts
	titledBy    Entry   // the prompt the title was taken from, while it is
	promptTitle string
	conflicted  bool // the reading came back to an entry already taken (take.go)
}

// HeaderOnly is what is shown of a session not shown as understood or
// current (Header.Unsupported): its header and nothing its body says, so no
// title, model, tokens or entry of a format deck does not read, or of a
// generation the harness left, passes for one it does. Its title is the
// header's id; its entries are the reading's own notices that came before
// the log's first line (why it was read again: the harness migrated it),
// not the one that says what Unsupported says.
func (s *Session) HeaderOnly() *Session {
	h := &Session{Format: s.Format, Agent: s.Agent, Header: s.Header, Title: s.Header.ID}
	for _, e := range s.Entries {
		n, ok := e.(*Notice)
		if !ok || n.Line > 0 {
			break
		}
		if s.Header.Unsupported == nil || n.Text != s.Header.Unsupported.Error() {
			h.Entries = append(h.Entries, n)
		}
	}
	return h
}

// WorkingDir is the folder the session is in now: where the log last
// moved it, else its header's.
func (s *Session) WorkingDir() string {
	if s.Cwd != "" {
		return s.Cwd
	}
	return s.Header.Cwd
}

// Notices returns the notices, in order.
func (s *Session) Notices() []*Notice {
	var out []*Notice
	for _, e := range s.Entries {
		if n, ok := e.(*Notice); ok {
			out = append(out, n)
		}
	}
	return out
}

// Call returns the tool call with the given id, or nil.
func (s *Session) Call(id string) *ToolCall {
	c := s.calls[id]
	if c == takenCall {
		s.conflicted = true
		return nil
	}
	return c
}

// MaxNotices bounds the notices a session holds: a file that is not a log
// at all (a gigabyte of it) must not become a gigabyte of notices. Past the
// bound notices are counted, and the last one says how many there were.
const MaxNotices = 1000

// Notice adds a notice for a line deck could not place; line 0 is a problem
// with the stream rather than one line (a log read again, say).
func (b *Builder) Notice(line int, text string) {
	s := b.Session
	if line > 0 {
		s.Account.Notices++
	} else {
		s.Account.StreamNotices++
	}
	switch n := s.NoticeCount(); {
	case n < MaxNotices:
		b.Add(&Notice{EntryBase: EntryBase{Seq: -1, Line: line}, Text: text})
	case n == MaxNotices:
		s.tooMany = &Notice{EntryBase: EntryBase{Seq: -1}}
		b.Add(s.tooMany)
		fallthrough
	default:
		s.tooManyLine = line
		if n%1024 == 0 || n == MaxNotices { // a count, kept cheap; Reader.Close makes it exact
			b.countNotices()
		}
	}
}

// Info adds a notice saying what deck did with the stream (Notice.Info).
func (b *Builder) Info(text string) {
	b.Session.Account.StreamNotices++
	b.Add(&Notice{EntryBase: EntryBase{Seq: -1}, Text: text, Info: true})
}

// Finish is called once the input has ended: the notice that stands for
// those past the bound gets its exact count, and every call still waiting
// for its result will never get one.
func (b *Builder) Finish() {
	b.countNotices()
	b.EndCalls()
}

// countNotices words the notice that stands for the notices past the bound.
func (b *Builder) countNotices() {
	s := b.Session
	if s.tooMany == nil {
		return
	}
	s.tooMany.Text = fmt.Sprintf("… and %d more lines deck could not read, the last being line %d", s.NoticeCount()-MaxNotices+1, s.tooManyLine)
	s.tooMany.Line = s.tooManyLine
	b.Touch(s.tooMany)
}

// NoticeCount is how many problems reading the log had, whether or not each
// has a notice of its own.
func (s *Session) NoticeCount() int { return s.Account.Notices + s.Account.StreamNotices }
