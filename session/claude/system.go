package claude

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/human"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// system reads a `system` record by its subtype: a compaction is a marked
// boundary, an API error or a failing hook a failed line, a local command
// a command line; the rest, Claude Code's own bookkeeping, is not drawn
// unless it carries text for people.
func (d *Decoder) system(num int, r *record) (outcome, error) {
	content := rawString(r.Content)
	switch r.Subtype {
	case "compact_boundary":
		ev := &session.Event{EntryBase: d.base(num, r), Kind: "compaction", Summary: compactSummary(r.CompactMetadata)}
		d.compaction = ev
		d.s.Add(ev)
		return asEntry, nil
	case "microcompact_boundary":
		d.s.Add(&session.Event{EntryBase: d.base(num, r), Kind: "compaction", Summary: "older tool results cleared from the context"})
		return asEntry, nil
	case "api_error":
		d.s.Add(&session.Event{EntryBase: d.base(num, r), Kind: "api-error", Summary: retrySummary(r), Failed: true})
		return asEntry, nil
	case "stop_hook_summary":
		var errs []any
		_ = jsonline.Unmarshal(r.HookErrors, &errs)
		stopped := string(r.PreventedContinuation) == "true"
		if len(errs) == 0 && !stopped {
			return hidden("system:" + r.Subtype), nil
		}
		summary := fmt.Sprintf("stop hooks: %d failed", len(errs))
		if stopped {
			summary = "a stop hook kept the agent going"
		}
		lines := make([]string, 0, len(errs))
		for _, e := range errs {
			lines = append(lines, answerText(e))
		}
		d.s.Add(&session.Event{EntryBase: d.base(num, r), Kind: "hook", Summary: summary, Body: strings.Join(lines, "\n"), Failed: len(errs) > 0})
		return asEntry, nil
	case "local_command":
		t := strings.TrimSpace(content)
		switch {
		case strings.Contains(t, "<command-name>"):
			return d.slashCommand(num, r, t), nil
		case outputTag(t) != "":
			return d.commandOutput(num, r, t, []session.ContentBlock{{Type: "text", Text: content}}), nil
		}
	}
	if strings.TrimSpace(content) == "" {
		return hidden("system:" + r.Subtype), nil
	}
	summary, body, _ := strings.Cut(strings.TrimSpace(content), "\n")
	d.s.Add(&session.Event{EntryBase: d.base(num, r), Kind: "system", Summary: summary, Body: body, Failed: rawString(r.Level) == "error"})
	return asEntry, nil
}

// rawString is a raw field's value when it is a string, else "".
func rawString(raw jsontext.Value) string {
	var s string
	if jsonline.Unmarshal(raw, &s) != nil {
		return ""
	}
	return s
}

// retrySummary words a failed API call Claude Code retries: the
// status and message, and which retry comes when.
func retrySummary(r *record) string {
	// read loosely, member by member: one of another type hides no other
	e, _ := jsonline.AsObject(jsonline.Loose(r.Error))
	inner, _ := jsonline.AsObject(e["error"])
	innermost, _ := jsonline.AsObject(inner["error"])
	message := first(errorMessage(e), errorMessage(inner), errorMessage(innermost))
	what := strings.TrimSpace(jsonline.Str(e, "status") + " " + message)
	summary := "API error"
	if what != "" {
		summary += " (" + what + ")"
	}
	var attempt, maxRetries jsonline.Number
	_ = jsonline.Unmarshal(r.RetryAttempt, &attempt)
	_ = jsonline.Unmarshal(r.MaxRetries, &maxRetries)
	if n := jsonline.Num(attempt); n > 0 {
		summary += fmt.Sprintf("; retry %d", n)
		if m := jsonline.Num(maxRetries); m > 0 {
			summary += fmt.Sprintf(" of %d", m)
		}
	}
	return summary
}

func errorMessage(m map[string]any) string {
	s, _ := m["message"].(string)
	return s
}

func first(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// compactSummary words a compaction: what started it and how much
// context it replaced.
func compactSummary(raw jsontext.Value) string {
	var meta struct {
		Trigger   string          `json:"trigger"`
		PreTokens jsonline.Number `json:"preTokens"`
	}
	summary := "conversation compacted"
	if jsonline.Unmarshal(raw, &meta) != nil {
		return summary
	}
	if meta.Trigger != "" {
		summary += " (" + meta.Trigger + ")"
	}
	if n := jsonline.Num(meta.PreTokens); n > 0 {
		summary += fmt.Sprintf(": %s tokens of context summarised", human.Thousands(n))
	}
	return summary
}
