// Package harness reads deepseek-harness session logs into a session, and
// the events a live harness host sends (Events). Tool calls become the
// harness's own cards through session/present.
package harness

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
	"github.com/go-json-experiment/json/jsontext"
)

// streamKey names one block of one step's streamed reply.
type streamKey struct{ turn, step, index int64 }

// Decoder applies the lines of a deepseek-harness session log to a
// session. The format: packages/session/session-persistence-jsonl, and
// docs/format.md for what deck does with each event.
type Decoder struct {
	s       *session.Builder
	line    int
	streams map[streamKey]session.Entry // blocks still streaming, until assistant/message commits them

	turnStart  map[int64]int64 // turn → time it started
	turnSteps  map[int64]int   // turn → steps ended
	step       openStep        // the step started last, while its times are open (steps.go)
	approvals  map[string]approvalRef
	commands   map[string]*session.Event // slash commands by commandId
	compacts   map[string]*session.Event // compactions by compactionId
	files      *present.FileLines        // what the reads showed of each file
	declared   present.Declared          // the tool schemas of the newest request/header
	toolsRaw   []byte                    // the JSON they were read from: most headers repeat it
	seedLength int64                     // v0/v1: the events a fork inherited (seed.go)
	seedShown  bool                      // the end of the inherited history has its line
	seedLine   *session.Event            // that line (v2 on: the last inherited marker's)
	notSeeded  bool                      // v2 on: the header says isSeeded false
	turn       int                       // the turn started last
	surface    surfaceNodes              // the messages the model sees, in order (surface.go)

	systemPrompted bool                    // a system prompt was drawn: the next one is an update of it
	legacySystem   string                  // up to v2: the system prompt the last request/header held
	cwd            string                  // the working directory now: the header's, until the log moves it (cwd.go)
	images         map[int64]session.Entry // the messages and results holding images, by seq (images.go)
	home           string                  // the harness home the log is in, for its images' bytes (attachments.go)
	todos          todoHistory             // the lists todo_write calls are compared with (todos.go)
	recent         recentArgs              // the arguments of the calls presented last, parsed (recentargs.go)
}

// New starts a decoder that fills s.
func New(s *session.Builder) *Decoder {
	s.Format = session.FormatHarness
	return &Decoder{
		s: s, streams: map[streamKey]session.Entry{},
		turnStart: map[int64]int64{}, turnSteps: map[int64]int{},
		approvals: map[string]approvalRef{},
		commands:  map[string]*session.Event{}, compacts: map[string]*session.Event{},
		files: present.NewFileLines(),
	}
}

// Apply decodes one log line (without its newline) into the session.
func (d *Decoder) Apply(num int, line []byte) {
	d.ApplyPrepared(num, line, d.Prepare(line))
}

// applyLive applies one event a live host sent, with the view it attached.
func (d *Decoder) applyLive(num int, event, view []byte, viewFor string) {
	p := d.Prepare(event)
	if pr, _ := p.(prepared); pr.r != nil {
		pr.r.hostView, pr.r.hostViewFor = view, viewFor
	}
	d.ApplyPrepared(num, event, p)
}

// prepared is a line read ahead of its turn (Prepare).
type prepared struct {
	r   *record
	err error
}

// Prepare reads a line without touching the session, so lines can be
// prepared on several cores at once (the Reader does, a Write at a time).
func (d *Decoder) Prepare(line []byte) any {
	if len(bytes.TrimSpace(line)) == 0 {
		return prepared{}
	}
	r, err := readRecord(line)
	return prepared{r, err}
}

// ApplyPrepared applies a prepared line, in the log's order: what Prepare
// returned, or an error if it panicked.
func (d *Decoder) ApplyPrepared(num int, line []byte, p any) {
	d.line = num
	d.s.Account.Lines++
	pr, _ := p.(prepared)
	if err, ok := p.(error); ok {
		pr.err = err
	}
	if pr.r == nil && pr.err == nil {
		d.s.Hidden["(blank line)"]++
		d.s.Account.Bookkeeping++
		return
	}
	if pr.err != nil {
		d.s.Notice(num, fmt.Sprintf("line %d: %v", num, pr.err))
		return
	}
	out, err := d.dispatch(pr.r)
	if err != nil {
		d.s.Notice(num, fmt.Sprintf("line %d: %v", num, err))
	} else {
		d.s.Tally(out, pr.r.Type)
	}
	pr.r.release() // applied: the session holds what it wanted of it, never the record
}

