package session

import (
	"strings"
)

// user reads a `user` record: tool results (merged into their calls), or a
// message: a person's prompt, a slash command, an interruption, a
// compaction summary, or text Claude Code injected.
func (d *claudeDecoder) user(num int, r *claudeRecord) (claudeOutcome, error) {
	_, blocks, err := claudeMessageOf(r)
	if err != nil {
		return claudeOutcome{}, err
	}
	var results, rest []claudeBlock
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
	if strings.TrimSpace(claudeTextOf(rest)) != "" { // text sent along with results
		d.s.Add(&UserMessage{EntryBase: d.base(num, r), Role: RoleInjected, Source: claudeSourceCC, Content: claudeContent(rest)})
		out = claudeEntry
	}
	return out, nil
}

// Where injected text came from, as the card words it ("injected by …").
const (
	claudeSourceCC       = "Claude Code"
	claudeSourceCaller   = "the calling agent"
	claudeSourceCompact  = "Claude Code (the compaction request)"
	claudeSourceLocalCmd = "local command output"
)

func (d *claudeDecoder) userMessage(num int, r *claudeRecord, blocks []claudeBlock) (claudeOutcome, error) {
	content := claudeContent(blocks)
	text := TextOf(content)
	trimmed := strings.TrimSpace(text)
	switch {
	case trimmed == "" && !claudeHasMedia(content):
		return claudeHidden("empty user message"), nil
	case r.IsCompactSummary || strings.HasPrefix(trimmed, "This session is being continued from a previous conversation"):
		return d.compactSummary(num, r, text), nil
	case strings.HasPrefix(trimmed, "[Request interrupted by user"):
		return d.interrupted(num, r), nil
	case r.IsMeta:
		if d.command != nil && d.isLast(d.command) && d.command.Body == "" {
			d.command.Body = text // the prompt a slash command expands to
			d.s.Touch(d.command)
			return claudeMerged, nil
		}
		return d.injected(num, r, claudeSourceCC, content), nil
	case strings.Contains(trimmed, "<command-name>") || strings.HasPrefix(trimmed, "<command-message>"):
		return d.slashCommand(num, r, trimmed), nil
	case strings.HasPrefix(trimmed, "<bash-input>"):
		return d.shellCommand(num, r, trimmed), nil
	case claudeOutputTag(trimmed) != "":
		return d.commandOutput(num, r, trimmed, content), nil
	case r.IsSidechain || d.sub:
		return d.agentPrompt(num, r, content), nil
	case claudeInjectedTag(trimmed):
		if strings.HasPrefix(trimmed, "<task-notification>") {
			d.taskNotification(trimmed)
		}
		return d.injected(num, r, claudeSourceCC, content), nil
	}
	d.turn++
	d.s.Add(&TurnStart{EntryBase: d.base(num, r), Turn: d.turn})
	d.s.Add(&UserMessage{EntryBase: d.base(num, r), Role: RoleHuman, Content: content})
	return claudeEntry, nil
}

// claudeHasMedia reports a block that is not text (an image).
func claudeHasMedia(content []ContentBlock) bool {
	for _, b := range content {
		if b.Type != "text" {
			return true
		}
	}
	return false
}

// claudeInjectedTag reports text Claude Code wrote in the person's place:
// a reminder, a background task's notification, a hook's output.
func claudeInjectedTag(text string) bool {
	for _, tag := range []string{"system-reminder", "task-notification", "user-prompt-submit-hook", "local-command-caveat"} {
		if strings.HasPrefix(text, "<"+tag+">") {
			return true
		}
	}
	return false
}

// isLast reports whether e is the last entry so far.
func (d *claudeDecoder) isLast(e Entry) bool {
	return len(d.s.Entries) > 0 && d.s.Entries[len(d.s.Entries)-1] == e
}

func (d *claudeDecoder) injected(num int, r *claudeRecord, source string, content []ContentBlock) claudeOutcome {
	if inner, ok := claudeReminder(content); ok {
		source, content = source+" (a system reminder)", inner
	}
	d.s.Add(&UserMessage{EntryBase: d.base(num, r), Role: RoleInjected, Source: source, Content: content})
	return claudeEntry
}

// claudeReminder opens a message that is one <system-reminder> block: the
// tags say who wrote it, which the card's label says instead.
func claudeReminder(content []ContentBlock) ([]ContentBlock, bool) {
	const open, end = "<system-reminder>", "</system-reminder>"
	if len(content) != 1 || content[0].Type != "text" {
		return nil, false
	}
	t := strings.TrimSpace(content[0].Text)
	if !strings.HasPrefix(t, open) || !strings.HasSuffix(t, end) || strings.Count(t, open) != 1 {
		return nil, false
	}
	inner := strings.TrimSpace(t[len(open) : len(t)-len(end)])
	return []ContentBlock{{Type: "text", Text: inner}}, true
}

