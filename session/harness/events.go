package harness

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/human"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// turnStartData is turn/start's data, decoded where its line is prepared
// (wireShapes), as turnEndData is.
type turnStartData struct {
	Turn jsonline.Number `json:"turn"`
}

type turnEndData struct {
	Turn   jsonline.Number `json:"turn"`
	Reason turnEndReason   `json:"reason"`
}

func (d *Decoder) turnStartEvent(r *record) (session.Outcome, error) {
	t, err := decodeAs[turnStartData](r)
	if err != nil {
		return 0, err
	}
	turn := jsonline.Num(t.Turn)
	d.turnStart[turn] = jsonline.Num(r.Time)
	d.turn = int(turn)
	d.s.Add(&session.TurnStart{EntryBase: d.base(r), Turn: int(turn)})
	return session.AsEntry, nil
}

// turnEndReason is TurnEndReason in all the shapes logs have used.
type turnEndReason struct {
	Kind   string         `json:"kind"`
	Reason jsontext.Value `json:"reason"` // aborted: {kind} or a legacy string; rejected: string
	Error  *llmFailure    `json:"error"`
	// legacy error shapes
	Failure *llmFailure `json:"failure"`
	Message string      `json:"message"`
	Code    string      `json:"code"`
}

type llmFailure struct {
	Message string `json:"message"`
	Code    string `json:"code"`
}

func (f *llmFailure) String() string {
	if f.Code != "" && f.Code != "UNKNOWN" {
		return f.Message + " (" + f.Code + ")"
	}
	return f.Message
}

// detail says who or what ended the turn, in a few words.
func (t turnEndReason) detail() string {
	switch {
	case t.Error != nil:
		return t.Error.String()
	case t.Failure != nil:
		return t.Failure.String()
	case t.Message != "":
		return (&llmFailure{t.Message, t.Code}).String()
	}
	if len(t.Reason) == 0 {
		return ""
	}
	var s string
	if jsonline.Unmarshal(t.Reason, &s) == nil {
		return "(" + s + ")"
	}
	var cause struct {
		Kind   string `json:"kind"`
		Reason string `json:"reason"`
	}
	if jsonline.Unmarshal(t.Reason, &cause) == nil {
		if cause.Kind == "legacy" {
			return "" // migrated from a log whose aborted turn did not say who cancelled it
		}
		if cause.Reason != "" {
			return "by " + cause.Kind + ": " + cause.Reason
		}
		return "by " + cause.Kind
	}
	return ""
}

func (d *Decoder) turnEndEvent(r *record) (session.Outcome, error) {
	t, err := decodeAs[turnEndData](r)
	if err != nil {
		return 0, err
	}
	if t.Reason.Kind == "max-steps" {
		d.recognise(maxStepsSign)
	}
	turn := jsonline.Num(t.Turn)
	d.endStreams(func(k streamKey) bool { return k.turn == turn })
	d.endCalls()
	e := &session.TurnEnd{EntryBase: d.base(r), Turn: int(turn), Reason: t.Reason.Kind, Detail: t.Reason.detail(), Steps: d.turnSteps[turn]}
	if start, ok := d.turnStart[turn]; ok && e.Time >= start {
		e.Elapsed = e.Time - start
	}
	d.s.Add(e)
	return session.AsEntry, nil
}

// endCalls marks the calls still pending when a turn ends: no result will
// come for them. Only calls named since the last turn's end can be pending:
// one looked at then had its result or was marked, and a harness call never
// loses either (looking at every call made each turn's end cost the whole
// session so far).
func (d *Decoder) endCalls() {
	for c := range d.s.NamedSince() {
		if c.Result == nil && !c.Unfinished {
			c.Unfinished = true
			d.s.Touch(c)
		}
	}
}

func (d *Decoder) todoWrite(r *record) (session.Outcome, error) {
	var t struct {
		Todos []session.PlanItem `json:"todos"`
	}
	if err := decode(r, &t); err != nil {
		return 0, err
	}
	d.todos.wrote(t.Todos)
	d.s.Add(&session.Plan{EntryBase: d.base(r), Items: t.Todos})
	return session.AsEntry, nil
}

