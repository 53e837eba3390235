package claude

import (
	"strings"

	"github.com/deck-tui/deck/session"
)

// user reads a `user` record: tool results (merged into their calls), or a
// message: a person's prompt, a slash command, an interruption, a
// compaction summary, or text Claude Code injected.
func (d *Decoder) user(num int, r *record) (outcome, error) {
	_, blocks, err := messageOf(r)
	if err != nil {
		return outcome{}, err
	}
	var results, rest []block
	for _, b := range blocks {
		if b.Type == "tool_result" {
			results = append(results, b)
		} else {
			rest = append(rest, b)
		}
	}
	if len(results) == 0 {
		return d.userMessage(num, r, rest)
	}
	out := d.toolResults(num, r, results)
	if strings.TrimSpace(textOf(rest)) != "" { // text sent along with results
		d.s.Add(&session.UserMessage{EntryBase: d.base(num, r), Role: session.RoleInjected, Source: sourceCC, Content: content(rest)})
		out = asEntry
	}
	return out, nil
}

// Where injected text came from, as the card words it ("injected by …").
const (
	sourceCC       = "Claude Code"
	sourceCaller   = "the calling agent"
	sourceCompact  = "Claude Code (the compaction request)"
	sourceLocalCmd = "local command output"
)

func (d *Decoder) userMessage(num int, r *record, blocks []block) (outcome, error) {
	content := content(blocks)
	text := session.TextOf(content)
	trimmed := strings.TrimSpace(text)
	switch {
	case trimmed == "" && !hasMedia(content):
		return hidden("empty user message"), nil
	case r.IsCompactSummary || strings.HasPrefix(trimmed, "This session is being continued from a previous conversation"):
		return d.compactSummary(num, r, text), nil
	case strings.HasPrefix(trimmed, "[Request interrupted by user"):
		return d.interrupted(num, r), nil
	case r.IsMeta:
		if d.command != nil && d.isLast(d.command) && d.command.Body == "" {
			d.command.Body = text // the prompt a slash command expands to
			d.s.Touch(d.command)
			return asMerge, nil
		}
		return d.injected(num, r, sourceCC, content), nil
	case strings.Contains(trimmed, "<command-name>") || strings.HasPrefix(trimmed, "<command-message>"):
		return d.slashCommand(num, r, trimmed), nil
	case strings.HasPrefix(trimmed, "<bash-input>"):
		return d.shellCommand(num, r, trimmed), nil
	case outputTag(trimmed) != "":
		return d.commandOutput(num, r, trimmed, content), nil
	case r.IsSidechain || d.sub:
		return d.agentPrompt(num, r, content), nil
	case injectedTag(trimmed):
		if strings.HasPrefix(trimmed, "<task-notification>") {
			d.taskNotification(trimmed)
		}
		return d.injected(num, r, sourceCC, content), nil
	}
	d.turn++
	d.s.Add(&session.TurnStart{EntryBase: d.base(num, r), Turn: d.turn})
	d.s.Add(&session.UserMessage{EntryBase: d.base(num, r), Role: session.RoleHuman, Content: content})
	return asEntry, nil
}

// hasMedia reports a block that is not text (an image).
func hasMedia(content []session.ContentBlock) bool {
	for _, b := range content {
		if b.Type != "text" {
			return true
		}
	}
	return false
}

// injectedTag reports text Claude Code wrote in the person's place:
// a reminder, a background task's notification, a hook's output.
func injectedTag(text string) bool {
	for _, tag := range []string{"system-reminder", "task-notification", "user-prompt-submit-hook", "local-command-caveat"} {
		if strings.HasPrefix(text, "<"+tag+">") {
			return true
		}
	}
	return false
}

// isLast reports whether e is the last entry so far.
func (d *Decoder) isLast(e session.Entry) bool {
	return len(d.s.Entries) > 0 && d.s.Entries[len(d.s.Entries)-1] == e
}

func (d *Decoder) injected(num int, r *record, source string, content []session.ContentBlock) outcome {
	if inner, ok := reminder(content); ok {
		source, content = source+" (a system reminder)", inner
	}
	d.s.Add(&session.UserMessage{EntryBase: d.base(num, r), Role: session.RoleInjected, Source: source, Content: content})
	return asEntry
}

// reminder opens a message that is one <system-reminder> block: the
// tags say who wrote it, which the card's label says instead.
func reminder(content []session.ContentBlock) ([]session.ContentBlock, bool) {
	const open, end = "<system-reminder>", "</system-reminder>"
	if len(content) != 1 || content[0].Type != "text" {
		return nil, false
	}
	t := strings.TrimSpace(content[0].Text)
	if !strings.HasPrefix(t, open) || !strings.HasSuffix(t, end) || strings.Count(t, open) != 1 {
		return nil, false
	}
	inner := strings.TrimSpace(t[len(open) : len(t)-len(end)])
	return []session.ContentBlock{{Type: "text", Text: inner}}, true
}

