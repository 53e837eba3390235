package session

import "strings"

// One title rule for every format, so the picker and the viewer agree: the
// agent's own title record when the log has one (its reader sets Title,
// and a later record wins), else the first line of the first thing a person
// typed: a prompt (RoleHuman; injected context never is), a slash command
// or a shell-mode command.

// titleFromPrompt titles an untitled session by the entry, when it is
// something a person typed.
// A prompt that grows (streamed in chunks) titles it still.
func (b *Builder) titleFromPrompt(e Entry) {
	s := b.Session
	switch {
	case s.Title == "":
	case e == s.titledBy && s.Title == s.promptTitle: // not replaced by the agent's title
	default:
		return
	}
	if l := PromptLine(e); l != "" {
		s.Title, s.promptTitle, s.titledBy = l, l, e
	}
}

// PromptLine is the first line of what a person typed, when the entry is
// that; else "".
func PromptLine(e Entry) string {
	if m, ok := e.(*UserMessage); ok && m.Role == RoleHuman {
		for _, bl := range m.Content {
			if l := firstLine(bl.Text); bl.Type == "text" && l != "" {
				return l
			}
		}
	}
	if ev, ok := e.(*Event); ok && (ev.Kind == "command" || ev.Kind == "shell" || ev.Kind == "command/run") {
		return firstLine(ev.Summary)
	}
	return ""
}

func firstLine(text string) string {
	for l := range strings.SplitSeq(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return l
		}
	}
	return ""
}
