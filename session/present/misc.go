package present

import (
	"regexp"

	"github.com/deck-tui/deck/session"
)

// The harness's other tools that present themselves: plans, goals, skills,
// code mode, reminders, session queries, background jobs, the
// str_replace_editor. All are generic cards: those the 0.2 web client
// titles with its titles (rowTitles), the others with the harness's.

func init() {
	generic := func(title, kind string, input func(Args) any) func(Args) session.CallView {
		return func(a Args) session.CallView {
			v := session.GenericCallView{Title: title, Kind: session.ToolCallKind(kind)}
			if input != nil {
				v.RawInput = input(a)
			}
			return v
		}
	}
	arg := func(key string) func(Args) any {
		return func(a Args) any {
			if !a.Has(key) {
				return nil
			}
			return a[key]
		}
	}
	register([]string{"todo_write"}, presenter{schema: schema{"todos": req(arrayOf(closedObject(schema{
		"content": req(str()), "status": req(str("pending", "in_progress", "completed")),
	})))},
		call: func(a Args) session.CallView {
			v := generic("Update to-do list", "other", arg("todos"))(a).(session.GenericCallView)
			todos, _ := a["todos"].([]any)
			v.Todos = todoSummary(todos)
			return v
		}})
	register([]string{"exit_plan_mode"}, presenter{schema: schema{"plan": req(str())},
		call: func(a Args) session.CallView {
			title := FirstHeading(a.Str("plan"))
			if title == "" {
				title = "Plan"
			}
			return session.GenericCallView{Title: title, Kind: "other", Content: []session.ContentBlock{{Type: "text", Text: a.Str("plan")}}}
		},
		result: func(_ Args, r *session.ToolResult) session.ResultView {
			return session.GenericResultView{Title: "Plan review", Content: r.Content}
		},
	})
	// working_directory (tool-working-directory, 0.2.1-alpha.2) reads the
	// session's folder, or moves it to cd (from the folder it is in): the
	// move is the working-directory/change that follows it; its result is
	// the folder it is in after. The web client titles it no way of its own.
	register([]string{"working_directory"}, presenter{schema: schema{"cd": opt(str())},
		call: func(a Args) session.CallView {
			if !a.Has("cd") {
				return session.GenericCallView{Title: "Read working directory", Kind: "read"}
			}
			title := "Change working directory"
			if cd := a.Str("cd"); cd != "" {
				title += " to " + cd
			}
			return session.GenericCallView{Title: title, Kind: "other", RawInput: a.Str("cd")}
		}})
	register([]string{"get_goal"}, presenter{call: rowCall("read")("get_goal")})
	register([]string{"create_goal"}, presenter{schema: schema{"objective": req(str()), "max_goal_rounds": opt(number)},
		call: rowCall("other", "objective")("create_goal")})
	register([]string{"update_goal"}, presenter{schema: schema{
		"goal_id": req(str()), "revision": req(number), "action": req(str("edit", "pause", "resume", "complete", "blocked")),
		"objective": opt(str()), "max_goal_rounds": opt(number), "blocked_reason": opt(str()),
	}, call: rowCall("other", "goal_id", "action", "objective", "blocked_reason")("update_goal")})
	register([]string{"skill"}, presenter{schema: schema{"name": req(str())},
		call: func(a Args) session.CallView {
			return session.GenericCallView{Title: "Load skill " + a.Str("name"), Kind: "read", RawInput: a.Str("name")}
		}})
	register([]string{"lsp"}, presenter{schema: schema{
		"operation": req(str("goToDefinition", "findReferences", "goToImplementation", "hover")),
		"file_path": req(str()), "line": req(number), "character": req(number),
	},
		call: func(a Args) session.CallView {
			line, _ := a.Num("line")
			char, _ := a.Num("character")
			return session.GenericCallView{
				Title:     lspTitles[a.Str("operation")] + " · " + a.Str("file_path") + ":" + JSNumber(line) + ":" + JSNumber(char),
				Kind:      "search",
				Locations: []session.FileLocation{{Path: a.Str("file_path"), Line: int(line)}},
			}
		}})
	register([]string{"run_code"}, presenter{schema: schema{"code": req(str()), "description": req(str())},
		call: func(a Args) session.CallView {
			return session.GenericCallView{Title: a.Str("description"), Kind: "execute", RawInput: a.Str("code")}
		}})
	register([]string{"workflow"}, presenter{schema: schema{
		"script": req(str()),
		"meta": req(object(schema{
			"name": req(str()), "description": req(str()), "whenToUse": opt(str()),
			"phases": opt(arrayOf(object(schema{"title": req(str()), "detail": opt(str()), "provider": opt(str()), "model": opt(str())}))),
		})),
		"args": opt(object(nil)),
	},
		call: rowCall("other", "script")("workflow"),
	})
	register([]string{"ralph"}, presenter{schema: schema{"objective": req(str()), "maxRounds": opt(number)},
		call: rowCall("other", "objective")("ralph"),
	})
	register([]string{"schedule_create"}, presenter{schema: schema{
		"prompt": req(str()), "after_seconds": opt(number), "every_seconds": opt(number),
		"at": opt(exactlyOne(str(), closedObject(schema{"date": req(str()), "time": req(str()), "time_zone": req(str())}))),
	},
		call: rowCall("other", "prompt")("schedule_create")})
	register([]string{"schedule_list"}, presenter{call: rowCall("read")("schedule_list")})
	register([]string{"schedule_delete"}, presenter{schema: schema{"id": req(str())},
		call: rowCall("other", "id")("schedule_delete")})
	surfaces := []string{"current", "shadowed", "log-only"}
	register([]string{"session_search"}, presenter{schema: schema{
		"query": req(str()), "session_ids": opt(arrayOf(str())), "parent_session_ids": opt(arrayOf(str())),
		"created_at_from": opt(str()), "created_at_to": opt(str()), "include_root_sessions": opt(boolean),
		"availability": opt(arrayOf(str("live", "persisted"))), "event_seq_from": opt(integer), "event_seq_to": opt(integer),
		"event_time_from": opt(str()), "event_time_to": opt(str()), "event_types": opt(arrayOf(str())),
		"event_surfaces": opt(arrayOf(str(surfaces...))),
	}, call: rowCall("search", "query")("session_search")})
	register([]string{"session_event_search"}, presenter{schema: schema{
		"session_id": opt(str()), "query": req(str()), "seq_from": opt(integer), "seq_to": opt(integer),
		"time_from": opt(str()), "time_to": opt(str()), "event_types": opt(arrayOf(str())),
		"surfaces": opt(arrayOf(str(surfaces...))),
	}, call: rowCall("search", "session_id", "query")("session_event_search")})
	register([]string{"session_trace"}, presenter{schema: schema{"session_id": opt(str())}, call: rowCall("read", "session_id")("session_trace")})
	register([]string{"session_event_trace"}, presenter{schema: schema{"session_id": opt(str()), "seq": req(integer)},
		call: rowCall("read", "session_id", "seq")("session_event_trace")})
	register([]string{"session_event_read"}, presenter{schema: schema{"session_id": opt(str()), "seq": req(integer), "before": opt(integer), "after": opt(integer)},
		call: rowCall("read", "session_id", "seq")("session_event_read")})
	// task_* are the jobs' names before 0.2, which the web client does not
	// title: they keep the rc.8 host's titles.
	register([]string{"task_output"}, presenter{schema: schema{"task_id": req(str()), "wait": opt(boolean), "timeout_ms": opt(number)},
		call: func(a Args) session.CallView {
			return session.GenericCallView{Title: "Read output from background task " + a.Str("task_id"), Kind: "read", RawInput: a.Str("task_id")}
		}})
	register([]string{"task_list"}, presenter{call: generic("List background tasks", "read", nil)})
	register([]string{"task_kill"}, presenter{schema: schema{"task_id": req(str()), "reason": opt(str())},
		call: func(a Args) session.CallView {
			return session.GenericCallView{Title: "Kill background task " + a.Str("task_id"), Kind: "execute", RawInput: a.Str("task_id")}
		}})
	register([]string{"job_output"}, presenter{schema: schema{"job_id": req(str()), "wait": opt(boolean), "timeout_ms": opt(number)},
		call: rowCall("read", "job_id")("job_output")})
	register([]string{"job_list"}, presenter{call: rowCall("read")("job_list")})
	register([]string{"job_kill"}, presenter{schema: schema{"job_id": req(str()), "reason": opt(str())},
		call: rowCall("execute", "job_id", "reason")("job_kill")})
	register([]string{"str_replace_editor"}, presenter{schema: schema{
		"command": req(str("view", "create", "str_replace", "insert")), "path": req(str()),
		"file_text": opt(str()), "insert_line": opt(integer), "new_str": opt(str()), "old_str": opt(str()),
		"view_range": opt(arrayOf(integer)),
	},
		call: strReplaceEditorCall})
}