func (d *Decoder) commandRun(r *record) (session.Outcome, error) {
	var c struct {
		CommandID string `json:"commandId"`
		Name      string `json:"name"`
		Args      string `json:"args"`
	}
	if err := decode(r, &c); err != nil {
		return 0, err
	}
	ev := &session.Event{EntryBase: d.base(r), Kind: r.Type, Summary: strings.TrimSpace("/" + c.Name + " " + c.Args)}
	d.commands[c.CommandID] = ev
	d.s.Add(ev)
	return session.AsEntry, nil
}

func (d *Decoder) commandDone(r *record) (session.Outcome, error) {
	var c struct {
		CommandID string `json:"commandId"`
		Kind      string `json:"kind"`
		Text      string `json:"text"`
	}
	if err := decode(r, &c); err != nil {
		return 0, err
	}
	ev := d.commands[c.CommandID]
	if ev == nil {
		d.s.Add(&session.Event{EntryBase: d.base(r), Kind: r.Type, Summary: "command " + c.CommandID + " " + c.Kind, Body: c.Text, Failed: c.Kind == "error"})
		return session.AsEntry, nil
	}
	ev.Body, ev.Failed = c.Text, c.Kind == "error"
	d.s.Touch(ev)
	return session.AsMerge, nil
}

// compaction folds a compaction's start, summary and end into one entry.
func (d *Decoder) compaction(r *record) (session.Outcome, error) {
	var c struct {
		CompactionID       string                 `json:"compactionId"`
		Summary            []session.ContentBlock `json:"summary"`
		ShadowedTokenCount jsonline.Number        `json:"shadowedTokenCount"`
		Error              string                 `json:"error"`
	}
	if err := decode(r, &c); err != nil {
		return 0, err
	}
	phase := r.Type[strings.IndexByte(r.Type, '/')+1:]
	ev := d.compacts[c.CompactionID]
	if ev == nil || phase == "start" || phase == "prune" {
		ev = &session.Event{EntryBase: d.base(r), Kind: "compaction", Summary: "compacting the conversation"}
		if phase == "prune" {
			ev.Summary = fmt.Sprintf("pruned %s tokens of old tool output", human.Thousands(jsonline.Num(c.ShadowedTokenCount)))
		}
		if c.CompactionID != "" {
			d.compacts[c.CompactionID] = ev
		}
		d.s.Add(ev)
		return session.AsEntry, nil
	}
	switch phase {
	case "summary":
		ev.Summary = fmt.Sprintf("compacted %s tokens into a summary", human.Thousands(jsonline.Num(c.ShadowedTokenCount)))
		ev.Body = session.TextOf(c.Summary)
	case "end":
		if c.Error != "" {
			ev.Summary, ev.Failed = "compaction failed: "+c.Error, true
		}
	}
	d.s.Touch(ev)
	return session.AsMerge, nil
}

