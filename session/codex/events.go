package codex

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// event is an event_msg payload: the fields of the events deck reads.
type event struct {
	Type    jsontext.Value `json:"type"`
	Message jsontext.Value `json:"message"`
	Text    jsontext.Value `json:"text"`
	Images  jsontext.Value `json:"images"`
	Reason  jsontext.Value `json:"reason"`
}

// quietEvents are events deck counts but does not draw: copies of what
// the response items already show (the early era kept every event), and the
// UI's own bookkeeping. Streamed pieces (*_delta) are too.
var quietEvents = map[string]bool{
	"exec_command_begin": true, "exec_command_end": true,
	"patch_apply_begin": true, "patch_apply_end": true, "turn_diff": true,
	"mcp_tool_call_begin": true, "mcp_tool_call_end": true,
	"web_search_begin": true, "web_search_end": true,
	"item_started": true, "injected_message": true, "thread_goal_updated": true, "sub_agent_activity": true,
	"image_generation_begin": true, "image_generation_end": true, "guardian_assessment": true, "guardian_warning": true,
	"dynamic_tool_call_request": true, "dynamic_tool_call_response": true, "terminal_interaction": true,
	"collab_agent_spawn_begin": true, "collab_agent_spawn_end": true, "collab_agent_interaction_begin": true,
	"collab_agent_interaction_end": true, "collab_waiting_begin": true, "collab_waiting_end": true,
	"collab_close_begin": true, "collab_close_end": true, "collab_resume_begin": true, "collab_resume_end": true,
	"model_reroute": true, "model_verification": true, "turn_moderation_metadata": true, "safety_buffering": true,
	"raw_response_item": true, "request_permissions": true, "request_user_input": true, "elicitation_request": true,
	"patch_apply_updated": true, "mcp_startup_update": true, "mcp_startup_complete": true, "deprecation_notice": true,
	"hook_started": true, "hook_completed": true, "list_skills_response": true, "skills_update_available": true,
	"undo_started": true, "realtime_conversation_started": true, "realtime_conversation_closed": true,
	"plan_update": true, "agent_reasoning_section_break": true,
	"session_configured": true, "mcp_list_tools_response": true, "list_custom_prompts_response": true,
	"get_history_entry_response": true, "shutdown_complete": true, "background_event": true,
	"view_image_tool_call": true,
}

// event handles an event_msg payload.
func (d *Decoder) event(raw jsontext.Value) (string, session.Outcome, error) {
	var e event
	if err := decodeItem("event_msg", raw, &e); err != nil {
		return "", 0, err
	}
	typ, _ := stringOf(e.Type)
	msg, _ := stringOf(e.Message)
	text, _ := stringOf(e.Text)
	switch typ {
	case "user_message":
		var images []jsontext.Value
		_ = jsonline.Unmarshal(e.Images, &images) // not a list: no images
		return typ, d.userEvent(typ, msg, len(images)), nil
	case "agent_message":
		d.answered()
		return typ, d.agentEvent(msg), nil
	case "agent_reasoning", "agent_reasoning_raw_content":
		d.answered()
		return typ, d.reasoningEvent(text), nil
	case "token_count":
		return typ, d.tokenCount(raw), nil
	case "task_started", "turn_started":
		return typ, d.taskStarted(), nil
	case "task_complete", "turn_complete":
		return typ, d.taskEnded("completed", ""), nil
	case "turn_aborted":
		reason, _ := stringOf(e.Reason)
		detail := ""
		if reason != "" {
			detail = "(" + reason + ")"
		}
		return typ, d.taskEnded("aborted", detail), nil
	case "item_completed":
		out, err := d.itemCompleted(raw)
		return typ, out, err
	case "thread_settings_applied":
		return typ, d.threadSettings(raw), nil
	case "thread_name_updated":
		return typ, d.threadName(raw), nil
	case "exec_approval_request", "apply_patch_approval_request":
		return typ, d.approvalAsked(raw), nil
	case "context_compacted":
		if d.compacted { // the compacted line showed it
			d.compacted = false
			return typ, session.AsMerge, nil
		}
		d.s.Add(&session.Event{EntryBase: d.base(), Kind: "compaction", Summary: "the conversation was compacted"})
		return typ, session.AsEntry, nil
	case "error", "stream_error", "warning":
		d.s.Add(&session.Event{EntryBase: d.base(), Kind: typ, Summary: strings.ReplaceAll(typ, "_", " ") + ": " + msg, Failed: typ != "warning"})
		return typ, session.AsEntry, nil
	case "entered_review_mode", "exited_review_mode", "thread_rolled_back", "undo_completed":
		d.s.Add(&session.Event{EntryBase: d.base(), Kind: typ, Summary: strings.ReplaceAll(typ, "_", " ")})
		return typ, session.AsEntry, nil
	}
	if quietEvents[typ] || strings.HasSuffix(typ, "_delta") {
		return typ, session.AsBookkeeping, nil
	}
	return "", 0, fmt.Errorf("unknown Codex event `%s`", typ)
}

// taskStarted opens a turn. A turn still open ended without saying so (the
// session was resumed): its pending calls will get no output.
func (d *Decoder) taskStarted() session.Outcome {
	if d.turnOpen {
		d.endCalls()
	}
	d.turn++
	d.turnRecords, d.turnOpen, d.turnStart = true, true, d.now
	d.s.Add(&session.TurnStart{EntryBase: d.base(), Turn: d.turn})
	return session.AsEntry
}

// taskEnded closes the turn; the calls still pending will get no output.
func (d *Decoder) taskEnded(reason, detail string) session.Outcome {
	d.answered()
	d.endCalls()
	e := &session.TurnEnd{EntryBase: d.base(), Turn: d.turn, Reason: reason, Detail: detail}
	if d.turnOpen && d.turnStart > 0 && e.Time >= d.turnStart {
		e.Elapsed = e.Time - d.turnStart
	}
	d.turnOpen = false
	d.s.Add(e)
	return session.AsEntry
}

// endCalls marks the calls still pending as unfinished, a script's too; an
// approval still asked will not be answered.
func (d *Decoder) endCalls() {
	for id, c := range d.pending {
		delete(d.pending, id)
		cards := c.cards
		for _, n := range c.cells {
			cards = append(cards, n.cards...)
		}
		for _, t := range cards {
			if t.Result == nil && !t.Unfinished {
				t.Unfinished = true
				if t.Approval != nil && t.Approval.Outcome == "" {
					a := *t.Approval
					a.Outcome = session.Unavailable
					t.Approval = &a
				}
				d.s.Touch(t)
			}
		}
	}
	d.cellOrder = nil
	clear(d.openCells)
}
