// Package present is the harness's tool presentation, ported from its
// presenters: a tool call's name, arguments and result become one of the
// card views of session's union. Other agents' readers map their tools onto
// the same views through it, with the helpers here for what their tools
// print (numbered lines, unified diffs, search rows) and FileLines, which
// numbers a diff with the file's real lines.
package present

import (
	"math"
	"strconv"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// Args is a tool call's parsed arguments.
type Args map[string]any

// presenter is one harness tool's presentation rules, ported from its
// presentCall / presentResult. A nil func, or a nil view returned, is the
// harness's `undefined`: the generic fallback.
type presenter struct {
	schema schema
	call   func(a Args) session.CallView
	result func(a Args, r *session.ToolResult) session.ResultView
	// alt is another tool registered under the same name, tried when the
	// arguments do not fit this one's schema.
	alt *presenter
}

// pick returns the presenter whose schema the arguments fit, if any. An
// alternative is not tried for arguments that name a key only a tool before
// it takes: they were written for that tool (a bash call with a bad
// sandbox_permissions failed bash's check; the PTY twin's open schema would
// take it all the same).
func pick(name string, a Args) *presenter {
	var before []schema
	for q := presenters[name]; q != nil; q = q.alt {
		if q.schema.accepts(a) && !writtenForAnother(a, q.schema, before) {
			return q
		}
		before = append(before, q.schema)
	}
	return nil
}

// writtenForAnother reports arguments naming a key one of the other tools'
// schemas names and this one does not.
func writtenForAnother(a Args, own schema, others []schema) bool {
	for k := range a {
		if _, mine := own[k]; mine {
			continue
		}
		for _, o := range others {
			if _, theirs := o[k]; theirs {
				return true
			}
		}
	}
	return false
}

// presenters holds the rules of every harness tool deck knows, by name.
// A pointer each, shared by a tool's names: a presenter picked is one of
// these, not a copy on the heap made at every call presented.
var presenters = map[string]*presenter{}

func register(names []string, p presenter) {
	for _, n := range names {
		presenters[n] = &p
	}
}

// Call derives the pending view of a call from its name and raw
// arguments. Arguments that are not a JSON object, or that fail the tool's
// schema, skip the tool's presenter, as the harness does. It checks the
// built-in schemas; Declared.Call those of the session's header.
func Call(name, raw string) session.CallView { return Declared(nil).Call(name, raw) }

// genericCall is the fallback pending card: the tool's name, and its input.
func genericCall(name, raw string, a Args, ok bool) session.CallView {
	v := session.GenericCallView{Title: name}
	switch {
	case ok && len(a) > 0:
		v.RawInput = map[string]any(a)
	case !ok && raw != "":
		v.RawInput = raw
	}
	return v
}

// Result derives the completed view of a call. With no view from the
// tool it is the generic card with no content: the raw result is shown.
func Result(name, raw string, r *session.ToolResult) session.ResultView {
	return Declared(nil).Result(name, raw, r)
}

// ParseArgs reads arguments as a JSON object, numbers kept exact.
func ParseArgs(raw string) (Args, bool) {
	v, err := jsonline.Any([]byte(raw))
	if err != nil {
		return nil, false
	}
	return jsonline.AsObject(v)
}

// Strs returns an array-of-strings argument; nil when absent.
func (a Args) Strs(key string) []string {
	items, _ := a[key].([]any)
	var out []string
	for _, it := range items {
		if s, ok := it.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// Str returns a string argument, "" when absent.
func (a Args) Str(key string) string {
	s, _ := a[key].(string)
	return s
}

// Has reports whether an argument is present.
func (a Args) Has(key string) bool {
	_, ok := a[key]
	return ok
}

// Num returns a number argument and whether it is one.
func (a Args) Num(key string) (float64, bool) {
	n, ok := a[key].(jsonline.Number)
	if !ok {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(n), 64)
	return f, err == nil || math.IsInf(f, 0)
}

// JSNumber formats a number as JavaScript's String(n) does for the values
// titles show: integers without a fraction, others in shortest form.
func JSNumber(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case math.IsNaN(f):
		return "NaN"
	case f == math.Trunc(f) && math.Abs(f) < 1e21:
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// singleText returns the text of a result that is exactly one text block.
func singleText(r *session.ToolResult) (string, bool) {
	if len(r.Content) != 1 || r.Content[0].Type != "text" {
		return "", false
	}
	return r.Content[0].Text, true
}