// eventLines are events shown as one line of their own, each with the words
// for its line.
var eventLines = map[string]func(map[string]any) (summary string, failed bool){
	"goal/change": func(m map[string]any) (string, bool) {
		goal, _ := m["goal"].(map[string]any)
		return strings.TrimSpace(fmt.Sprintf("goal %s: %s", jsonline.Str(m, "operation"), jsonline.Str(goal, "objective"))), false
	},
	"llm/retry": func(m map[string]any) (string, bool) {
		f, _ := m["failure"].(map[string]any)
		retry := "retry " + jsonline.Str(m, "retry")
		if max := jsonline.Str(m, "maxRetries"); max != "" {
			retry += " of " + max
		}
		return fmt.Sprintf("model call failed (%s); %s after %s ms", jsonline.Str(f, "message"), retry, jsonline.Str(m, "delayMs")), true
	},
	"plan/mode": func(m map[string]any) (string, bool) {
		if m["active"] == true {
			return "plan mode on", false
		}
		return "plan mode off", false
	},
	"feedback/record": func(m map[string]any) (string, bool) { return "feedback: " + jsonline.Str(m, "text"), false },
	"schedule/change": func(m map[string]any) (string, bool) {
		sched, _ := m["schedule"].(map[string]any)
		return strings.TrimSpace(fmt.Sprintf("reminder %s %s %s", jsonline.Str(m, "operation"), jsonline.Str(m, "id")+jsonline.Str(sched, "id"), jsonline.Str(sched, "prompt"))), false
	},
	"subagent/descriptor": func(m map[string]any) (string, bool) {
		return strings.TrimSpace(fmt.Sprintf("subagent session (%s) %s", jsonline.Str(m, "mode"), jsonline.Str(m, "label"))), false
	},
	"tool-workflow/run-start": func(m map[string]any) (string, bool) {
		return "workflow " + jsonline.Str(m, "name") + " started", false
	},
	"tool-workflow/run-end": func(m map[string]any) (string, bool) {
		return "workflow ended: " + jsonline.Str(m, "stopReason"), jsonline.Str(m, "stopReason") == "error"
	},
	"tool-workflow/agent-start": func(m map[string]any) (string, bool) {
		return "workflow agent " + jsonline.Str(m, "label") + " started", false
	},
	"tool-workflow/agent-end": func(m map[string]any) (string, bool) {
		return "workflow agent ended: " + jsonline.Str(m, "outcome"), jsonline.Str(m, "outcome") == "failed"
	},
	"team/member": func(m map[string]any) (string, bool) {
		mem, _ := m["member"].(map[string]any)
		return fmt.Sprintf("team member %s: %s", jsonline.Str(mem, "name"), jsonline.Str(mem, "phase")), jsonline.Str(mem, "phase") == "failed"
	},
	"team/task": func(m map[string]any) (string, bool) {
		t, _ := m["task"].(map[string]any)
		return fmt.Sprintf("team task %s: %s", jsonline.Str(t, "subject"), jsonline.Str(t, "status")), false
	},
	"team/message/queued": func(m map[string]any) (string, bool) {
		msg, _ := m["message"].(map[string]any)
		return fmt.Sprintf("team message %s → %s", jsonline.Str(msg, "senderName"), jsonline.Str(msg, "targetId")), false
	},
	"prompt/blocked":    func(m map[string]any) (string, bool) { return "prompt blocked: " + jsonline.Str(m, "reason"), true },
	"developer/message": developerLine,
	"workspace/changes": func(m map[string]any) (string, bool) {
		return "files changed in turn " + jsonline.Str(m, "turn"), false
	},
	"deliverables/presented": func(m map[string]any) (string, bool) {
		var files []string
		for _, f := range list(m["files"]) {
			name := jsonline.Str(f, "path")
			if desc := jsonline.Str(f, "description"); desc != "" {
				name += " (" + desc + ")"
			}
			files = append(files, name)
		}
		return "produced " + strings.Join(files, ", "), false
	},
}

// list is the objects of a JSON array; nothing for anything else.
func list(v any) []map[string]any {
	items, _ := v.([]any)
	var out []map[string]any
	for _, it := range items {
		if o, ok := it.(map[string]any); ok {
			out = append(out, o)
		}
	}
	return out
}

// developerLine is a developer message (v4 on): the tools the harness added
// or removed, or its text.
func developerLine(m map[string]any) (string, bool) {
	msg, _ := m["message"].(map[string]any)
	var added, removed, text []string
	for _, b := range list(msg["content"]) {
		switch jsonline.Str(b, "type") {
		case "tool-addition":
			added = append(added, jsonline.Str(b, "toolName"))
		case "tool-removal":
			removed = append(removed, jsonline.Str(b, "toolName"))
		case "text":
			text = append(text, jsonline.Str(b, "text"))
		}
	}
	var parts []string
	if len(added) > 0 {
		parts = append(parts, "tools added: "+strings.Join(added, ", "))
	}
	if len(removed) > 0 {
		parts = append(parts, "tools removed: "+strings.Join(removed, ", "))
	}
	if len(parts) == 0 {
		parts = append(parts, "developer: "+strings.Join(text, " "))
	}
	return strings.Join(parts, "; "), false
}

func (d *Decoder) eventLine(r *record) (session.Outcome, error) {
	var m map[string]any
	if err := decode(r, &m); err != nil {
		return 0, err
	}
	summary, failed := eventLines[r.Type](m)
	d.s.Add(&session.Event{EntryBase: d.base(r), Kind: r.Type, Summary: summary, Failed: failed})
	return session.AsEntry, nil
}
