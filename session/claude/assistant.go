package claude

import (
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
)

// assistant reads an `assistant` record. Claude Code writes one API
// message as several lines, one content block each, all with the message's
// id: each block becomes its entry (text, reasoning, a tool call), the
// message's usage counts once, and a block written twice shows once.
func (d *Decoder) assistant(num int, r *record) (outcome, error) {
	m, blocks, err := messageOf(r)
	if err != nil {
		return outcome{}, err
	}
	// a subagent's model and usage go to its own session, not the log's
	if m.Model != "" && m.Model != "<synthetic>" {
		d.s.Model = m.Model
	}
	if m.Usage != nil {
		d.countUsage(m.ID, m.Usage.tokens())
	}
	made, merged := false, false
	var unknown []string
	for _, b := range blocks {
		if m.ID != "" {
			key := m.ID + "\x00" + blockKey(b)
			if d.blocks[key] {
				merged = true
				continue
			}
			d.blocks[key] = true
		}
		switch b.Type {
		case "text":
			if strings.TrimSpace(b.Text) == "" {
				continue
			}
			d.assistantText(num, r, b.Text)
			made = true
		case "thinking", "redacted_thinking":
			thought := b.Thinking
			if b.Type == "redacted_thinking" {
				thought = "(redacted thinking)"
			}
			if strings.TrimSpace(thought) == "" {
				continue
			}
			d.s.Add(&session.Reasoning{EntryBase: d.base(num, r), Text: thought})
			made = true
		case "tool_use":
			if d.toolUse(num, r, b) {
				made = true
			} else {
				merged = true
			}
		default:
			unknown = append(unknown, b.Type)
		}
	}
	switch {
	case len(unknown) > 0 && !made && !merged:
		return outcome{}, fmt.Errorf("unknown content block `%s`", strings.Join(unknown, "`, `"))
	case len(unknown) > 0:
		// the line made entries; the blocks deck cannot show are named in place
		d.s.Add(&session.Notice{EntryBase: d.base(num, r), Text: fmt.Sprintf("line %d: unknown content block `%s`", num, strings.Join(unknown, "`, `"))})
	}
	switch {
	case made:
		return asEntry, nil
	case merged:
		return asMerge, nil
	}
	return hidden("empty assistant message"), nil
}

// assistantText is the model's reply text; an API error Claude Code wrote
// in the model's place is a failed line, and a compaction agent's reply is
// the compaction's summary.
func (d *Decoder) assistantText(num int, r *record, text string) {
	switch {
	case r.IsAPIError:
		d.s.Add(&session.Event{EntryBase: d.base(num, r), Kind: "api-error", Summary: strings.TrimSpace(text), Failed: true})
	case strings.HasPrefix(r.AgentID, "acompact"):
		d.s.Add(&session.Event{EntryBase: d.base(num, r), Kind: "compaction", Summary: compactionSummary, Body: strings.TrimSpace(text)})
	default:
		d.s.Add(&session.AssistantText{EntryBase: d.base(num, r), Text: text})
	}
}

// compactionSummary is the line of a compaction summary whose
// boundary the log does not show.
const compactionSummary = "compaction: a summary of the conversation so far"

// countUsage counts a message's usage once: each of its lines repeats it,
// and the last one's output count is the most complete.
func (d *Decoder) countUsage(id string, u session.TokenUsage) {
	prev := d.msgUsage[id]
	d.s.CountUsage(session.TokenUsage{Input: u.Input - prev.Input, Output: u.Output - prev.Output,
		CacheRead: u.CacheRead - prev.CacheRead, CacheWrite: u.CacheWrite - prev.CacheWrite, Recorded: u.Recorded})
	if id != "" {
		d.msgUsage[id] = u
	}
}

// blockKey names a block within its message, so a block written
// again is known.
func blockKey(b block) string {
	if b.Type == "tool_use" {
		return "tool_use\x00" + b.ID
	}
	h := fnv.New64a()
	h.Write([]byte(b.Text))
	h.Write([]byte{0})
	h.Write([]byte(b.Thinking))
	return fmt.Sprintf("%s\x00%x", b.Type, h.Sum64())
}

// toolUse adds a tool call (a TodoWrite is a plan instead). It reports
// whether it made an entry: a call whose id is already pending only takes
// the new arguments.
func (d *Decoder) toolUse(num int, r *record, b block) bool {
	input := string(b.Input)
	if b.Name == "TodoWrite" {
		return d.todoWrite(num, r, b.ID, input)
	}
	call := d.s.Call(b.ID)
	fresh := call == nil || call.Result != nil || b.ID == ""
	if fresh {
		call = &session.ToolCall{EntryBase: d.base(num, r), CallID: b.ID, StartTime: timestampMillis(r.Timestamp)}
	}
	call.Name, call.Arguments = b.Name, input
	a, _ := present.ParseArgs(input)
	call.Call = d.callView(b.Name, a, r.Cwd)
	if v, ok := call.Call.(session.DiffCallView); ok {
		call.DiffStarts = d.files.Number(v.Diffs)
	}
	if fresh {
		d.s.Add(call)
	} else {
		d.s.Touch(call)
	}
	if b.Name == "Task" || b.Name == "Agent" {
		d.newTask(call, a)
	}
	return fresh
}

// todoWrite shows a TodoWrite call as the plan it writes; its result merges
// into it.
func (d *Decoder) todoWrite(num int, r *record, id, input string) bool {
	a, _ := present.ParseArgs(input)
	items := planItems(a["todos"])
	if p := d.plans[id]; p != nil && id != "" {
		p.Items = items
		d.s.Touch(p)
		return false
	}
	p := &session.Plan{EntryBase: d.base(num, r), Items: items}
	d.s.Add(p)
	if id != "" {
		d.plans[id] = p
	}
	return true
}

// planItems reads a todo list: items with content and status; the
// other fields (id, priority, activeForm) are not shown.
func planItems(v any) []session.PlanItem {
	list, _ := v.([]any)
	items := make([]session.PlanItem, 0, len(list))
	for _, item := range list {
		m, ok := jsonline.AsObject(item)
		if !ok {
			continue
		}
		content, _ := m["content"].(string)
		status, _ := m["status"].(string)
		items = append(items, session.PlanItem{Content: content, Status: status})
	}
	return items
}