// agentPrompt is user text inside a subagent's conversation: no person
// types there. Its first message is the prompt the calling agent gave; a
// compaction agent's is the request to summarise. In a subagent's
// transcript read on its own, that prompt starts its turn, as a person's
// starts one of the main conversation (nested in its Task card, the
// subagent's work is part of the caller's turn).
func (d *Decoder) agentPrompt(num int, r *record, content []session.ContentBlock) outcome {
	source := sourceCC
	switch {
	case strings.HasPrefix(r.AgentID, "acompact"):
		source = sourceCompact
	case !d.promptSeen && (r.ParentUUID == nil || d.sub && len(d.s.Entries) == 0):
		source = sourceCaller
		d.promptSeen = true
	}
	if _, isReminder := reminder(content); !d.sub && (source == sourceCaller || source == sourceCompact && !isReminder) {
		d.turn++
		d.s.Add(&session.TurnStart{EntryBase: d.base(num, r), Turn: d.turn})
	}
	return d.injected(num, r, source, content)
}

// slashCommand is a command the person typed: one line, with the prompt it
// expands to (the isMeta record after it) folded in below.
func (d *Decoder) slashCommand(num int, r *record, text string) outcome {
	name, _ := tagged(text, "command-name")
	if name == "" {
		name, _ = tagged(text, "command-message")
	}
	name = strings.TrimSpace(name)
	if name != "" && !strings.HasPrefix(name, "/") {
		name = "/" + name
	}
	summary := name
	if args, ok := tagged(text, "command-args"); ok && strings.TrimSpace(args) != "" {
		summary += " " + strings.Join(strings.Fields(args), " ")
	}
	return d.commandEvent(num, r, "command", summary)
}

// shellCommand is a command the person ran in the shell mode (!): one line,
// with its output folded in below.
func (d *Decoder) shellCommand(num int, r *record, text string) outcome {
	cmd, _ := tagged(text, "bash-input")
	return d.commandEvent(num, r, "shell", "! "+strings.TrimSpace(cmd))
}

// commandEvent adds the line of a command the person gave; on the main
// thread it opens a turn.
func (d *Decoder) commandEvent(num int, r *record, kind, summary string) outcome {
	if !d.sub && !r.IsSidechain {
		d.turn++
		d.s.Add(&session.TurnStart{EntryBase: d.base(num, r), Turn: d.turn})
	}
	d.command = &session.Event{EntryBase: d.base(num, r), Kind: kind, Summary: summary}
	d.s.Add(d.command)
	return asEntry
}

// outputTag names the tag of a command's output that text starts
// with, "" if none.
func outputTag(text string) string {
	for _, tag := range []string{"local-command-stdout", "local-command-stderr", "bash-stdout", "bash-stderr"} {
		if strings.HasPrefix(text, "<"+tag+">") {
			return tag
		}
	}
	return ""
}

// commandOutput is what a local command (/cost, /model…) printed: under
// its command when it follows it, else a message of its own.
func (d *Decoder) commandOutput(num int, r *record, text string, content []session.ContentBlock) outcome {
	var parts []string
	failed := false // a local command's stderr is its failure; a shell's is just output
	for _, tag := range []string{"local-command-stdout", "bash-stdout", "local-command-stderr", "bash-stderr"} {
		if out, ok := tagged(text, tag); ok && strings.TrimSpace(out) != "" {
			parts = append(parts, strings.TrimRight(out, "\n"))
			failed = failed || tag == "local-command-stderr"
		}
	}
	if d.command != nil && d.isLast(d.command) {
		if len(parts) > 0 {
			if d.command.Body != "" {
				d.command.Body += "\n"
			}
			d.command.Body += strings.Join(parts, "\n")
		}
		d.command.Failed = d.command.Failed || failed
		d.s.Touch(d.command)
		return asMerge
	}
	return d.injected(num, r, sourceLocalCmd, content)
}

// interrupted is the person stopping the agent: the turn ends there, and
// calls still waiting will get no result.
func (d *Decoder) interrupted(num int, r *record) outcome {
	d.endCalls()
	d.s.Add(&session.TurnEnd{EntryBase: d.base(num, r), Turn: d.turn, Reason: "aborted", Detail: "by the user"})
	return asEntry
}

// endCalls marks the calls still pending: no result will come for them.
func (d *Decoder) endCalls() {
	for c := range d.s.Calls() {
		if c.Result == nil && !c.Unfinished {
			c.Unfinished = true
			d.s.Touch(c)
		}
	}
}

// compactSummary is the summary a compaction left in place of the
// conversation: the body of its compaction line.
func (d *Decoder) compactSummary(num int, r *record, text string) outcome {
	if ev := d.compaction; ev != nil && ev.Body == "" {
		ev.Body = text
		d.compaction = nil
		d.s.Touch(ev)
		return asMerge
	}
	d.compaction = nil
	d.s.Add(&session.Event{EntryBase: d.base(num, r), Kind: "compaction", Summary: compactionSummary, Body: text})
	return asEntry
}
