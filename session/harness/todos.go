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
	before   map[todoCall]todoBaseline
}

// todoCall is a todo_write by its id: a top-level call's, or a code-mode
// program's nested one (tool/ptc-dispatch), whose ids are another set.
type todoCall struct {
	id     string
	nested bool
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

// called is a tool/call or a nested call's start: a todo_write's baseline
// is the list as it stands, whichever write, top-level or nested, recorded
// it.
func (h *todoHistory) called(name string, c todoCall) {
	if name != "todo_write" {
		return
	}
	if h.before == nil {
		h.before = map[todoCall]todoBaseline{}
	}
	h.before[c] = todoBaseline{h.list, h.recorded}
}

// changes says what a todo_write that finished well did to the list it
// found, on its result view; any other call's view is left as it is.
func (h *todoHistory) changes(c *session.ToolCall) {
	v, ok := c.View.(session.GenericResultView)
	if !ok || c.Name != "todo_write" || c.Status() != session.CallDone {
		return
	}
	if ch, ok := h.changed(todoCall{id: c.CallID}, c.Arguments); ok {
		v.Todos = ch
		c.View = v
	}
}

// changed is what the todo_write called so, with these arguments, did to
// the list it found (nil when the web client would not compare them);
// false when its start was not seen.
func (h *todoHistory) changed(c todoCall, arguments string) (*session.TodoChanges, bool) {
	b, ok := h.before[c]
	if !ok {
		return nil, false
	}
	return present.TodoChanges(arguments, b.list, b.recorded), true
}
