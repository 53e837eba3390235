package copilot

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session"
)

// event applies one event by its type. A type deck does not know is a
// notice, unless the CLI marked it ephemeral: a transient copy for its
// screen, counted by its type.
func (d *Decoder) event(num int, env *envelope) (outcome, error) {
	t := *env.Type
	switch t {
	case "session.start":
		return d.start(num, env)
	case "session.resume":
		return d.resume(num, env)
	case "user.message":
		return d.user(num, env)
	case "system.message":
		return d.system(num, env)
	case "system.notification":
		return d.notification(num, env)
	case "assistant.message":
		return d.message(num, env)
	case "assistant.message_delta":
		return d.delta(num, env, false)
	case "assistant.reasoning_delta":
		return d.delta(num, env, true)
	case "assistant.reasoning":
		return d.reasoning(num, env)
	case "tool.execution_start":
		return d.started(num, env)
	case "tool.execution_complete":
		return d.completed(num, env)
	case "subagent.started", "subagent.completed", "subagent.failed":
		return d.subagentEvent(num, env)
	case "abort":
		return d.abort(num, env)
	case "permission.requested":
		return d.permissionAsked(env)
	case "permission.completed":
		return d.permissionAnswered(env)
	case "session.shutdown":
		return d.shutdown(num, env)
	case "session.error", "session.warning", "session.info", "session.model_change", "session.mode_changed",
		"session.truncation", "session.compaction_complete", "session.snapshot_rewind", "session.context_cleared",
		"session.handoff", "session.task_complete", "skill.invoked", "hook.end", "subagent.selected":
		return d.said(num, env)
	}
	if bookkept[t] || env.Ephemeral {
		return hidden(t), nil
	}
	return outcome{}, fmt.Errorf("an event of a type deck does not know (%s)", strings.TrimSpace(t))
}

// bookkept are the events of the schema deck counts and does not draw:
// the session's settings and lists, the model's bookkeeping, what the
// CLI streams to its screen.
var bookkept = map[string]bool{}

func init() {
	for _, t := range strings.Fields(`
		session.remote_steerable_changed session.idle session.title_changed session.schedule_created
		session.schedule_cancelled session.schedule_rearmed session.autopilot_objective_changed
		session.session_limits_changed session.permissions_changed session.plan_changed session.todos_changed
		session.workspace_file_changed session.usage_checkpoint session.context_changed session.usage_info
		session.compaction_start session.auto_mode_resolved session.managed_settings_resolved
		session.managed_settings_enforced session.tools_updated session.background_tasks_changed
		session.skills_loaded session.custom_agents_updated session.mcp_servers_loaded
		session.mcp_server_status_changed session.extensions_loaded session.binary_asset
		session.custom_notification session.canvas.opened session.canvas.registry_changed
		session.canvas.closed session.canvas.unavailable session.canvas.recorded session.canvas.removed
		session.extensions.attachments_pushed
		pending_messages.modified assistant.turn_start assistant.turn_end assistant.intent
		assistant.server_tool_progress assistant.tool_call_delta assistant.streaming_delta
		assistant.message_start assistant.idle assistant.usage model.call_failure
		tool.user_requested tool.execution_partial_result tool.execution_progress tool_search.activated
		subagent.deselected hook.start hook.progress
		user_input.requested user_input.completed
		elicitation.requested elicitation.completed sampling.requested sampling.completed
		mcp.oauth_required mcp.oauth_completed mcp.headers_refresh_required mcp.headers_refresh_completed
		mcp.tools.list_changed mcp.resources.list_changed mcp.prompts.list_changed mcp_app.tool_call_complete
		ui.ephemeral_query external_tool.requested external_tool.completed
		command.queued command.execute command.completed auto_mode_switch.requested auto_mode_switch.completed
		session_limits_exhausted.requested session_limits_exhausted.completed
		commands.changed capabilities.changed exit_plan_mode.requested exit_plan_mode.completed
		factory.run_updated factory.run_started factory.run_settled`) {
		bookkept[t] = true
	}
}

// said makes a line of its own of an event the CLI showed in its
// timeline, or that changed the session's course: an error, a warning, a
// note, a change of model or mode, a compaction, a rewind, a skill.
func (d *Decoder) said(num int, env *envelope) (outcome, error) {
	var raw map[string]any
	if err := decode(env, &raw); err != nil {
		return outcome{}, err
	}
	str := func(k string) string { s, _ := raw[k].(string); return strings.TrimSpace(s) }
	num64 := func(k string) string {
		if n, ok := raw[k]; ok {
			return fmt.Sprint(n)
		}
		return "?"
	}
	e := &session.Event{EntryBase: base(num, env.Timestamp), Kind: strings.TrimPrefix(*env.Type, "session.")}
	switch *env.Type {
	case "session.error":
		e.Summary, e.Failed = str("message"), true
		e.Body = strings.TrimSpace(strings.Join(nonEmpty(str("errorType"), str("errorCode"), str("url")), " · "))
	case "session.warning", "session.info":
		e.Summary, e.Body = str("message"), strings.Join(nonEmpty(str("tip"), str("url")), "\n")
	case "session.model_change":
		e.Kind, e.Summary = "model", "model: "+arrow(str("previousModel"), str("newModel"))
		if m := str("newModel"); m != "" && !d.sub {
			d.s.Model = m
		}
	case "session.mode_changed":
		e.Kind, e.Summary = "mode", "mode: "+arrow(str("previousMode"), str("newMode"))
	case "session.truncation":
		e.Summary = "context truncated: " + num64("messagesRemovedDuringTruncation") + " messages, " + num64("tokensRemovedDuringTruncation") + " tokens removed"
	case "session.compaction_complete":
		e.Kind = "compaction"
		e.Summary, e.Body = "context compacted", str("summaryContent")
		if ok, _ := raw["success"].(bool); !ok {
			e.Summary, e.Failed = "the context's compaction failed: "+str("error"), true
		}
	case "session.snapshot_rewind":
		e.Kind, e.Summary = "rewind", "rewound to event "+str("upToEventId")+": "+num64("eventsRemoved")+" events removed"
	case "session.context_cleared":
		e.Summary = "context cleared: " + num64("messagesCleared") + " messages"
	case "session.handoff":
		e.Summary, e.Body = "handed off from "+str("sourceType"), str("summary")
	case "session.task_complete":
		e.Kind, e.Summary = "task", "task complete"
		if ok, said := raw["success"].(bool); said && !ok {
			e.Summary, e.Failed = "task not accepted as complete", true
		}
		e.Body = strings.Join(nonEmpty(str("summary"), str("reason")), "\n\n")
	case "skill.invoked":
		e.Kind, e.Summary, e.Body = "skill", "skill "+str("name"), str("description")
	case "hook.end":
		if ok, _ := raw["success"].(bool); ok {
			return hidden(*env.Type), nil
		}
		e.Kind, e.Summary, e.Failed = "hook", "the "+str("hookType")+" hook failed", true
		if m, ok := raw["error"].(map[string]any); ok {
			e.Body, _ = m["message"].(string)
		}
	case "subagent.selected":
		e.Kind, e.Summary = "agent", "agent "+firstOf(str("agentDisplayName"), str("agentName"))
	}
	if e.Summary == "" {
		e.Summary = "(" + e.Kind + ")"
	}
	d.s.Add(e)
	return asEntry, nil
}

func arrow(from, to string) string {
	if from == "" {
		return to
	}
	return from + " → " + to
}

func nonEmpty(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

func firstOf(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}
