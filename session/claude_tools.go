package session

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session/internal/jsonline"
	json "github.com/go-json-experiment/json/v1"
)

// Claude Code's tools mapped onto the harness's cards: what each call shows
// while it runs. claude_results.go says what it shows once done.

// callView is the pending view of a call of a Claude Code tool.
func (d *claudeDecoder) callView(name string, a Args, cwd string) CallView {
	switch name {
	case "Read":
		return ReadCall(a)
	case "Edit":
		title := "Edit " + a.Str("file_path")
		if a["replace_all"] == true {
			title += " (every occurrence)"
		}
		return DiffCallView{Title: title, Diffs: claudeEditDiffs(a), Locations: claudeLocation(a)}
	case "MultiEdit":
		return DiffCallView{Title: "Edit " + a.Str("file_path"), Diffs: claudeEditDiffs(a), Locations: claudeLocation(a)}
	case "Write":
		return DiffCallView{Title: "Write " + a.Str("file_path"), Diffs: d.writeDiffs(a.Str("file_path"), a.Str("content")), Locations: claudeLocation(a)}
	case "Bash":
		v := TerminalCallView{Title: a.Str("command"), Description: a.Str("description")}
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
		title := "Grep " + a.Str("pattern") + where(a)
		if g := a.Str("glob"); g != "" {
			title += " (" + g + ")"
		}
		return GenericCallView{Title: title, Kind: "search"}
	case "Glob":
		return GenericCallView{Title: "Glob " + a.Str("pattern") + where(a), Kind: "search"}
	case "LS":
		return GenericCallView{Title: "List " + a.Str("path"), Kind: "read", Locations: []FileLocation{{Path: a.Str("path")}}}
	case "WebFetch":
		return GenericCallView{Title: a.Str("url"), Kind: "fetch", RawInput: claudeOptional(a.Str("prompt"))}
	case "WebSearch":
		return GenericCallView{Title: a.Str("query"), Kind: "search"}
	case "Task", "Agent":
		return GenericCallView{Title: claudeTaskTitle(a), Kind: "other", RawInput: claudeOptional(a.Str("prompt"))}
	case "ExitPlanMode":
		plan := a.Str("plan")
		return GenericCallView{Title: claudePlanTitle(plan), Kind: "other", Content: claudeMarkdown(plan)}
	case "AskUserQuestion":
		return GenericCallView{Title: "Ask the user", Kind: "other", Content: claudeMarkdown(claudeQuestions(a, nil))}
	case "NotebookEdit":
		return GenericCallView{Title: claudeNotebookTitle(a), Kind: "edit", Content: claudeMarkdown(claudeFence("", a.Str("new_source")))}
	case "BashOutput", "TaskOutput":
		return GenericCallView{Title: "Output of " + claudeShellID(a), Kind: "read"}
	case "KillBash", "KillShell", "TaskStop":
		return GenericCallView{Title: "Stop " + claudeShellID(a), Kind: "execute"}
	}
	// any other tool (an MCP tool's too) is titled by its name, which keeps
	// its input on the card once done; an MCP result's title reads better
	return GenericCallView{Title: name, RawInput: claudeInput(a)}
}

func claudeLocation(a Args) []FileLocation {
	return []FileLocation{{Path: a.Str("file_path")}}
}

// claudeOptional is a string input worth showing, nil when empty.
func claudeOptional(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// claudeInput is a call's input as the generic card shows it, nil if none.
func claudeInput(a Args) any {
	if len(a) == 0 {
		return nil
	}
	return map[string]any(a)
}

// claudeEditDiffs is what an Edit or MultiEdit asks to change, one diff a
// replacement; an empty old string writes a new file.
func claudeEditDiffs(a Args) []FileDiff {
	path := a.Str("file_path")
	edit := func(m map[string]any) FileDiff {
		d := FileDiff{Path: path}
		d.NewText, _ = m["new_string"].(string)
		if old, _ := m["old_string"].(string); old != "" {
			d.OldText = &old
		}
		return d
	}
	if list, ok := a["edits"].([]any); ok {
		diffs := make([]FileDiff, 0, len(list))
		for _, item := range list {
			if m, ok := jsonline.AsObject(item); ok {
				diffs = append(diffs, edit(m))
			}
		}
		return diffs
	}
	return []FileDiff{edit(a)}
}

// writeDiffs is what a Write changes: against the file's text when the
// session knows all of it, else the whole new content.
func (d *claudeDecoder) writeDiffs(path, content string) []FileDiff {
	if old, ok := d.whole[d.files.key(path)]; ok {
		diffs, _ := TextHunks(path, &old, content)
		return diffs
	}
	return []FileDiff{{Path: path, NewText: content}}
}

func claudeTaskTitle(a Args) string {
	title := "Task"
	if t := a.Str("subagent_type"); t != "" && t != "general-purpose" {
		title += " (" + t + ")"
	}
	if desc := a.Str("description"); desc != "" {
		title += ": " + desc
	}
	return title
}

func claudePlanTitle(plan string) string {
	if h := FirstHeading(plan); h != "" {
		return h
	}
	return "Plan"
}

func claudeNotebookTitle(a Args) string {
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

// claudeShellID names the background shell or task a call is about.
func claudeShellID(a Args) string {
	for _, k := range []string{"bash_id", "shell_id", "task_id", "shellId"} {
		if id := a.Str(k); id != "" {
			return "shell " + id
		}
	}
	return "a background shell"
}

// claudeMCPTitle reads mcp__server__tool as "server · tool".
func claudeMCPTitle(name string) string {
	rest := strings.TrimPrefix(name, "mcp__")
	server, tool, ok := strings.Cut(rest, "__")
	if !ok {
		return rest
	}
	return server + " · " + tool
}

// claudeMarkdown is Markdown as content, nil when there is none.
func claudeMarkdown(md string) []ContentBlock {
	if strings.TrimSpace(md) == "" {
		return nil
	}
	return []ContentBlock{{Type: "text", Text: md}}
}

// claudeFence puts text in a Markdown code fence long enough that no run of
// backticks in the text closes it.
func claudeFence(lang, text string) string {
	if text == "" {
		return ""
	}
	fence := "```"
	for strings.Contains(text, fence) {
		fence += "`"
	}
	return fence + lang + "\n" + strings.TrimRight(text, "\n") + "\n" + fence
}

// claudeQuestions writes AskUserQuestion's questions as Markdown: each with
// its options, or with the answer once there is one.
func claudeQuestions(a Args, answers map[string]any) string {
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
			fmt.Fprintf(&b, "→ %s\n\n", claudeAnswer(answer))
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

// claudeAnswer words an answer: a string, or several picked.
func claudeAnswer(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []any:
		parts := make([]string, 0, len(x))
		for _, p := range x {
			parts = append(parts, claudeAnswer(p))
		}
		return strings.Join(parts, ", ")
	}
	j, _ := json.Marshal(v)
	return string(j)
}
