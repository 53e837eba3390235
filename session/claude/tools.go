package claude

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
)

// Claude Code's tools mapped onto the harness's cards: what each call shows
// while it runs. results.go says what it shows once done.

// callView is the pending view of a call of a Claude Code tool.
func (d *Decoder) callView(name string, a present.Args, cwd string) session.CallView {
	switch name {
	case "Read":
		return present.ReadCall(a)
	case "Edit":
		title := "Edit " + a.Str("file_path")
		if a["replace_all"] == true {
			title += " (every occurrence)"
		}
		return session.DiffCallView{Title: title, Diffs: editDiffs(a), Locations: location(a)}
	case "MultiEdit":
		return session.DiffCallView{Title: "Edit " + a.Str("file_path"), Diffs: editDiffs(a), Locations: location(a)}
	case "Write":
		return session.DiffCallView{Title: "Write " + a.Str("file_path"), Diffs: d.writeDiffs(a.Str("file_path"), a.Str("content")), Locations: location(a)}
	case "Bash":
		v := session.TerminalCallView{Title: a.Str("command"), Description: a.Str("description")}
		if a["run_in_background"] == true {
			v.Description = strings.TrimSpace(v.Description + " (in the background)")
		}
		// a subagent's lines carry whatever directory the process was in
		// when they were written (parallel subagents share it): not shown
		if cwd != "" && cwd != d.s.Header.Cwd && !d.sub {
			v.Cwd = cwd
		}
		return v
	case "Grep":
		title := "Grep " + a.Str("pattern") + present.Where(a)
		if g := a.Str("glob"); g != "" {
			title += " (" + g + ")"
		}
		return session.GenericCallView{Title: title, Kind: "search", Locations: present.WhereAt(a)}
	case "Glob":
		return session.GenericCallView{Title: "Glob " + a.Str("pattern") + present.Where(a), Kind: "search", Locations: present.WhereAt(a)}
	case "LS":
		return session.GenericCallView{Title: "List " + a.Str("path"), Kind: "read", Locations: []session.FileLocation{{Path: a.Str("path")}}}
	case "WebFetch":
		return session.GenericCallView{Title: a.Str("url"), Kind: "fetch", RawInput: optional(a.Str("prompt"))}
	case "WebSearch":
		return session.GenericCallView{Title: a.Str("query"), Kind: "search"}
	case "Task", "Agent":
		return session.GenericCallView{Title: taskTitle(a), Kind: "other", RawInput: optional(a.Str("prompt"))}
	case "ExitPlanMode":
		plan := a.Str("plan")
		return session.GenericCallView{Title: planTitle(plan), Kind: "other", Content: markdown(plan)}
	case "AskUserQuestion":
		return session.GenericCallView{Title: "Ask the user", Kind: "other", Content: markdown(questions(a, nil))}
	case "NotebookEdit":
		return session.GenericCallView{Title: notebookTitle(a), Kind: "edit", Content: markdown(fence("", a.Str("new_source"))), Locations: []session.FileLocation{{Path: a.Str("notebook_path")}}}
	case "BashOutput", "TaskOutput":
		return session.GenericCallView{Title: "Output of " + shellID(a), Kind: "read"}
	case "KillBash", "KillShell", "TaskStop":
		return session.GenericCallView{Title: "Stop " + shellID(a), Kind: "execute"}
	}
	// any other tool (an MCP tool's too) is titled by its name, which keeps
	// its input on the card once done; an MCP result's title reads better
	return session.GenericCallView{Title: name, RawInput: input(a)}
}

func location(a present.Args) []session.FileLocation {
	return []session.FileLocation{{Path: a.Str("file_path")}}
}

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

