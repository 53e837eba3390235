package harness

import (
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/present"
)

// todoHistory is what a todo_write call is compared with, as the web
// client's todo history keeps it (Q's ui-tool models/todo-history.ts): the
// list the log's last todo/write recorded when the call was made, the
// write that call itself causes coming after it.
type todoHistory struct {
	list     []session.PlanItem // the list the last todo/write recorded
	recorded bool               // a todo/write came before
	before   map[string]todoBaseline
}

// todoBaseline is the list a call found.
type todoBaseline struct {
	list     []session.PlanItem
	recorded bool
}

// wrote is a todo/write: the list is now this one.
func (h *todoHistory) wrote(items []session.PlanItem) {
	h.list, h.recorded = items, true
}

// called is a tool/call: a todo_write's baseline is the list as it stands.
func (h *todoHistory) called(c *session.ToolCall) {
	if c.Name != "todo_write" {
		return
	}
	if h.before == nil {
		h.before = map[string]todoBaseline{}
	}
	h.before[c.CallID] = todoBaseline{h.list, h.recorded}
}

// changes says what a todo_write that finished well did to the list it
// found, on its result view; any other call's view is left as it is.
func (h *todoHistory) changes(c *session.ToolCall) {
	v, ok := c.View.(session.GenericResultView)
	if !ok || c.Name != "todo_write" || c.Status() != session.CallDone {
		return
	}
	b, ok := h.before[c.CallID]
	if !ok {
		return
	}
	v.Todos = present.TodoChanges(c.Arguments, b.list, b.recorded)
	c.View = v
}