func (d *Decoder) Finish() {}

// handlers maps each event type deck knows to what it does with it.
var handlers map[string]func(*Decoder, *record) (session.Outcome, error)

func init() {
	handlers = map[string]func(*Decoder, *record) (session.Outcome, error){
		"session":                   (*Decoder).header,
		"text-chunks":               (*Decoder).packedRow,
		"reasoning-chunks":          (*Decoder).packedRow,
		"tool-call-chunks":          (*Decoder).packedRow,
		"assistant/chunk":           (*Decoder).chunkEvent,
		"assistant/message":         (*Decoder).assistantMessage,
		"assistant/attempt":         (*Decoder).attempt,
		"user/message":              (*Decoder).userMessage,
		"steering/message":          (*Decoder).userMessage,
		"tool/call":                 (*Decoder).toolCall,
		"tool/result":               (*Decoder).toolResult,
		"turn/start":                (*Decoder).turnStartEvent,
		"turn/end":                  (*Decoder).turnEndEvent,
		"step/start":                (*Decoder).stepStart,
		"step/end":                  (*Decoder).stepEnd,
		"session/title":             (*Decoder).title,
		"session/title-llm-request": (*Decoder).titleRequest,
		"request/context":           (*Decoder).requestContext,
		"todo/write":                (*Decoder).todoWrite,
		"approval/asked":            (*Decoder).approvalAsked,
		"approval/decided":          (*Decoder).approvalDecided,
		"tool/code-dispatch-start":  (*Decoder).codeDispatchStart,
		"tool/code-dispatch":        (*Decoder).codeDispatch,
		"tool/ptc-dispatch-start":   (*Decoder).codeDispatchStart, // the v3 names
		"tool/ptc-dispatch":         (*Decoder).codeDispatch,
		"system/message":            (*Decoder).systemMessage,
		"model/selection":           (*Decoder).modelSelection,
		"command/run":               (*Decoder).commandRun,
		"command/done":              (*Decoder).commandDone,
		"request/header":            (*Decoder).requestHeader,
		"session/end-seed":          (*Decoder).endSeed,
		"working-directory/change":  (*Decoder).workingDirectory,
		"image/offload":             (*Decoder).imageOffload,
		"subagent/catalog":          (*Decoder).subagentCatalog,
	}
	for _, t := range []string{"compact/start", "compaction/start", "compact/summary", "compaction/summary",
		"compact/prune", "compaction/prune", "compact/end", "compaction/end"} {
		handlers[t] = (*Decoder).compaction
	}
	for t := range eventLines {
		handlers[t] = (*Decoder).eventLine
	}
	for _, t := range bookkeepingTypes {
		handlers[t] = func(*Decoder, *record) (session.Outcome, error) { return session.AsBookkeeping, nil }
	}
}

// bookkeepingTypes are events deck counts but does not draw: request
// envelopes, queue splices, policy knobs. (Step boundaries are counted as
// bookkeeping too, by their handlers: steps.go.)
var bookkeepingTypes = []string{
	"request/header-delta", "agent/inbox/spliced",
	"web/deepseek-search-llm-request",
	"approval/policy", "permission/preset", "sandbox/mode", "agent-preset/selected",
	"hook/invoked", "hook/result", "llm/retry-started", "team/message/delivered",
	// since v1: the delivery receipts of the log's own writer
	"session-log-deepseek/delivery-accepted",
	"workspace/home", "git/worktree", "automation/start",
}

// NewerVersionError says a log's header names a format newer than
// NewestVersion: deck reads on, but does not claim to understand the log.
type NewerVersionError struct {
	Version int64
}

func (e *NewerVersionError) Error() string {
	return fmt.Sprintf("session log format v%d is newer than deck reads (v%d at most): what follows may be wrong or missing", e.Version, NewestVersion)
}

