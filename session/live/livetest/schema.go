package livetest

import (
	"fmt"
	"path"
	"slices"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// object is a JSON object's members, for the payload checks below: each
// says what is wrong, as zod would, or "". Members not named are allowed
// (the host strips them).
type object map[string]jsontext.Value

func asObject(raw jsontext.Value) (object, string) {
	var o object
	if len(raw) == 0 || jsonline.Unmarshal(raw, &o) != nil || o == nil {
		return nil, "is not an object"
	}
	return o, ""
}

func (o object) has(key string) bool {
	v, ok := o[key]
	return ok && string(v) != "null"
}

// str checks a string member; need: it must be there and not empty.
func (o object) str(key string, need bool) string {
	if !o.has(key) {
		if need {
			return key + " is missing"
		}
		return ""
	}
	var s string
	if jsonline.Unmarshal(o[key], &s) != nil {
		return key + " is not a string"
	}
	if need && s == "" {
		return key + " is empty"
	}
	return ""
}

// integer checks an optional integer member of at least least.
func (o object) integer(key string, least int64) string {
	if !o.has(key) {
		return ""
	}
	var f float64
	if jsonline.Unmarshal(o[key], &f) != nil || f != float64(int64(f)) {
		return key + " is not an integer"
	}
	if int64(f) < least {
		return fmt.Sprintf("%s is below %d", key, least)
	}
	return ""
}

func (o object) oneOf(key string, values ...string) string {
	var s string
	if jsonline.Unmarshal(o[key], &s) != nil || !slices.Contains(values, s) {
		return fmt.Sprintf("%s is not one of %q", key, values)
	}
	return ""
}

func first(issues ...string) string {
	for _, s := range issues {
		if s != "" {
			return s
		}
	}
	return ""
}

// checkPayload checks a payload against the method's schema, for the
// methods the fake answers.
func checkPayload(method string, raw jsontext.Value) string {
	o, bad := asObject(raw)
	if bad != "" {
		return "the payload " + bad
	}
	switch method {
	case "host.describe", "workspace.list", "agentPreset.list":
		return ""
	case "session.list":
		return o.str("cursor", false)
	case "session.create":
		if o.has("cwd") && o.has("workspaceId") {
			return "session.create accepts workspaceId or cwd, not both"
		}
		return first(o.str("cwd", false), o.str("workspaceId", false), o.str("sessionId", false),
			o.str("agentPreset", false))
	case "session.history":
		return first(o.str("sessionId", true), o.integer("beforeSeq", 0), o.integer("maxMessages", 1))
	case "session.prompt":
		return first(o.str("sessionId", true), o.oneOf("mode", "queue", "steer"), checkContent(o["content"]),
			o.str("clientTimeZone", false))
	case "session.cancel", "session.models":
		return o.str("sessionId", true)
	}
	return ""
}

func checkContent(raw jsontext.Value) string {
	var parts []jsontext.Value
	if jsonline.Unmarshal(raw, &parts) != nil || parts == nil {
		return "content is not an array"
	}
	for i, p := range parts {
		o, bad := asObject(p)
		if bad != "" {
			return fmt.Sprintf("content[%d] %s", i, bad)
		}
		var issue string
		switch {
		case o.oneOf("type", "text") == "":
			issue = first(o.str("text", false), map[bool]string{false: "text is missing"}[o.has("text")])
		case o.oneOf("type", "image") == "":
			issue = first(o.oneOf("mediaType", "image/png", "image/jpeg", "image/webp", "image/gif"),
				o.str("data", false), o.str("name", false))
		default:
			issue = "type is not text or image"
		}
		if issue != "" {
			return fmt.Sprintf("content[%d]: %s", i, issue)
		}
	}
	return ""
}

// absolute reports a cwd the host takes: an absolute path.
func absolute(cwd string) bool { return path.IsAbs(cwd) }
