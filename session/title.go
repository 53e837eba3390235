package session

import (
	"strings"
	"unicode/utf8"

	"github.com/deck-tui/deck/session/human"
)

// One title rule for every format, so the picker and the viewer agree: the
// agent's own title record when the log has one (its reader sets Title,
// and a later record wins), else the first line of the first thing a person
// typed: a prompt (RoleHuman; injected context never is), a slash command
// or a shell-mode command.

// maxTitle is how many characters a title has at most. A title names a
// session in a row (the picker, `deck ls`, a page's title, the header
// card); a longer one (a prompt of megabytes on one line, a title record
// of any size) is cut, and says how much was left out.
const maxTitle = 500

// titleMark is the room kept for the mark of a cut: "… (999.9 KB more)".
const titleMark = 20

// ShortTitle is a title of at most maxTitle characters: a longer one is
// cut, ending in a mark that says how many bytes were cut (so a title cut
// once is never cut again). The cut is a copy: a title record of
// megabytes is not kept alive by its first characters.
func ShortTitle(t string) string {
	if len(t) <= maxTitle || utf8.RuneCountInString(t[:min(len(t), 4*maxTitle+4)]) <= maxTitle {
		return t
	}
	n := 0
	for i := range t {
		if n == maxTitle-titleMark {
			return strings.Clone(t[:i]) + "… (" + human.Bytes(len(t)-i) + " more)"
		}
		n++
	}
	return t
}

// SetTitle names the session by the agent's own title record, cut short
// (ShortTitle): every reader titles a session through it.
func (b *Builder) SetTitle(t string) { b.Title = ShortTitle(t) }

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
// that, cut short as a title is (ShortTitle); else "".
func PromptLine(e Entry) string {
	if m, ok := e.(*UserMessage); ok && m.Role == RoleHuman {
		for _, bl := range m.Content {
			if l := firstLine(bl.Text); bl.Type == "text" && l != "" {
				return ShortTitle(l)
			}
		}
	}
	if ev, ok := e.(*Event); ok && (ev.Kind == "command" || ev.Kind == "shell" || ev.Kind == "command/run") {
		return ShortTitle(firstLine(ev.Summary))
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
