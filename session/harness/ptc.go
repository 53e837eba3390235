package harness

import (
	"fmt"
	"slices"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// codeDispatch is tool/ptc-dispatch-start and tool/ptc-dispatch (v0–v2:
// tool/code-dispatch*): a call a code-mode program made inside its parent
// call's run. Since 2026-10-05 (still v4) the finished one may carry a
// meta, as a top-level result's does: the operation-time folder of a
// command ({cwd}) and file of a file tool ({path}), absolute.
type codeDispatch struct {
	ParentCallID string         `json:"parentCallId"`
	RootCallID   string         `json:"rootCallId"`
	SubCallID    string         `json:"subCallId"`
	Name         string         `json:"name"`
	Arguments    jsontext.Value `json:"arguments"`
	IsError      bool           `json:"isError"`
	Meta         jsontext.Value `json:"meta"`
}

// owner is the card a nested call is listed on: its parent's, else (a
// call nested in a nested call) the top-level call's.
func (d *Decoder) owner(c codeDispatch) *session.ToolCall {
	if p := d.s.Call(c.ParentCallID); p != nil {
		return p
	}
	if c.RootCallID == "" {
		return nil
	}
	return d.s.Call(c.RootCallID)
}

func (d *Decoder) codeDispatchStart(r *record) (session.Outcome, error) {
	var c codeDispatch
	if err := decode(r, &c); err != nil {
		return 0, err
	}
	parent := d.owner(c)
	if parent == nil {
		d.s.Add(&session.Event{EntryBase: d.base(r), Kind: r.Type, Summary: fmt.Sprintf("nested call %s (%s) of a call not in this log", c.Name, c.SubCallID)})
		return session.AsEntry, nil
	}
	parent.SubCalls = append(slices.Clip(parent.SubCalls), d.subCall(c))
	d.todos.called(c.Name, todoCall{id: c.SubCallID, nested: true})
	d.s.Touch(parent)
	return session.AsMerge, nil
}

func (d *Decoder) codeDispatch(r *record) (session.Outcome, error) {
	var c codeDispatch
	if err := decode(r, &c); err != nil {
		return 0, err
	}
	if parent := d.owner(c); parent != nil {
		subs := slices.Clone(parent.SubCalls) // never changed in place: a viewer may hold the old slice
		i := slices.IndexFunc(subs, func(s session.SubCall) bool { return s.ID == c.SubCallID })
		if i < 0 {
			subs, i = append(subs, d.subCall(c)), len(subs)
		} else if subs[i].Title == "" {
			subs[i].Title = d.subCall(c).Title // its start had no arguments to title it by
		}
		subs[i].Done, subs[i].IsError = true, c.IsError
		subs[i].Cwd, subs[i].Path = operatedOn(c.Meta)
		if c.Name == "todo_write" && !c.IsError {
			subs[i].Todos, _ = d.todos.changed(todoCall{id: c.SubCallID, nested: true}, arguments(c.Arguments))
		}
		parent.SubCalls = subs
		d.s.Touch(parent)
		return session.AsMerge, nil
	}
	d.s.Add(&session.Event{EntryBase: d.base(r), Kind: r.Type, Summary: fmt.Sprintf("nested call %s (%s) finished; its parent is not in this log", c.Name, c.SubCallID), Failed: c.IsError})
	return session.AsEntry, nil
}

// subCall is a nested call as its parent's card lists it: titled as its own
// card would be, from its arguments (an object, as the program passed it,
// or its JSON text, as tool/call logs it), by the tool's presenter.
func (d *Decoder) subCall(c codeDispatch) session.SubCall {
	s := session.SubCall{ID: c.SubCallID, Name: c.Name}
	if len(c.Arguments) == 0 {
		return s
	}
	raw := arguments(c.Arguments)
	if title := session.CallTitle(d.declared.Call(c.Name, raw)); title != c.Name {
		s.Title = title // the generic card's fallback title says no more than the name
	}
	return s
}

// arguments is a nested call's arguments as JSON text: an object, as the
// program passed it, or its JSON text, as tool/call logs it.
func arguments(v jsontext.Value) string {
	var text string
	if v.Kind() == '"' && jsonline.Unmarshal(v, &text) == nil {
		return text
	}
	return string(v)
}

// operatedOn is a nested call's meta read for the folder and the file it
// worked on; "" for what it does not hold, or a meta of another shape.
func operatedOn(meta jsontext.Value) (cwd, path string) {
	var m struct {
		Cwd  string `json:"cwd"`
		Path string `json:"path"`
	}
	if len(meta) == 0 || meta.Kind() != '{' || jsonline.Unmarshal(meta, &m) != nil {
		return "", ""
	}
	return m.Cwd, m.Path
}
