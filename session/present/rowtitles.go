package present

import (
	"strings"

	"github.com/deck-tui/deck/session"
)

// The 0.2 harness's host attaches no view to a call: its web client titles
// each row itself (ui-tool tool-call-model.ts, TOOL_TITLE_KEYS, in the
// English dictionary), then " · " and a summary from the arguments. deck
// titles the tools the web client names so, as a harness user sees them
// now: the rc.8 presenters' titles ("Search prior sessions", "Open
// terminal bash") were its host's, which no longer draws them.
var rowTitles = map[string]string{
	"terminal_open": "Open terminal", "terminal_read": "Read terminal", "terminal_list": "List terminals",
	"terminal_signal": "Signal terminal", "terminal_close": "Close terminal",
	"session_search": "Search sessions", "session_trace": "Trace session",
	"session_event_read": "Read event", "session_event_search": "Search events", "session_event_trace": "Trace event",
	"list_subagent_models": "List models", "wait_agent": "Wait for teammates",
	"spawn_teammate": "Create teammate", "team_task_create": "Create team task", "team_task_get": "Read team task",
	"team_task_update": "Update team task", "team_task_list": "List team tasks",
	"schedule_create": "Create reminder", "schedule_list": "List reminders", "schedule_delete": "Delete reminder",
	"schedule_update": "Update reminder", // 1394225561's dictionary has no word for it; the fork's key names this
	"get_goal":        "View goal", "create_goal": "Create goal", "update_goal": "Update goal",
	"cordis_inspect_list": "Inspect providers", "cordis_inspect_query": "Query runtime", "cordis_inspect_self": "Inspect plugins",
	"cordis_run": "Run Cordis Plugin", "cordis_stop": "Stop Cordis Plugin", "cordis_undefine": "Remove Cordis Plugin",
	"workflow": "Run workflow", "ralph": "Run Ralph",
	"subagent": "Delegate task", "list_agents": "List agents", "send_message": "Send message", "interrupt_agent": "Interrupt agent",
	"job_list": "List background jobs", "job_output": "Read job output", "job_kill": "Cancel background job",
	"present": "Present files", // ui-deliverables' row.title: its own row
}

// lspTitles are the web client's lsp row titles, by operation (its details
// row, LSP_TITLE_KEYS).
var lspTitles = map[string]string{
	"goToDefinition": "Find definition", "findReferences": "Find references",
	"goToImplementation": "Find implementation", "hover": "Inspect symbol",
}

// rowTitle is a tool's web-client title and, after " · ", its summary:
// the first line of the first of the keys that holds text (the web
// client takes the first text argument as the model wrote it, which is
// its schema's order, the order keys lists), else of one that holds a
// number (an event's seq); the title alone when none does.
func rowTitle(name string, a Args, keys ...string) string {
	title := rowTitles[name]
	if s := summaryOf(a, keys); s != "" {
		return title + " · " + s
	}
	return title
}

func summaryOf(a Args, keys []string) string {
	for _, k := range keys {
		if s := a.Str(k); strings.TrimSpace(s) != "" {
			first, _, _ := strings.Cut(s, "\n")
			return first
		}
	}
	for _, k := range keys {
		if n, ok := a.Num(k); ok {
			return JSNumber(n)
		}
	}
	return ""
}

// rowCall is a generic call card titled as the web client titles its row,
// its arguments as its input (the row's body).
func rowCall(kind string, keys ...string) func(name string) func(Args) session.CallView {
	return func(name string) func(Args) session.CallView {
		return func(a Args) session.CallView {
			v := session.GenericCallView{Title: rowTitle(name, a, keys...), Kind: session.ToolCallKind(kind)}
			if len(a) > 0 {
				v.RawInput = map[string]any(a)
			}
			return v
		}
	}
}

func init() {
	// The tools the web client titles that deck had no presenter for: their
	// schemas are not in deck's captures, so any object is taken.
	for name, r := range map[string]func(string) func(Args) session.CallView{
		"wait_agent":           rowCall("other", "agent_id", "agent_ids", "name"),
		"list_subagent_models": rowCall("read", "provider", "model", "query"),
		"spawn_teammate":       rowCall("other", "name", "role", "prompt", "description"),
		"team_task_create":     rowCall("other", "subject", "title", "description"),
		"team_task_get":        rowCall("read", "task_id", "id"),
		"team_task_update":     rowCall("other", "task_id", "id", "status"),
		"team_task_list":       rowCall("read", "owner", "status"),
		"schedule_update":      rowCall("other", "id", "prompt"),
		// as the 0.2.1 host declares them (subagent_id where 0.2.0 wrote agent_id)
		"subagent":        rowCall("other", "description", "prompt"),
		"list_agents":     rowCall("read", "scope"),
		"send_message":    rowCall("other", "target", "agent_id", "subagent_id", "message"),
		"interrupt_agent": rowCall("other", "target", "agent_id", "subagent_id"),
	} {
		register([]string{name}, presenter{call: r(name)})
	}
	register([]string{"present"}, presenter{
		schema: schema{"files": req(arrayOf(object(schema{"path": req(str()), "description": opt(str())})))},
		call: func(a Args) session.CallView {
			files, _ := a["files"].([]any)
			var paths []string
			var locations []session.FileLocation
			for _, f := range files {
				m, _ := f.(map[string]any)
				if p, _ := m["path"].(string); p != "" {
					paths = append(paths, p)
					locations = append(locations, session.FileLocation{Path: p})
				}
			}
			title := rowTitles["present"]
			if len(paths) > 0 {
				title += " · " + strings.Join(paths, ", ")
			}
			return session.GenericCallView{Title: title, Kind: "other", RawInput: map[string]any(a), Locations: locations}
		},
	})
}