// editDiffs is what an Edit or MultiEdit asks to change, one diff a
// replacement; an empty old string writes a new file.
func editDiffs(a present.Args) []session.FileDiff {
	path := a.Str("file_path")
	edit := func(m map[string]any) session.FileDiff {
		d := session.FileDiff{Path: path}
		d.NewText, _ = m["new_string"].(string)
		if old, _ := m["old_string"].(string); old != "" {
			d.OldText = &old
		}
		return d
	}
	if list, ok := a["edits"].([]any); ok {
		diffs := make([]session.FileDiff, 0, len(list))
		for _, item := range list {
			if m, ok := jsonline.AsObject(item); ok {
				diffs = append(diffs, edit(m))
			}
		}
		return diffs
	}
	return []session.FileDiff{edit(a)}
}

// writeDiffs is what a Write changes: against the file's text when the
// session knows all of it, else the whole new content.
func (d *Decoder) writeDiffs(path, content string) []session.FileDiff {
	if old, ok := d.whole[d.files.Key(path)]; ok {
		diffs, _ := present.TextHunks(path, &old, content)
		return diffs
	}
	return []session.FileDiff{{Path: path, NewText: content}}
}

func taskTitle(a present.Args) string {
	title := "Task"
	if t := a.Str("subagent_type"); t != "" && t != "general-purpose" {
		title += " (" + t + ")"
	}
	if desc := a.Str("description"); desc != "" {
		title += ": " + desc
	}
	return title
}

func planTitle(plan string) string {
	if h := present.FirstHeading(plan); h != "" {
		return h
	}
	return "Plan"
}

func notebookTitle(a present.Args) string {
	verb := "Edit"
	switch a.Str("edit_mode") {
	case "insert":
		verb = "Insert a cell in"
	case "delete":
		verb = "Delete a cell of"
	}
	title := verb + " notebook " + a.Str("notebook_path")
	if id := a.Str("cell_id"); id != "" {
		title += " (cell " + id + ")"
	}
	return title
}

// shellID names the background shell or task a call is about.
func shellID(a present.Args) string {
	for _, k := range []string{"bash_id", "shell_id", "task_id", "shellId"} {
		if id := a.Str(k); id != "" {
			return "shell " + id
		}
	}
	return "a background shell"
}

// markdown is Markdown as content, nil when there is none.
func markdown(md string) []session.ContentBlock {
	if strings.TrimSpace(md) == "" {
		return nil
	}
	return []session.ContentBlock{{Type: "text", Text: md}}
}

// fence puts text in a Markdown code fence long enough that no run of
// backticks in the text closes it.
func fence(lang, text string) string {
	if text == "" {
		return ""
	}
	fence := "```"
	for strings.Contains(text, fence) {
		fence += "`"
	}
	return fence + lang + "\n" + strings.TrimRight(text, "\n") + "\n" + fence
}

// questions writes AskUserQuestion's questions as Markdown: each with
// its options, or with the answer once there is one.
func questions(a present.Args, answers map[string]any) string {
	list, _ := a["questions"].([]any)
	var b strings.Builder
	for _, item := range list {
		q, ok := jsonline.AsObject(item)
		if !ok {
			continue
		}
		question, _ := q["question"].(string)
		fmt.Fprintf(&b, "**%s**\n", strings.TrimSpace(question))
		if answer, ok := answers[question]; ok {
			fmt.Fprintf(&b, "→ %s\n\n", answerText(answer))
			continue
		}
		opts, _ := q["options"].([]any)
		for _, o := range opts {
			if m, ok := jsonline.AsObject(o); ok {
				label, _ := m["label"].(string)
				desc, _ := m["description"].(string)
				if desc != "" {
					label += " — " + desc
				}
				fmt.Fprintf(&b, "- %s\n", label)
			}
		}
		b.WriteString("\n")
	}
	return strings.TrimSpace(b.String())
}

// answerText words an answer: a string, or several picked.
func answerText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []any:
		parts := make([]string, 0, len(x))
		for _, p := range x {
			parts = append(parts, answerText(p))
		}
		return strings.Join(parts, ", ")
	}
	j, _ := jsonline.Marshal(v)
	return string(j)
}
