package cards

import (
	"strings"

	"github.com/deck-tui/deck/session"
)

// SearchText is the text the viewer's search looks in before it draws a
// card: the entry's text as the log holds it; a call's name, title,
// arguments, where a command runs (cwd is the session's), its error and
// result, a web search's snippets; a command's output
// without its escapes but with its links' addresses, as the card shows
// them. It is cheap (no drawing, no sanitising), so a search over a long
// session reads it for every card and draws only the cards it names. ok is
// false where the card says more than the text holds (a turn's end, an
// event, a plan, a call with an approval, nested calls or a subagent's
// work; all short) or reading it panicked: that card must be drawn to be
// searched.
func SearchText(e session.Entry, cwd string) (text string, ok bool) {
	defer func() {
		if recover() != nil {
			text, ok = "", false
		}
	}()
	switch e := e.(type) {
	case *session.UserMessage, *session.AssistantText, *session.Reasoning:
		return rawText(e), true
	case *session.ToolCall:
		if e.Approval != nil || len(e.SubCalls) > 0 || len(e.Nested) > 0 || e.Orphan || e.Duplicate {
			return "", false
		}
		return callSearchText(e, cwd), true
	case *session.TurnStart, *session.TurnEnd, *session.Plan, *session.Event, *session.Notice:
	}
	return "", false
}

func callSearchText(t *session.ToolCall, cwd string) string {
	raw := rawText(t)
	if _, term := outputOf(t); term && strings.Contains(raw, "\x1b") {
		raw = dropEscapes(raw)
	}
	parts := []string{t.Name, t.Title(), t.Arguments, raw}
	if c, ok := t.Call.(session.TerminalCallView); ok {
		if c.Cwd != "" {
			cwd = resolve(cwd, c.Cwd)
		}
		parts = append(parts, c.Description, cwd, "running no result") // the state a call without its result says (a prefilter may hold more than is drawn, never less)
	}
	if c, ok := t.Call.(session.GenericCallView); ok { // what an ACP call shows before its result
		parts = append(parts, session.TextOf(c.Content))
		for _, l := range c.Locations {
			parts = append(parts, l.Path)
		}
	}
	if v, ok := t.View.(session.WebSearchResultView); ok {
		for _, src := range v.Sources {
			parts = append(parts, src.Snippet, src.PublishedAt)
		}
	}
	if r := t.Result; r != nil && (t.View == nil || r.IsError || r.Error != nil) {
		parts = append(parts, session.TextOf(r.Content))
		if r.Error != nil {
			parts = append(parts, r.Error.Name, r.Error.Code, r.Error.Reason)
		}
	}
	return strings.Join(parts, "\n")
}

// dropEscapes is s without its escape sequences (CSI, OSC and the short
// ones), read byte by byte: what a search needs of a command's coloured
// output, many times faster than a full parse. A sequence cut off at the
// end drops the rest.
func dropEscapes(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], 0x1b)
		if j < 0 {
			b.WriteString(s[i:])
			break
		}
		b.WriteString(s[i : i+j])
		esc := i + j
		i = escapeEnd(s, esc)
		if esc+1 < len(s) && s[esc+1] == ']' { // a link: its card shows the address
			body := strings.TrimSuffix(strings.TrimSuffix(s[esc+1:i], "\x07"), "\x1b\\")
			if url, ok := strings.CutPrefix(body, "]8;"); ok {
				if k := strings.IndexByte(url, ';'); k >= 0 && url[k+1:] != "" {
					b.WriteString(" " + url[k+1:] + " ")
				}
			}
		}
	}
	return b.String()
}

// escapeEnd is where the escape sequence that starts at s[esc] (an ESC)
// ends, read byte by byte: a CSI at its final byte (@ to ~), a string
// (OSC, DCS, APC, PM) after its BEL or ST, a charset a byte later, any
// other after the byte past ESC; a sequence cut off at the end, at the end.
func escapeEnd(s string, esc int) int {
	i := esc + 1
	switch {
	case i >= len(s):
		return len(s)
	case s[i] == '[':
		i++
		for i < len(s) && (s[i] < 0x40 || s[i] > 0x7e) {
			i++
		}
		return min(i+1, len(s))
	case s[i] == ']' || s[i] == 'P' || s[i] == '_' || s[i] == '^':
		for i < len(s) && s[i] != 0x07 && !(s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\') {
			i++
		}
		if i < len(s) && s[i] == 0x1b {
			i++
		}
		return min(i+1, len(s))
	case strings.IndexByte("()*+", s[i]) >= 0:
		return min(i+2, len(s))
	}
	return i + 1
}
