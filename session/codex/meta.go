package codex

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// meta is a session_meta payload, or the bare era's first line.
type meta struct {
	ID            jsontext.Value `json:"id"`
	Timestamp     jsontext.Value `json:"timestamp"`
	Cwd           jsontext.Value `json:"cwd"`
	Originator    jsontext.Value `json:"originator"`
	CLIVersion    jsontext.Value `json:"cli_version"`
	ModelProvider jsontext.Value `json:"model_provider"`
}

// sessionMeta sets the session's identity from the first meta line. A
// later one (a forked session carries its parent's) is a line of its own.
func (d *Decoder) sessionMeta(raw jsontext.Value) session.Outcome {
	var m meta
	_ = jsonline.Unmarshal(raw, &m) // a field of another type stays unread
	id, _ := stringOf(m.ID)
	if d.s.Header.Present {
		d.s.Add(&session.Event{EntryBase: d.base(), Kind: "session_meta", Summary: "the meta of session " + id + " (history it carries follows)"})
		return session.AsEntry
	}
	d.setHeader(m)
	return session.AsBookkeeping
}

// bareMeta reads the bare era's first line: {id, timestamp, instructions, git}.
func (d *Decoder) bareMeta(raw []byte) session.Outcome {
	var m meta
	_ = jsonline.Unmarshal(raw, &m)
	if d.s.Header.Present {
		id, _ := stringOf(m.ID)
		d.s.Add(&session.Event{EntryBase: d.base(), Kind: "session_meta", Summary: "the meta of session " + id})
		return session.AsEntry
	}
	d.setHeader(m)
	return session.AsBookkeeping
}

func (d *Decoder) setHeader(m meta) {
	h := session.Header{Present: true}
	h.ID, _ = stringOf(m.ID)
	h.CreatedAt, _ = timestampMillis(m.Timestamp)
	h.Cwd, _ = stringOf(m.Cwd)
	d.s.Header = h
	if h.Cwd != "" {
		d.files.Cwd = h.Cwd
	}
	agent := "Codex"
	if v, _ := stringOf(m.CLIVersion); v != "" {
		agent += " " + v
	}
	// the CLI's own name says nothing; another client (the desktop app, an
	// editor) is worth naming
	if o, _ := stringOf(m.Originator); o != "" && o != "codex_cli_rs" {
		agent += " (" + o + ")"
	}
	d.s.Agent = agent
	d.s.Provider, _ = stringOf(m.ModelProvider)
}

// turnContext gives the model and working directory of the steps that
// follow. It is written before every step; a change of model or effort
// mid-session is a line of its own.
func (d *Decoder) turnContext(raw jsontext.Value) (session.Outcome, error) {
	var t struct {
		Cwd    jsontext.Value `json:"cwd"`
		Model  jsontext.Value `json:"model"`
		Effort jsontext.Value `json:"effort"`
	}
	if err := decodeItem("turn_context", raw, &t); err != nil {
		return 0, err
	}
	cwd, _ := stringOf(t.Cwd)
	model, _ := stringOf(t.Model)
	effort, _ := stringOf(t.Effort)
	if d.s.Header.Cwd == "" && cwd != "" {
		d.s.Header.Cwd = cwd
		d.files.Cwd = cwd
	}
	var changes []string
	if model != "" && d.model != "" && model != d.model {
		changes = append(changes, fmt.Sprintf("model %s → %s", d.model, model))
	}
	if effort != "" && d.effort != "" && effort != d.effort {
		changes = append(changes, fmt.Sprintf("reasoning effort %s → %s", d.effort, effort))
	}
	if model != "" {
		d.model, d.s.Model = model, model
	}
	if effort != "" {
		d.effort = effort
	}
	if len(changes) > 0 {
		d.s.Add(&session.Event{EntryBase: d.base(), Kind: "turn_context", Summary: strings.Join(changes, ", ")})
		return session.AsEntry, nil
	}
	return session.AsBookkeeping, nil
}

// tokenCount keeps the last cumulative total: each snapshot counts the
// whole session so far, and the same one is often written twice.
func (d *Decoder) tokenCount(raw jsontext.Value) session.Outcome {
	var t struct {
		Info *struct {
			Total *struct {
				Input     jsonline.Number `json:"input_tokens"`
				Cached    jsonline.Number `json:"cached_input_tokens"`
				Output    jsonline.Number `json:"output_tokens"`
				Reasoning jsonline.Number `json:"reasoning_output_tokens"`
			} `json:"total_token_usage"`
		} `json:"info"`
	}
	if !d.usageRecords && jsonline.Unmarshal(raw, &t) == nil && t.Info != nil && t.Info.Total != nil {
		u := t.Info.Total
		in, cached := jsonline.Num(u.Input), jsonline.Num(u.Cached)
		d.s.SetUsage(session.TokenUsage{Input: max(in-cached, 0), CacheRead: cached, Output: jsonline.Num(u.Output), Reasoning: jsonline.Num(u.Reasoning),
			Recorded: session.Recorded(u.Cached != "", u.Reasoning != "")})
	}
	return session.AsBookkeeping
}

// compactedLine is a compaction: its summary replaced the history before it
// (what the model sees from here on); the earlier lines stay shown.
func (d *Decoder) compactedLine(raw jsontext.Value) (session.Outcome, error) {
	var c struct {
		Message jsontext.Value `json:"message"`
	}
	if err := decodeItem("compacted", raw, &c); err != nil {
		return 0, err
	}
	d.compacted = true
	if text, _ := stringOf(c.Message); strings.TrimSpace(text) != "" {
		d.s.Add(&session.UserMessage{EntryBase: d.base(), Role: session.RoleSummary, Source: "compaction", Content: []session.ContentBlock{{Type: "text", Text: text}}})
		return session.AsEntry, nil
	}
	d.s.Add(&session.Event{EntryBase: d.base(), Kind: "compaction", Summary: "the conversation was compacted"})
	return session.AsEntry, nil
}
