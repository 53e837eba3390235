package present

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/deck-tui/deck/session"
)

// The 0.2 web client's details row (ui-tool's details-card-model.ts and
// control-details-model.ts): for the tools it registers, a successful
// result whose text is in the shape the tool prints becomes a short list
// of items, each a title, a state and labelled fields; any other text, an
// error or a result of more than one block stays the raw result. deck
// ports the rules of the terminal tools, lsp, list_subagent_models and
// schedule_delete; the labels are the client's English words.

// resultDetails is the details of a finished call, or nil for its raw
// result.
func resultDetails(name string, a Args, r *session.ToolResult) *session.Details {
	if r == nil || r.IsError || len(r.Content) != 1 || r.Content[0].Type != "text" {
		return nil
	}
	rule, ok := detailRules[name]
	if !ok {
		return nil
	}
	return rule(a, r.Content[0].Text)
}

var detailRules = map[string]func(a Args, text string) *session.Details{
	"terminal_open":        terminalOpenDetails,
	"terminal_read":        terminalReadDetails,
	"terminal_list":        terminalListDetails,
	"terminal_signal":      terminalSignalDetails,
	"terminal_close":       terminalCloseDetails,
	"lsp":                  lspDetails,
	"list_subagent_models": modelListDetails,
}

const noResults = "No results"

// unreadDetails is said of a result of a listed tool that is in no shape
// its rule reads: it is shown as recorded.
const unreadDetails = "Not in the shape this tool prints: shown as recorded"

// detailTarget is the entity a receipt is about, the first of the
// arguments that name one, as the client reads it.
func detailTarget(a Args) string {
	for _, k := range []string{"target", "agent_id", "subagent_id", "sessionId", "job_id"} { // subagent_id: 0.2.1's send_message, which the client does not read
		if s := a.Str(k); s != "" {
			return s
		}
	}
	return ""
}

// receipt is one item saying what happened to target, summed up as
// "target · badge" (the badge alone when no target is named).
func receipt(target, badge string, fields ...session.DetailField) *session.Details {
	summary := badge
	if target != "" {
		summary = target + " · " + badge
	}
	return &session.Details{Summary: summary, Empty: noResults,
		Items: []session.DetailItem{{Title: target, Badge: badge, Fields: fields}}}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

var terminalOpened = regexp.MustCompile(`^started terminal session (\S+)(?: \((.*?)\))? \[type: ([^\]]+)\]\n((?s:.*))$`)

func terminalOpenDetails(_ Args, text string) *session.Details {
	m := terminalOpened.FindStringSubmatch(text)
	if m == nil {
		return nil
	}
	it := session.DetailItem{Title: m[1], Badge: "Started", Fields: []session.DetailField{{Label: "Type", Value: m[3]}}, Code: m[4]}
	if m[2] != "" {
		it.Title, it.Subtitle = m[2], m[1]
	}
	return &session.Details{Summary: it.Title, Items: []session.DetailItem{it}, Empty: noResults}
}

var terminalLines = regexp.MustCompile(`\n\[lines: (\d+)-(\d+) of (\d+)\](\n\[output truncated\])?$`)

func terminalReadDetails(a Args, text string) *session.Details {
	m := terminalLines.FindStringSubmatchIndex(text)
	if m == nil {
		return nil
	}
	target := detailTarget(a)
	it := session.DetailItem{Title: target, Subtitle: "Lines " + text[m[2]:m[3]] + "–" + text[m[4]:m[5]] + " of " + text[m[6]:m[7]], Code: text[:m[0]]}
	if m[8] >= 0 {
		it.Description = "Output truncated"
	}
	return &session.Details{Summary: target, Items: []session.DetailItem{it}, Empty: noResults}
}

var terminalRow = regexp.MustCompile(`^(\S+)(?: \((.*?)\))? \[([^\]]+)\] (running|exited code=(\S+) signal=(\S+))(?: pid=(\d+))?$`)

func terminalListDetails(_ Args, text string) *session.Details {
	if text == "(no terminal sessions)" {
		return &session.Details{Summary: "0 terminals", Empty: noResults}
	}
	var items []session.DetailItem
	for _, l := range strings.Split(text, "\n") {
		m := terminalRow.FindStringSubmatch(l)
		if m == nil {
			return nil
		}
		it := session.DetailItem{Title: m[1], Badge: "Running", Fields: []session.DetailField{{Label: "Type", Value: m[3]}}}
		if m[2] != "" {
			it.Title, it.Subtitle = m[2], m[1]
		}
		if m[7] != "" {
			it.Fields = append(it.Fields, session.DetailField{Label: "Process ID", Value: m[7]})
		}
		if m[4] != "running" {
			it.Badge = "Exited"
			it.Fields = append(it.Fields, session.DetailField{Label: "Exit code", Value: m[5]})
			if m[6] != "null" {
				it.Fields = append(it.Fields, session.DetailField{Label: "Signal", Value: m[6]})
			}
		}
		items = append(items, it)
	}
	return &session.Details{Summary: plural(len(items), "terminal", "terminals"), Items: items, Empty: noResults}
}

var signalDelivered = regexp.MustCompile(`^delivered (\S+) to foreground process group (\d+)$`)

func terminalSignalDetails(a Args, text string) *session.Details {
	m := signalDelivered.FindStringSubmatch(text)
	if m == nil {
		return nil
	}
	return receipt(detailTarget(a), "Signal delivered",
		session.DetailField{Label: "Signal", Value: m[1]}, session.DetailField{Label: "Process group", Value: m[2]})
}

func terminalCloseDetails(a Args, text string) *session.Details {
	target := detailTarget(a)
	switch text {
	case "closed terminal session " + target:
		return receipt(target, "Closed")
	case "terminal session " + target + " was already closing":
		return receipt(target, "Closing")
	}
	return nil
}

var lspLocation = regexp.MustCompile(`^(.*):(\d+):(\d+)$`)

func lspDetails(a Args, text string) *session.Details {
	file := a.Str("file_path")
	line, lok := a.Num("line")
	char, cok := a.Num("character")
	if file == "" || !lok || !cok {
		return nil
	}
	source := file + ":" + JSNumber(line) + ":" + JSNumber(char)
	if a.Str("operation") == "hover" {
		// the client titles the item with the source, which deck's title ends with
		return &session.Details{Summary: source, Empty: noResults,
			Items: []session.DetailItem{{Description: text}}}
	}
	if text == "No results." {
		return &session.Details{Summary: "0 locations", Empty: noResults}
	}
	var items []session.DetailItem
	n := 0
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "… ") { // the tool's note of locations it left out
			items = append(items, session.DetailItem{Description: l})
			continue
		}
		m := lspLocation.FindStringSubmatch(l)
		if m == nil {
			return nil
		}
		items = append(items, session.DetailItem{Title: m[1], Subtitle: "Line " + m[2] + ", column " + m[3]})
		n++
	}
	return &session.Details{Summary: file + " · " + plural(n, "location", "locations"), Items: items, Empty: noResults}
}

func modelListDetails(a Args, text string) *session.Details {
	var items []session.DetailItem
	for _, l := range strings.Split(text, "\n") {
		if name, about, ok := strings.Cut(l, " — "); ok {
			items = append(items, session.DetailItem{Title: name, Description: about})
		} else {
			items = append(items, session.DetailItem{Description: l})
		}
	}
	summary := a.Str("model") // the client's fallback is its title's word, which deck's title already says
	if summary == "" {
		summary = a.Str("provider")
	}
	return &session.Details{Summary: summary, Items: items, Empty: noResults}
}
