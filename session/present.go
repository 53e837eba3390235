package session

import (
	"bytes"
	"math"
	"strconv"

	json "github.com/go-json-experiment/json/v1"
)

// args is a tool call's parsed arguments.
type args map[string]any

// presenter is one harness tool's presentation rules, ported from its
// presentCall / presentResult. A nil func, or a nil view returned, is the
// harness's `undefined`: the generic fallback.
type presenter struct {
	schema schema
	call   func(a args) CallView
	result func(a args, r *ToolResult) ResultView
	// alt is another tool registered under the same name, tried when the
	// arguments do not fit this one's schema.
	alt *presenter
}

// pick returns the presenter whose schema the arguments fit, if any.
func pick(name string, a args) *presenter {
	p, ok := presenters[name]
	for q := &p; ok && q != nil; q = q.alt {
		if q.schema.accepts(a) {
			return q
		}
	}
	return nil
}

// presenters holds the rules of every harness tool deck knows, by name.
var presenters = map[string]presenter{}

func register(names []string, p presenter) {
	for _, n := range names {
		presenters[n] = p
	}
}

// presentCall derives the pending view of a call from its name and raw
// arguments. Arguments that are not a JSON object, or that fail the tool's
// schema, skip the tool's presenter, as the harness does.
func presentCall(name, raw string) CallView {
	a, ok := parseArgs(raw)
	if p := pick(name, a); ok && p != nil && p.call != nil {
		if v := p.call(a); v != nil {
			return v
		}
	}
	return genericCall(name, raw, a, ok)
}

// genericCall is the fallback pending card: the tool's name, and its input.
func genericCall(name, raw string, a args, ok bool) CallView {
	v := GenericCallView{Title: name}
	switch {
	case ok && len(a) > 0:
		v.RawInput = map[string]any(a)
	case !ok && raw != "":
		v.RawInput = raw
	}
	return v
}

// presentResult derives the completed view of a call. With no view from the
// tool it is the generic card with no content: the raw result is shown.
func presentResult(name, raw string, r *ToolResult) ResultView {
	a, ok := parseArgs(raw)
	if p := pick(name, a); ok && p != nil && p.result != nil {
		if v := p.result(a, r); v != nil {
			return v
		}
	}
	return GenericResultView{}
}

// parseArgs reads arguments as a JSON object, numbers kept exact.
func parseArgs(raw string) (args, bool) {
	dec := json.NewDecoder(bytes.NewReader([]byte(raw)))
	dec.UseNumber()
	var a map[string]any
	if err := dec.Decode(&a); err != nil || a == nil || dec.More() {
		return nil, false
	}
	return a, true
}

// schema is the part of a tool's JSON Schema the harness checks before it
// presents: required keys and the JSON type of each known key. Other keys
// pass, and numbers may be fractions or negative, as in the harness.
type schema map[string]field

type field struct {
	kind     string // string, number, boolean, array, object
	required bool
}

func req(kind string) field { return field{kind, true} }
func opt(kind string) field { return field{kind, false} }

func (s schema) accepts(a args) bool {
	for key, f := range s {
		v, present := a[key]
		if !present {
			if f.required {
				return false
			}
			continue
		}
		if !isKind(v, f.kind) {
			return false
		}
	}
	return true
}

func isKind(v any, kind string) bool {
	switch v.(type) {
	case string:
		return kind == "string"
	case json.Number:
		return kind == "number"
	case bool:
		return kind == "boolean"
	case []any:
		return kind == "array"
	case map[string]any:
		return kind == "object"
	}
	return false
}

// str returns a string argument, "" when absent.
func (a args) str(key string) string {
	s, _ := a[key].(string)
	return s
}

// has reports whether an argument is present.
func (a args) has(key string) bool {
	_, ok := a[key]
	return ok
}

// num returns a number argument and whether it is one.
func (a args) num(key string) (float64, bool) {
	n, ok := a[key].(json.Number)
	if !ok {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(n), 64)
	return f, err == nil || math.IsInf(f, 0)
}

// jsNumber formats a number as JavaScript's String(n) does for the values
// titles show: integers without a fraction, others in shortest form.
func jsNumber(f float64) string {
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
func singleText(r *ToolResult) (string, bool) {
	if len(r.Content) != 1 || r.Content[0].Type != "text" {
		return "", false
	}
	return r.Content[0].Text, true
}

// object narrows meta to a JSON object (not null, not an array).
func object(v any) (map[string]any, bool) {
	m, ok := v.(map[string]any)
	return m, ok && m != nil
}
