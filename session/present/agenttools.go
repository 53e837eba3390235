package present

import (
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// The rules the decoders that map an agent's own tools by hand (opencode's,
// Crush's) share, whatever each agent names its tools' arguments: each
// takes the values, the decoder keeps which key holds them.

// Text is a text as a card's content: none for "".
func Text(s string) []session.ContentBlock {
	if s == "" {
		return nil
	}
	return []session.ContentBlock{{Type: "text", Text: s}}
}

// At is a path as a call's location: none for "".
func At(path string) []session.FileLocation {
	if path == "" {
		return nil
	}
	return []session.FileLocation{{Path: path}}
}

// Optional is a text as a call's raw input: none for "".
func Optional(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// RawArgs are a call's arguments as its raw input: none for none.
func RawArgs(a Args) any {
	if len(a) == 0 {
		return nil
	}
	return map[string]any(a)
}

// SearchCall is a grep tool's call: "Search <pattern> in <folder>
// (<filter>)", each part there when it was given.
func SearchCall(pattern, folder, filter string) session.GenericCallView {
	title := "Search " + pattern + inFolder(folder)
	if filter != "" {
		title += " (" + filter + ")"
	}
	return session.GenericCallView{Title: title, Kind: "search", Locations: At(folder)}
}

// GlobCall is a glob tool's call: "Glob <pattern> in <folder>".
func GlobCall(pattern, folder string) session.GenericCallView {
	return session.GenericCallView{Title: "Glob " + pattern + inFolder(folder), Kind: "search", Locations: At(folder)}
}

func inFolder(folder string) string {
	if folder == "" {
		return ""
	}
	return " in " + folder
}

// WriteCall is a write tool's call: the file's new text, whole.
func WriteCall(path, content string) session.DiffCallView {
	return session.DiffCallView{Title: "Write " + path, Diffs: []session.FileDiff{{Path: path, NewText: content, Whole: true}}, Locations: At(path)}
}

// Replacement is an edit tool's change: oldText by newText, a new file's
// text when oldText is "".
func Replacement(path, oldText, newText string) session.FileDiff {
	diff := session.FileDiff{Path: path, NewText: newText}
	if oldText != "" {
		diff.OldText = &oldText
	}
	return diff
}

// OtherCall is the call of a tool a decoder has no card of: an MCP tool's
// named by its server and tool, any other's by title; its arguments raw.
func OtherCall(name, title string, a Args) session.GenericCallView {
	if t, ok := MCPTitle(name); ok {
		return session.GenericCallView{Title: t, Kind: "mcp", RawInput: RawArgs(a)}
	}
	return session.GenericCallView{Title: title, RawInput: RawArgs(a)}
}

// OtherResult is the result of a tool a decoder has no card of: an MCP
// tool's titled by its server and tool.
func OtherResult(name string) session.GenericResultView {
	if t, ok := MCPTitle(name); ok {
		return session.GenericResultView{Title: t}
	}
	return session.GenericResultView{}
}

// TodoItems are a todo tool's list ("todos": content and status each) as
// a plan's items.
func TodoItems(a Args) []session.PlanItem {
	list, _ := a["todos"].([]any)
	items := make([]session.PlanItem, 0, len(list))
	for _, it := range list {
		if m, ok := jsonline.AsObject(it); ok {
			items = append(items, session.PlanItem{Content: jsonline.Str(m, "content"), Status: jsonline.Str(m, "status")})
		}
	}
	return items
}
