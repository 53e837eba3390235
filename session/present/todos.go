package present

import (
	"strings"

	"github.com/deck-tui/deck/session"
)

// A todo_write call as the harness's 0.2 web client tells it on its row
// (Q's packages/client/ui-tool: toolviews/todo-row.tsx and plan-summary.ts
// sum the list up; models/todo-diff-model.ts and todo-history.ts compare it
// with the list recorded before the call; details-card-model.ts's todo list
// says which lists it compares at all). Ported rules, deck's words.

// todoSummary sums a todo list up in one line: the items done of all, the
// first in progress by its text (none when that text is blank) and how
// many more are in progress beside it.
func todoSummary(todos []any) *session.TodoSummary {
	s := &session.TodoSummary{Total: len(todos)}
	active := 0
	named := false
	for _, t := range todos {
		item, _ := t.(map[string]any)
		switch item["status"] {
		case "completed":
			s.Done++
		case "in_progress":
			if active == 0 {
				text, _ := item["content"].(string)
				named = strings.TrimSpace(text) != ""
				if named {
					s.Active = text
				}
			}
			active++
		}
	}
	if named {
		s.MoreActive = active - 1
	}
	return s
}

// todoList is the list a todo_write's arguments hold, each item's text
// trimmed, when the web client would compare it: every item with text, a
// status it knows, and no two with the same text. Else false: the call is
// drawn as any other.
func todoList(a Args) ([]session.PlanItem, bool) {
	todos, ok := a["todos"].([]any)
	if !ok {
		return nil, false
	}
	list := make([]session.PlanItem, 0, len(todos))
	seen := make(map[string]bool, len(todos))
	for _, t := range todos {
		item, ok := t.(map[string]any)
		if !ok {
			return nil, false
		}
		text, _ := item["content"].(string)
		text = strings.TrimSpace(text)
		status, _ := item["status"].(string)
		if text == "" || seen[text] || (status != "pending" && status != "in_progress" && status != "completed") {
			return nil, false
		}
		seen[text] = true
		list = append(list, session.PlanItem{Content: text, Status: status})
	}
	return list, true
}

// TodoChanges is what a todo_write that finished well did to the list the
// log recorded before its call (before, when recorded; none recorded, and
// every item is new): added, its status changed, moved among the items it
// kept, removed, or kept as it was. Nil when its arguments hold no list the
// web client compares.
func TodoChanges(raw string, before []session.PlanItem, recorded bool) *session.TodoChanges {
	a, ok := ParseArgs(raw)
	if !ok {
		return nil
	}
	now, ok := todoList(a)
	if !ok {
		return nil
	}
	out := &session.TodoChanges{First: !recorded}
	old := make(map[string]session.PlanItem, len(before))
	for _, it := range before {
		old[it.Content] = it
	}
	// where each item both lists hold stood among those items before
	inNow := make(map[string]bool, len(now))
	for _, it := range now {
		inNow[it.Content] = true
	}
	kept := map[string]int{}
	for _, it := range before {
		if inNow[it.Content] {
			kept[it.Content] = len(kept)
		}
	}
	place := 0
	for _, it := range now {
		was, ok := old[it.Content]
		if !ok {
			out.Added++
			out.Changed = append(out.Changed, session.TodoChange{PlanItem: it, Kind: session.TodoAdded})
			continue
		}
		delete(old, it.Content)
		moved := kept[it.Content] != place
		place++
		switch {
		case was.Status != it.Status:
			out.Updated++
			out.Changed = append(out.Changed, session.TodoChange{PlanItem: it, Kind: session.TodoStatusChanged, Was: was.Status})
		case moved:
			out.Updated++
			out.Changed = append(out.Changed, session.TodoChange{PlanItem: it, Kind: session.TodoMoved})
		default:
			out.Unchanged = append(out.Unchanged, it)
		}
	}
	for _, it := range before {
		if was, ok := old[it.Content]; ok {
			delete(old, it.Content)
			out.Removed++
			out.Changed = append(out.Changed, session.TodoChange{PlanItem: was, Kind: session.TodoRemoved})
		}
	}
	return out
}
