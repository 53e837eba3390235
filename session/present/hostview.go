package present

import (
	"slices"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// A live harness host attaches to each tool/call and tool/result the render
// intent its presenters made (its "view"). deck shows that view when it
// narrows into the card union, by the same rules as a tool's meta; a view
// that does not (a future card, a broken field) is ignored and deck's own
// presenters derive the card, as they do for a log.

// NarrowCall reads a host's call view.
func NarrowCall(raw []byte) (session.CallView, bool) {
	m, ok := viewObject(raw)
	if !ok {
		return nil, false
	}
	title, ok := m["title"].(string)
	if !ok {
		return nil, false
	}
	switch m["card"] {
	case "generic":
		kind, ok1 := optString(m, "kind")
		locations, ok2 := viewLocations(m)
		content, ok3 := viewContent(m)
		if !ok1 || !ok2 || !ok3 {
			return nil, false
		}
		return session.GenericCallView{Title: title, Kind: session.ToolCallKind(kind), RawInput: m["rawInput"], Content: content, Locations: locations}, true
	case "terminal":
		description, ok1 := optString(m, "description")
		cwd, ok2 := optString(m, "cwd")
		if !ok1 || !ok2 {
			return nil, false
		}
		return session.TerminalCallView{Title: title, Description: description, Cwd: cwd}, true
	case "diff":
		diffs, ok1 := diffsFromMeta(m)
		locations, ok2 := viewLocations(m)
		if !ok1 || !ok2 {
			return nil, false
		}
		return session.DiffCallView{Title: title, Diffs: diffs, Locations: locations}, true
	}
	return nil, false
}

// Located is a host's call view, given the locations of deck's own view of
// the call when it names none and both title the call alike (the host's
// grep and glob do not name their folder as a location; deck's do, so the
// title's folder reads relative to the cwd as in a log).
func Located(host, own session.CallView) session.CallView {
	h, ok1 := host.(session.GenericCallView)
	o, ok2 := own.(session.GenericCallView)
	if ok1 && ok2 && h.Locations == nil && h.Title == o.Title {
		h.Locations = o.Locations
		return h
	}
	return host
}

// NarrowResult reads a host's result view.
func NarrowResult(raw []byte) (session.ResultView, bool) {
	m, ok := viewObject(raw)
	if !ok {
		return nil, false
	}
	title, ok := optString(m, "title")
	if !ok {
		return nil, false
	}
	switch m["card"] {
	case "generic":
		content, ok := viewContent(m)
		if !ok {
			return nil, false
		}
		return session.GenericResultView{Title: title, Content: content}, true
	case "terminal":
		output, ok1 := optString(m, "output")
		signal, ok2 := optString(m, "signal")
		if !ok1 || !ok2 {
			return nil, false
		}
		v := session.TerminalResultView{Title: title, Output: output, Signal: signal}
		if code, present := m["exitCode"]; present && code != nil {
			if v.ExitCode = ExitOf(code); v.ExitCode == nil {
				return nil, false
			}
		}
		return v, true
	case "diff":
		diffs, ok := diffsFromMeta(m)
		if !ok {
			return nil, false
		}
		return session.DiffResultView{Title: title, Diffs: diffs}, true
	case "search":
		v, _ := searchResultMeta(m)
		if s, ok := v.(session.SearchMatchesResultView); ok {
			s.Title = title
			return s, true
		}
		if s, ok := v.(session.SearchPathsResultView); ok {
			s.Title = title
			return s, true
		}
		return nil, false
	case "read":
		v, ok1 := readResultMeta(m)
		content, ok2 := viewContent(m)
		if !ok1 || !ok2 {
			return nil, false
		}
		v.Title, v.Content = title, content
		return v, true
	case "web":
		switch m["kind"] {
		case "search":
			v, ok := webSearchFromMeta(m)
			v.Title = title
			return v, ok
		case "fetch":
			v, ok := webFetchFromMeta(m)
			v.Title = title
			return v, ok
		}
	}
	return nil, false
}

// viewObject decodes a view as a tool's meta is decoded: numbers kept as
// jsonline.Number, for the narrowing rules to judge.
func viewObject(raw []byte) (map[string]any, bool) {
	v, err := jsonline.Any(raw)
	if err != nil {
		return nil, false
	}
	return jsonline.AsObject(v)
}

// viewLocations reads an optional locations list: [{path, line?}].
func viewLocations(m map[string]any) ([]session.FileLocation, bool) {
	v, present := m["locations"]
	if !present {
		return nil, true
	}
	list, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]session.FileLocation, 0, len(list))
	for _, item := range list {
		l, ok := jsonline.AsObject(item)
		if !ok {
			return nil, false
		}
		path, ok := l["path"].(string)
		if !ok {
			return nil, false
		}
		loc := session.FileLocation{Path: path}
		if line, present := l["line"]; present {
			n, ok := jsonline.Int(line)
			if !ok || n < 1 {
				return nil, false
			}
			loc.Line = int(n)
		}
		out = append(out, loc)
	}
	return out, true
}

// viewContent reads an optional list of content blocks, with the blocks'
// own rules (a block of a type deck does not know is kept as it came).
func viewContent(m map[string]any) ([]session.ContentBlock, bool) {
	v, present := m["content"]
	if !present {
		return nil, true
	}
	if _, ok := v.([]any); !ok {
		return nil, false
	}
	b, err := jsonline.Marshal(v)
	if err != nil {
		return nil, false
	}
	var blocks []session.ContentBlock
	if jsonline.Unmarshal(b, &blocks) != nil {
		return nil, false
	}
	return blocks, true
}

// HostResult is a host's result view with what the view cannot say but the
// result can: a write's oldText null is a new file only when its result says
// "Created file", as for a log (wholeWrites).
func HostResult(name string, r *session.ToolResult, v session.ResultView) session.ResultView {
	d, ok := v.(session.DiffResultView)
	if !ok || name != "write" || r == nil {
		return v
	}
	d.Diffs = wholeWrites(slices.Clone(d.Diffs), r)
	return d
}