// agentPrompt is user text inside a subagent's conversation: no person
// types there. Its first message is the prompt the calling agent gave; a
// compaction agent's is the request to summarise.
func (d *claudeDecoder) agentPrompt(num int, r *claudeRecord, content []ContentBlock) claudeOutcome {
	source := claudeSourceCC
	switch {
	case strings.HasPrefix(r.AgentID, "acompact"):
		source = claudeSourceCompact
	case !d.promptSeen && (r.ParentUUID == nil || d.sub && len(d.s.Entries) == 0):
		source = claudeSourceCaller
		d.promptSeen = true
	}
	return d.injected(num, r, source, content)
}

// slashCommand is a command the person typed: one line, with the prompt it
// expands to (the isMeta record after it) folded in below.
func (d *claudeDecoder) slashCommand(num int, r *claudeRecord, text string) claudeOutcome {
	name, _ := claudeTag(text, "command-name")
	if name == "" {
		name, _ = claudeTag(text, "command-message")
	}
	name = strings.TrimSpace(name)
	if name != "" && !strings.HasPrefix(name, "/") {
		name = "/" + name
	}
	summary := name
	if args, ok := claudeTag(text, "command-args"); ok && strings.TrimSpace(args) != "" {
		summary += " " + strings.Join(strings.Fields(args), " ")
	}
	return d.commandEvent(num, r, "command", summary)
}

// shellCommand is a command the person ran in the shell mode (!): one line,
// with its output folded in below.
func (d *claudeDecoder) shellCommand(num int, r *claudeRecord, text string) claudeOutcome {
	cmd, _ := claudeTag(text, "bash-input")
	return d.commandEvent(num, r, "shell", "! "+strings.TrimSpace(cmd))
}

// commandEvent adds the line of a command the person gave; on the main
// thread it opens a turn.
func (d *claudeDecoder) commandEvent(num int, r *claudeRecord, kind, summary string) claudeOutcome {
	if !d.sub && !r.IsSidechain {
		d.turn++
		d.s.Add(&TurnStart{EntryBase: d.base(num, r), Turn: d.turn})
	}
	d.command = &Event{EntryBase: d.base(num, r), Kind: kind, Summary: summary}
	d.s.Add(d.command)
	return claudeEntry
}

// claudeOutputTag names the tag of a command's output that text starts
// with, "" if none.
func claudeOutputTag(text string) string {
	for _, tag := range []string{"local-command-stdout", "local-command-stderr", "bash-stdout", "bash-stderr"} {
		if strings.HasPrefix(text, "<"+tag+">") {
			return tag
		}
	}
	return ""
}

// commandOutput is what a local command (/cost, /model…) printed: under
// its command when it follows it, else a message of its own.
func (d *claudeDecoder) commandOutput(num int, r *claudeRecord, text string, content []ContentBlock) claudeOutcome {
	var parts []string
	failed := false // a local command's stderr is its failure; a shell's is just output
	for _, tag := range []string{"local-command-stdout", "bash-stdout", "local-command-stderr", "bash-stderr"} {
		if out, ok := claudeTag(text, tag); ok && strings.TrimSpace(out) != "" {
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
		return claudeMerged
	}
	return d.injected(num, r, claudeSourceLocalCmd, content)
}

// interrupted is the person stopping the agent: the turn ends there, and
// calls still waiting will get no result.
func (d *claudeDecoder) interrupted(num int, r *claudeRecord) claudeOutcome {
	d.endCalls()
	d.s.Add(&TurnEnd{EntryBase: d.base(num, r), Turn: d.turn, Reason: "aborted", Detail: "by the user"})
	return claudeEntry
}

// endCalls marks the calls still pending: no result will come for them.
func (d *claudeDecoder) endCalls() {
	for c := range d.s.Calls() {
		if c.Result == nil && !c.Unfinished {
			c.Unfinished = true
			d.s.Touch(c)
		}
	}
}

// compactSummary is the summary a compaction left in place of the
// conversation: the body of its compaction line.
func (d *claudeDecoder) compactSummary(num int, r *claudeRecord, text string) claudeOutcome {
	if ev := d.compaction; ev != nil && ev.Body == "" {
		ev.Body = text
		d.compaction = nil
		d.s.Touch(ev)
		return claudeMerged
	}
	d.compaction = nil
	d.s.Add(&Event{EntryBase: d.base(num, r), Kind: "compaction", Summary: claudeCompactionSummary, Body: text})
	return claudeEntry
}
