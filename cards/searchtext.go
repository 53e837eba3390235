package cards

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/session"
)

// SearchText is the text the viewer's search looks in before it draws a
// card: the entry's text as the log holds it, a call's name, title and
// arguments too, and a command's output without its escapes. It is cheap
// (no drawing, no sanitising), so a search over a long session reads it
// for every card and draws only the cards it names. ok is false when the
// text could not be had (reading it panicked): then the card must be drawn
// and searched as it is.
func SearchText(e session.Entry) (text string, ok bool) {
	defer func() {
		if recover() != nil {
			text, ok = "", false
		}
	}()
	raw := rawText(e)
	t, isCall := e.(*session.ToolCall)
	if !isCall {
		return raw, true
	}
	if _, term := outputOf(e); term && strings.Contains(raw, "\x1b") {
		raw = ansi.Strip(raw)
	}
	parts := []string{t.Name, callTitle(t), t.Arguments, raw}
	if t.View == nil && t.Result != nil {
		parts = append(parts, session.TextOf(t.Result.Content))
	}
	return strings.Join(parts, "\n"), true
}