func (d *Decoder) dispatch(r *record) (session.Outcome, error) {
	if f := &d.s.Header.Fork; f.Name == "" && f.Numbered() {
		if sign, ok := forkEvents[r.Type]; ok {
			d.recognise(sign)
		}
	}
	h, ok := handlers[r.Type]
	switch {
	case !ok && r.Ignorable: // the harness says a reader may skip it
		return session.AsBookkeeping, nil
	case !ok:
		return 0, d.unknownEvent(r.Type)
	}
	out, err := h(d, r)
	if err == nil && len(r.SurfaceOp) > 0 {
		d.surfaced(r)
	}
	return out, err
}

// base makes the common entry fields for an event.
func (d *Decoder) base(r *record) session.EntryBase {
	seq, ok := jsonline.Int(r.Seq)
	if !ok {
		seq = -1
	}
	return session.EntryBase{Seq: seq, Time: jsonline.Num(r.Time), Line: d.line}
}

// decode reads an event's data, naming the event when it does not fit.
func decode(r *record, v any) error {
	if len(r.Data) == 0 {
		return fmt.Errorf("`%s` event has no data", r.Type)
	}
	if err := jsonline.Unmarshal(r.Data, v); err != nil {
		return shapeError(r, err)
	}
	return nil
}

func shapeError(r *record, err error) error {
	return fmt.Errorf("`%s` event does not fit its shape: %v", r.Type, jsonline.Short(err))
}

func (d *Decoder) header(r *record) (session.Outcome, error) {
	if d.s.Header.Present {
		return 0, fmt.Errorf("a second session header (id %q)", r.ID)
	}
	d.s.Header = session.Header{
		Present: true, Version: jsonline.Num(r.Version), ID: r.ID, CreatedAt: jsonline.Num(r.CreatedAt),
		Cwd: r.Cwd, ParentSession: r.ParentSession, Origin: r.Origin,
		DelegationDepth: jsonline.Num(r.DelegationDepth), AgentPreset: r.AgentPreset,
	}
	if v, ok := jsonline.Int(r.Version); !ok || v < 0 {
		d.s.Header.Version, d.s.Header.VersionUnsaid = 0, true // read as v0, unless its file's name says (source)
	}
	d.files.Cwd, d.cwd = r.Cwd, r.Cwd
	if n, ok := jsonline.Int(r.SeedLength); ok && n > 0 {
		d.seedLength = n
	}
	d.notSeeded = r.IsSeeded != nil && !*r.IsSeeded
	d.s.Header.Fork = ForkOf(d.s.Header.Version)
	if len(r.SSHTarget) > 0 {
		d.recognise(sshTargetSign)
	}
	if v := d.s.Header.Version; v > NewestVersion {
		err := &NewerVersionError{Version: v}
		d.s.Header.Unsupported = err
		return 0, err // the notice at the top
	}
	return session.AsBookkeeping, nil
}

func (d *Decoder) title(r *record) (session.Outcome, error) {
	var t struct {
		Title string `json:"title"`
	}
	if err := decode(r, &t); err != nil {
		return 0, err
	}
	d.s.SetTitle(t.Title)
	return session.AsBookkeeping, nil
}

// titleRequest is session/title-llm-request, the harness asking a model
// for the session's title: bookkeeping, but for the model it asked and,
// since 2026-10-07 (still v4), the reasoning effort it asked at, which the
// header card names.
func (d *Decoder) titleRequest(r *record) (session.Outcome, error) {
	var t struct {
		Route struct {
			Model string `json:"model"`
		} `json:"route"`
		ReasoningEffort string `json:"reasoningEffort"`
	}
	if err := decode(r, &t); err != nil {
		return 0, err
	}
	d.s.TitleModel, d.s.TitleEffort = t.Route.Model, t.ReasoningEffort
	return session.AsBookkeeping, nil
}

func (d *Decoder) requestContext(r *record) (session.Outcome, error) {
	var c struct {
		Provider string `json:"provider"`
		Model    string `json:"model"`
	}
	if err := decode(r, &c); err != nil {
		return 0, err
	}
	d.s.Provider, d.s.Model = c.Provider, c.Model
	return session.AsBookkeeping, nil
}

