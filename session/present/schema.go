package present

import (
	"math"
	"strconv"

	"github.com/deck-tui/deck/session/internal/jsonline"
)

// schema is a tool's parameters as the harness declares them: an open
// object (keys it does not name pass) whose named keys have a value schema
// and may be required. The harness checks the arguments against the whole
// of it before it presents a call; arguments that fail get the generic card.
type schema map[string]field

// field is one named key of an object: its value schema, and whether the
// key must be there.
type field struct {
	node
	required bool
}

// node is one value schema of the subset of JSON Schema the harness
// enforces (its json-schema.ts): a type; an object's keys, and whether it
// takes keys it does not name; an array's item schema; the values a scalar
// may be (enum, and const as a one-value enum); or oneOf, exactly one
// branch matching. It has no numeric bounds, patterns or anyOf: the
// harness rejects them in a schema, so no tool's check uses them.
type node struct {
	kind   string // object, array, string, number, integer, boolean, null; "" is any JSON value
	props  schema // object: its named keys
	closed bool   // object: additionalProperties false, no other key
	items  *node  // array: each item's schema; nil takes any item
	enum   []any  // scalar: the values it may be (string, bool, nil or jsonline.Number)
	oneOf  []node // exactly one must match; with it kind is ""
}

func req(n node) field { return field{node: n, required: true} }
func opt(n node) field { return field{node: n} }

// Value schemas, as a tool's schema is written with them.
var (
	number  = node{kind: "number"}
	integer = node{kind: "integer"}
	boolean = node{kind: "boolean"}
	anyJSON = node{}
)

// str is a string, one of values when they are given (enum).
func str(values ...string) node {
	n := node{kind: "string"}
	for _, v := range values {
		n.enum = append(n.enum, v)
	}
	return n
}

// constant is a string that must be exactly value (const).
func constant(value string) node { return str(value) }

func arrayOf(item node) node { return node{kind: "array", items: &item} }

// object takes its named keys and any other; closedObject only those.
func object(props schema) node       { return node{kind: "object", props: props} }
func closedObject(props schema) node { return node{kind: "object", props: props, closed: true} }

// exactlyOne is JSON Schema's oneOf.
func exactlyOne(branches ...node) node { return node{oneOf: branches} }

// maxSchemaSteps bounds the checks of one value against a schema: every
// oneOf branch is checked against the value, so 5,000 branches over 50,000
// items took 5 s a call. Past it the value does not fit (the call gets the
// generic card); a real call takes a few hundred.
const maxSchemaSteps = 1 << 20

// accepts reports whether arguments fit the schema: the root is an open
// object, as every harness tool's parameters are.
func (s schema) accepts(a Args) bool { return object(s).accepts(map[string]any(a)) }

// accepts is the harness's check of one value, in at most maxSchemaSteps
// steps.
func (n node) accepts(v any) bool {
	steps := maxSchemaSteps
	return n.check(v, &steps) && steps >= 0
}

// check checks v, a step of the budget each node; once it is spent every
// check fails. Its recursion follows the schema, which is finite, never
// the value alone.
func (n node) check(v any, steps *int) bool {
	if *steps--; *steps < 0 {
		return false
	}
	if n.oneOf != nil {
		matches := 0
		for _, b := range n.oneOf {
			if b.check(v, steps) {
				matches++
			}
		}
		return matches == 1
	}
	switch n.kind {
	case "":
		return true
	case "object":
		return n.checkObject(v, steps)
	case "array":
		items, ok := v.([]any)
		if !ok {
			return false
		}
		for _, it := range items {
			if n.items != nil && !n.items.check(it, steps) {
				return false
			}
		}
		return true
	}
	return isScalar(v, n.kind) && n.inEnum(v)
}

func (n node) checkObject(v any, steps *int) bool {
	o, ok := v.(map[string]any)
	if !ok {
		return false
	}
	for key, f := range n.props {
		x, present := o[key]
		if !present {
			if f.required {
				return false
			}
			continue
		}
		if !f.check(x, steps) {
			return false
		}
	}
	if n.closed {
		for key := range o {
			if _, named := n.props[key]; !named {
				return false
			}
		}
	}
	return true
}

// isScalar is the harness's type check of a scalar. A number must be a
// finite JSON number and not -0 (as JavaScript reads it: 1e999 is
// Infinity); an integer is one with no fraction (2.0 is one).
func isScalar(v any, kind string) bool {
	switch v := v.(type) {
	case string:
		return kind == "string"
	case bool:
		return kind == "boolean"
	case nil:
		return kind == "null"
	case jsonline.Number:
		f, ok := finite(v)
		switch kind {
		case "number":
			return ok
		case "integer":
			return ok && f == math.Trunc(f)
		}
	}
	return false
}

func finite(n jsonline.Number) (float64, bool) {
	f, err := strconv.ParseFloat(string(n), 64)
	return f, err == nil && !math.IsInf(f, 0) && !(f == 0 && math.Signbit(f))
}

// inEnum reports whether a scalar is one of the node's values, if it lists
// them. Numbers compare by value, as JavaScript's includes does.
func (n node) inEnum(v any) bool {
	if n.enum == nil {
		return true
	}
	for _, e := range n.enum {
		if e == v {
			return true
		}
		en, ok1 := e.(jsonline.Number)
		vn, ok2 := v.(jsonline.Number)
		if ok1 && ok2 {
			a, _ := finite(en)
			b, _ := finite(vn)
			if a == b {
				return true
			}
		}
	}
	return false
}
