package grokbuild

import (
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/present"
)

// Grok Build's tools mapped onto the harness's cards (xai-grok-tools,
// implementations/grok_build: each tool's id and input struct): what each
// call shows while it waits for its result. results.go says what it shows
// once done.

// callView is the pending view of a call.
func (d *Decoder) callView(name string, a present.Args) session.CallView {
	switch name {
	case "read_file":
		return readCall(a)
	case "search_replace":
		p := a.Str("file_path")
		return session.DiffCallView{Title: editTitle(a), Diffs: editDiffs(a), Locations: at(p)}
	case "run_terminal_cmd":
		v := session.TerminalCallView{Title: a.Str("command"), Description: a.Str("description")}
		if a["is_background"] == true {
			v.Description = strings.TrimSpace(v.Description + " (in the background)")
		}
		return v
	case "grep":
		title := "Search " + a.Str("pattern") + in(a.Str("path"))
		if g := a.Str("glob"); g != "" {
			title += " (" + g + ")"
		}
		return session.GenericCallView{Title: title, Kind: "search", Locations: where(a.Str("path"))}
	case "list_dir":
		p := a.Str("target_directory")
		if p == "" {
			p = "."
		}
		return session.GenericCallView{Title: "List " + p, Kind: "read", Locations: at(p)}
	case "web_fetch":
		return session.GenericCallView{Title: a.Str("url"), Kind: "fetch"}
	case "web_search":
		return session.GenericCallView{Title: a.Str("query"), Kind: "search"}
	case "ask_user_question":
		return session.GenericCallView{Title: "Ask the user", Kind: "other", Content: markdown(present.QuestionList(a))}
	case "task":
		title := "Agent " + a.Str("subagent_type")
		if desc := a.Str("description"); desc != "" {
			title += ": " + desc
		}
		return session.GenericCallView{Title: title, Kind: "other", RawInput: optional(a.Str("prompt"))}
	case "enter_plan_mode":
		return session.GenericCallView{Title: "Enter plan mode", Kind: "other"}
	case "exit_plan_mode":
		return session.GenericCallView{Title: "Exit plan mode", Kind: "other"}
	}
	if title, ok := present.MCPTitle(name); ok {
		return session.GenericCallView{Title: title, Kind: "mcp", RawInput: input(a)}
	}
	return session.GenericCallView{Title: name, RawInput: input(a)}
}

// readCall titles a read with its window: offset, the 1-based line it
// starts at (a negative one counts from the end), and limit, how many
// lines.
func readCall(a present.Args) session.CallView {
	p := a.Str("target_file")
	off, hasOff := a.Num("offset")
	lim, hasLim := a.Num("limit")
	window := ""
	switch {
	case hasOff && off < 0:
		window = " (the last " + present.JSNumber(-off) + " lines)"
	case hasOff && hasLim && lim > 0:
		window = " (" + present.JSNumber(max(off, 1)) + " - " + present.JSNumber(max(off, 1)+lim-1) + ")"
	case hasOff && off > 1:
		window = " (from line " + present.JSNumber(off) + ")"
	case hasLim && lim > 0:
		window = " (1 - " + present.JSNumber(lim) + ")"
	}
	line := 0
	if hasOff && off > 0 {
		line = int(off)
	}
	return session.GenericCallView{Title: "Read " + p + window, Kind: "read", Locations: []session.FileLocation{{Path: p, Line: line}}}
}

// editTitle names a search_replace: a new file when it replaces nothing,
// every occurrence when it was asked to.
func editTitle(a present.Args) string {
	p := a.Str("file_path")
	switch {
	case a.Str("old_string") == "":
		return "Write " + p
	case a["replace_all"] == true:
		return "Edit " + p + " (every occurrence)"
	}
	return "Edit " + p
}

// editDiffs is what a search_replace asks to change; an empty old string
// writes a new file.
func editDiffs(a present.Args) []session.FileDiff {
	d := session.FileDiff{Path: a.Str("file_path"), NewText: a.Str("new_string")}
	if old := a.Str("old_string"); old != "" {
		d.OldText = &old
	}
	return []session.FileDiff{d}
}

// in names the folder a search looked in, "" for the workspace.
func in(p string) string {
	if p != "" {
		return " in " + p
	}
	return ""
}

func where(p string) []session.FileLocation {
	if p != "" {
		return at(p)
	}
	return nil
}

func at(p string) []session.FileLocation { return []session.FileLocation{{Path: p}} }

// optional is a string input worth showing, nil when empty.
func optional(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// input is a call's input as the generic card shows it, nil if none.
func input(a present.Args) any {
	if len(a) == 0 {
		return nil
	}
	return map[string]any(a)
}

// markdown is Markdown as content, nil when there is none.
func markdown(md string) []session.ContentBlock {
	if strings.TrimSpace(md) == "" {
		return nil
	}
	return []session.ContentBlock{{Type: "text", Text: md}}
}
