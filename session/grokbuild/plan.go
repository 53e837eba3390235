package grokbuild

import (
	"slices"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
)

// plan is the todo list todo_write keeps (grok_build/todo): a call with
// merge false replaces it; with merge true, each todo updates the one of
// its id (its content, its status, when given) or is added.
type plan struct {
	items []session.PlanItem
	ids   []string
}

// update applies a todo_write's todos and returns the plan it leaves.
func (p *plan) update(num int, a present.Args) *session.Plan {
	list, _ := a["todos"].([]any)
	if a["merge"] != true && !p.updatesOnly(list) {
		p.items, p.ids = nil, nil
	}
	for _, it := range list {
		m, ok := jsonline.AsObject(it)
		if !ok {
			continue
		}
		id, content, status := jsonline.Str(m, "id"), jsonline.Str(m, "content"), jsonline.Str(m, "status")
		if i := slices.Index(p.ids, id); i >= 0 && id != "" {
			if content != "" {
				p.items[i].Content = content
			}
			if status != "" {
				p.items[i].Status = status
			}
			continue
		}
		p.items, p.ids = append(p.items, session.PlanItem{Content: content, Status: status}), append(p.ids, id)
	}
	return &session.Plan{EntryBase: base(num), Items: slices.Clone(p.items)}
}

// updatesOnly reports todos a call without merge still merges, as Grok
// Build does when the model forgot it: the list is not empty, and every
// todo names one of its ids and gives no content.
func (p *plan) updatesOnly(list []any) bool {
	if len(p.items) == 0 || len(list) == 0 {
		return false
	}
	for _, it := range list {
		m, ok := jsonline.AsObject(it)
		if !ok || jsonline.Str(m, "content") != "" || !slices.Contains(p.ids, jsonline.Str(m, "id")) {
			return false
		}
	}
	return true
}