// systemMessage is the system prompt (v3 on): the conversation's first
// node, drawn as the web client draws it, a card collapsed to its label;
// a later one is an update of it. One with no text says there is no
// system prompt (the v2→v3 migration's head, a prompt cleared): counted
// with the bookkeeping.
func (d *Decoder) systemMessage(r *record) (session.Outcome, error) {
	var m struct {
		Message *struct {
			Role    string                 `json:"role"`
			Content []session.ContentBlock `json:"content"`
			Source  messageSource          `json:"source"`
		} `json:"message"`
	}
	if err := decode(r, &m); err != nil {
		return 0, err
	}
	if m.Message == nil {
		return 0, fmt.Errorf("`%s` event holds no message", r.Type)
	}
	if strings.TrimSpace(session.TextOf(m.Message.Content)) == "" {
		return session.AsBookkeeping, nil
	}
	role := session.RoleSystemPrompt
	if d.systemPrompted {
		role = session.RoleSystemPromptUpdate
	}
	d.systemPrompted = true
	d.s.Add(&session.UserMessage{EntryBase: d.base(r), Role: role, Source: m.Message.Source.label(), Content: m.Message.Content})
	return session.AsEntry, nil
}

// modelSelection is a model chosen for the next request: a small boundary
// naming the model and its effort.
func (d *Decoder) modelSelection(r *record) (session.Outcome, error) {
	var m struct {
		Provider        string `json:"provider"`
		Model           string `json:"model"`
		ReasoningEffort string `json:"reasoningEffort"`
	}
	if err := decode(r, &m); err != nil {
		return 0, err
	}
	summary := "model " + m.Model
	if m.ReasoningEffort != "" {
		summary += " · effort " + m.ReasoningEffort
	}
	d.s.Provider, d.s.Model = m.Provider, m.Model
	d.s.Add(&session.Event{EntryBase: d.base(r), Kind: r.Type, Summary: summary})
	return session.AsEntry, nil
}

// requestHeader is bookkeeping, but its tool schemas are the ones the
// harness checked the calls that follow against (present.Declared). A
// header whose tools deck cannot read leaves the ones it had. Up to v2 it
// also holds the system prompt (legacyPrompt).
func (d *Decoder) requestHeader(r *record) (session.Outcome, error) {
	var h struct {
		Header struct {
			Tools  jsontext.Value `json:"tools"`
			System jsontext.Value `json:"system"`
		} `json:"header"`
	}
	if decode(r, &h) != nil {
		return session.AsBookkeeping, nil
	}
	out := d.legacyPrompt(r, h.Header.System)
	if len(h.Header.Tools) == 0 || h.Header.Tools.Kind() != '[' || bytes.Equal(h.Header.Tools, d.toolsRaw) {
		return out, nil
	}
	if tools, err := jsonline.Any(h.Header.Tools); err == nil {
		d.declared, d.toolsRaw = present.ParseDeclared(tools), h.Header.Tools
		d.recent.forgetViews()
	}
	return out, nil
}

// legacyPrompt is the system prompt of a log up to v2, which each
// request/header held (header.system), drawn as the 0.2 harness's web
// client shows such a log once the harness has migrated it: its v2→v3 step
// puts a system/message before each request whose prompt differs from the
// one before (none, or not a string, is no prompt), and that message is
// drawn as a v3 log's is (systemMessage). From v3 on the field is gone.
func (d *Decoder) legacyPrompt(r *record, system jsontext.Value) session.Outcome {
	if d.s.Header.Version >= 3 && !d.s.Header.VersionUnsaid {
		return session.AsBookkeeping
	}
	var text string
	if system.Kind() == '"' && jsonline.Unmarshal(system, &text) != nil {
		return session.AsBookkeeping
	}
	if text == d.legacySystem {
		return session.AsBookkeeping
	}
	d.legacySystem = text
	if strings.TrimSpace(text) == "" { // cleared: no prompt, as an empty system/message
		return session.AsBookkeeping
	}
	role := session.RoleSystemPrompt
	if d.systemPrompted {
		role = session.RoleSystemPromptUpdate
	}
	d.systemPrompted = true
	d.s.Add(&session.UserMessage{EntryBase: d.base(r), Role: role, Source: "system-prompt", Content: []session.ContentBlock{{Type: "text", Text: text}}})
	return session.AsEntry
}
