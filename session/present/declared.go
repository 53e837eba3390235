package present

import (
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// Declared is the tool schemas a session's request/header lists, by tool
// name: the very ones the model saw and the harness checked, with the
// deployment's own enums and which of two tools of one name was there
// (bash or its PTY twin). A call of a declared tool is presented only when
// its arguments fit that schema, then by the presenter whose built-in
// schema they fit; a tool not declared falls back to the built-in ones.
// The nil Declared is the built-in check alone.
type Declared map[string]node

// ParseDeclared reads a header's tools ([{name, parameters}]). A tool whose
// parameters are not in the subset the harness enforces is left out: the
// harness would not have registered it, and deck keeps its built-in check.
func ParseDeclared(tools any) Declared {
	list, _ := tools.([]any)
	d := Declared{}
	for _, t := range list {
		tool, _ := t.(map[string]any)
		name, _ := tool["name"].(string)
		if n, ok := parseNode(tool["parameters"]); ok && name != "" && n.kind == "object" {
			d[name] = n
		}
	}
	return d
}

// Call is the package's Call, checked against the declared schemas.
func (d Declared) Call(name, raw string) session.CallView {
	a, ok := ParseArgs(raw)
	return d.CallParsed(name, raw, a, ok)
}

// CallParsed is Call of arguments already parsed: a and ok are what
// ParseArgs(raw) returned. A reader that parses a line's arguments ahead,
// on every core, presents them on the one that applies the lines without
// parsing them again.
func (d Declared) CallParsed(name, raw string, a Args, ok bool) session.CallView {
	if p := d.pick(name, a); ok && p != nil && p.call != nil {
		if v := p.call(a); v != nil {
			return v
		}
	}
	return genericCall(name, raw, a, ok)
}

// Result is the package's Result, checked against the declared schemas.
func (d Declared) Result(name, raw string, r *session.ToolResult) session.ResultView {
	a, ok := ParseArgs(raw)
	return d.ResultParsed(name, raw, a, ok, r)
}

// ResultParsed is Result of arguments already parsed, as CallParsed is
// Call's: a and ok are what ParseArgs(raw) returned.
func (d Declared) ResultParsed(name, raw string, a Args, ok bool, r *session.ToolResult) session.ResultView {
	if p := d.pick(name, a); ok && p != nil && p.result != nil {
		if v := p.result(a, r); v != nil {
			return v
		}
	}
	if d := resultDetails(name, a, r); ok && d != nil {
		return session.GenericResultView{Details: d}
	} else if _, listed := detailRules[name]; ok && listed && r != nil && !r.IsError {
		return session.GenericResultView{DetailsNote: unreadDetails}
	}
	return session.GenericResultView{}
}

// pick returns the presenter for arguments that fit the declared schema
// (when the tool is declared) and a built-in one.
func (d Declared) pick(name string, a Args) *presenter {
	if n, declared := d[name]; declared && !n.accepts(map[string]any(a)) {
		return nil
	}
	return pick(name, a)
}

// annotations are the keywords a node may carry that check nothing, in
// the harness as in deck.
var annotations = map[string]bool{"description": true, "title": true, "default": true, "examples": true}

// parseNode reads one JSON Schema node of the harness's subset; false for
// a keyword outside it, or one of the wrong shape.
func parseNode(v any) (node, bool) {
	m, ok := v.(map[string]any)
	if !ok {
		return node{}, false
	}
	var n node
	for key, x := range m {
		ok := true
		switch key {
		case "type":
			n.kind, ok = x.(string)
			ok = ok && knownKind(n.kind)
		case "oneOf":
			n.oneOf, ok = parseNodes(x)
		case "properties":
			n.props, ok = parseProps(x, m["required"])
		case "required": // read with properties
			_, ok = x.([]any)
		case "additionalProperties":
			var open bool
			open, ok = x.(bool)
			n.closed = !open
		case "items":
			var item node
			item, ok = parseNode(x)
			n.items = &item
		case "enum":
			n.enum, ok = scalars(x)
		case "const":
			if _, both := m["enum"]; both { // deck keeps one list of values
				return node{}, false
			}
			n.enum, ok = scalars([]any{x})
		default:
			ok = annotations[key]
		}
		if !ok {
			return node{}, false
		}
	}
	if _, has := m["required"]; has && m["properties"] == nil {
		n.props, ok = parseProps(map[string]any{}, m["required"])
	}
	return n, ok && (n.oneOf == nil || n.kind == "")
}

func knownKind(k string) bool {
	switch k {
	case "object", "array", "string", "number", "integer", "boolean", "null":
		return true
	}
	return false
}

func parseNodes(v any) ([]node, bool) {
	list, ok := v.([]any)
	if !ok || len(list) < 2 {
		return nil, false
	}
	out := make([]node, len(list))
	for i, x := range list {
		if out[i], ok = parseNode(x); !ok {
			return nil, false
		}
	}
	return out, true
}

// parseProps reads an object's properties and its required keys; each
// required key must be a property, as the harness asserts.
func parseProps(props, required any) (schema, bool) {
	m, ok := props.(map[string]any)
	if !ok {
		return nil, false
	}
	s := schema{}
	for key, x := range m {
		n, ok := parseNode(x)
		if !ok {
			return nil, false
		}
		s[key] = field{node: n}
	}
	keys, _ := required.([]any)
	for _, k := range keys {
		key, _ := k.(string)
		f, ok := s[key]
		if !ok {
			return nil, false
		}
		f.required = true
		s[key] = f
	}
	return s, true
}

// scalars reads the values of an enum: strings, numbers, booleans, null.
func scalars(v any) ([]any, bool) {
	list, ok := v.([]any)
	if !ok {
		return nil, false
	}
	for _, x := range list {
		switch x.(type) {
		case string, bool, nil, jsonline.Number:
		default:
			return nil, false
		}
	}
	return list, list != nil
}