func strReplaceEditorCall(a Args) session.CallView {
	path := a.Str("path")
	loc := []session.FileLocation{{Path: path}}
	switch a.Str("command") {
	case "view":
		return session.GenericCallView{Title: "view " + path, Kind: "read", Locations: loc}
	case "create":
		return session.DiffCallView{Title: "create " + path, Diffs: []session.FileDiff{{Path: path, NewText: a.Str("file_text")}}, Locations: loc}
	case "str_replace":
		var old *string
		if a.Has("old_str") {
			s := a.Str("old_str")
			old = &s
		}
		return session.DiffCallView{Title: "str_replace " + path, Diffs: []session.FileDiff{{Path: path, OldText: old, NewText: a.Str("new_str")}}, Locations: loc}
	case "insert":
		if n, ok := a.Num("insert_line"); ok {
			loc[0].Line = int(max(1, n+1))
		}
		return session.GenericCallView{Title: "insert " + path, Kind: "edit", Locations: loc}
	}
	return nil
}

var headingLine = regexp.MustCompile(`(?m)^#{1,6}\s+(.+?)\s*$`)

// FirstHeading is the text of the first Markdown heading of a plan.
func FirstHeading(plan string) string {
	if m := headingLine.FindStringSubmatch(plan); m != nil {
		return m[1]
	}
	return ""
}
