package livetest

import (
	"fmt"
	"slices"
	"strings"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// only checks that an object has no members but those named: the gateway
// takes a method's arguments by name, exactly, and its codecs the members
// of each request.
func (o object) only(what string, names ...string) string {
	var extra []string
	for k := range o {
		if !slices.Contains(names, k) {
			extra = append(extra, k)
		}
	}
	if len(extra) > 0 {
		slices.Sort(extra)
		return fmt.Sprintf("%s has %s, which it does not take (it takes %s)", what, strings.Join(extra, ", "),
			strings.Join(names, ", "))
	}
	return ""
}

// checkArgs checks the arguments of a unary call the fake answers, by the
// parameter names of the host's methods (session/list's is _request, the
// other session methods' request; $events/result's the result's fields).
func checkArgs(endpoint string, args object) string {
	switch endpoint {
	case "session/modelCatalog":
		return args.only("the arguments")
	case "session/list":
		req, bad := asObject(args["_request"])
		if bad != "" {
			return "_request " + bad
		}
		return first(args.only("the arguments", "_request"), req.only("_request", "cursor"), req.str("cursor", false))
	case remoteResult:
		return first(args.only("the arguments", "clientId", "eventId", "outcome"), args.str("clientId", true),
			args.str("eventId", true), checkOutcome(args["outcome"]))
	}
	req, bad := asObject(args["request"])
	if bad != "" {
		return "request " + bad
	}
	if issue := args.only("the arguments", "request"); issue != "" {
		return issue
	}
	switch endpoint {
	case "session/create":
		return first(req.only("request", "workspaceId", "cwd", "sessionId", "agentPreset"), req.str("cwd", false),
			req.str("workspaceId", false), req.str("sessionId", false), req.str("agentPreset", false))
	case "session/prompt":
		return first(req.only("request", "requestId", "sessionId", "mode", "content", "clientTimeZone"),
			req.str("requestId", true), req.str("sessionId", true), req.oneOf("mode", "queue", "steer"),
			checkContent(req["content"]), req.str("clientTimeZone", false))
	case "session/cancel":
		return first(req.only("request", "sessionId"), req.str("sessionId", true))
	case "session/page":
		return first(req.only("request", "address", "throughSeq", "beforeSeq", "maxMessages", "turnWindow"),
			checkAddress(req["address"]), map[bool]string{false: "throughSeq is missing"}[req.has("throughSeq")],
			req.integer("throughSeq", -1), req.integer("beforeSeq", 0), req.integer("maxMessages", 1))
	}
	return ""
}

// checkAddress checks a session's address: {kind:"session", sessionId}.
func checkAddress(raw jsontext.Value) string {
	a, bad := asObject(raw)
	if bad != "" {
		return "address " + bad
	}
	return first(a.only("address", "kind", "sessionId"), a.oneOf("kind", "session"), a.str("sessionId", true))
}

// checkOutcome checks a waterfall's answer: next, a result (with or
// without a value), or a rejection with its error's name and message.
func checkOutcome(raw jsontext.Value) string {
	o, bad := asObject(raw)
	if bad != "" {
		return "outcome " + bad
	}
	var kind string
	_ = jsonline.Unmarshal(o["kind"], &kind)
	switch kind {
	case "next":
		return o.only("outcome", "kind")
	case "result":
		return o.only("outcome", "kind", "value")
	case "rejected":
		e, bad := asObject(o["error"])
		if bad != "" {
			return "the rejection's error " + bad
		}
		return first(o.only("outcome", "kind", "error"), e.only("error", "name", "message", "code", "details"),
			e.str("name", true), map[bool]string{false: "error.message is missing"}[e.has("message")],
			e.str("message", false), e.str("code", false))
	}
	return "outcome.kind is not next, result or rejected"
}

// checkFollow checks the arguments of session/follow: {request:{address,
// maxMessages?, turnWindow?, assistantStream?}}.
func checkFollow(args object) string {
	req, bad := asObject(args["request"])
	if bad != "" {
		return "request " + bad
	}
	return first(args.only("the arguments", "request"),
		req.only("request", "address", "maxMessages", "turnWindow", "assistantStream"),
		checkAddress(req["address"]), req.integer("maxMessages", 1))
}

// remoteNames are a 0.2 host's calls that an rc.8 name stands for (Calls).
func remoteNames(method string) map[string]bool {
	switch method {
	case "respond":
		return map[string]bool{remoteResult: true}
	case "session.history":
		return map[string]bool{"session/page": true, "session/follow": true}
	case "host.describe":
		return map[string]bool{"session/modelCatalog": true}
	}
	if rest, ok := strings.CutPrefix(method, "session."); ok {
		return map[string]bool{"session/" + rest: true}
	}
	return map[string]bool{method: true}
}

// passed says whether an $events/result request left its waterfall to
// others (outcome next).
func passed(r Request) bool {
	var a struct {
		Outcome struct {
			Kind string `json:"kind"`
		} `json:"outcome"`
	}
	_ = jsonline.Unmarshal(r.Payload, &a)
	return a.Outcome.Kind == "next"
}
