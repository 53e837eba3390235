package gemini

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session"
)

// Where injected text came from, as the card words it ("injected by …").
const (
	sourceCLI    = "Gemini CLI"
	sourceCaller = "the calling agent"
)

// build makes the entries of a message, in the order Gemini CLI shows
// them: a prompt opens a turn; the model's thoughts, then its text, then
// its calls. What old (the message as shown before, when it is written
// again) shows unchanged is kept: its turn, a call written again as it
// was. With no entry, it names the bookkeeping kind.
func (d *Decoder) build(num int, m *message, old *shown) ([]item, string) {
	switch m.Type {
	case "user":
		return d.user(num, m, old)
	case "gemini":
		return d.gemini(num, m, old)
	case "info", "warning", "error":
		return d.said(num, m), ""
	}
	d.problem(num, fmt.Sprintf("unknown Gemini CLI message type `%s`", m.Type))
	return nil, ""
}

// oldItem is the entry under key in a message as it was shown, or nil.
func oldItem(old *shown, key string) session.Entry {
	if old == nil {
		return nil
	}
	for _, it := range old.items {
		if it.key == key {
			return it.e
		}
	}
	return nil
}

// user is a person's prompt (what they typed, when the CLI expanded it),
// a slash command, or context the CLI sent in their place. A subagent's
// is the calling agent's.
func (d *Decoder) user(num int, m *message, old *shown) ([]item, string) {
	raw := m.Content
	if len(m.DisplayContent) > 0 && m.DisplayContent.Kind() != 'n' {
		raw = m.DisplayContent
	}
	ps, err := parts(raw)
	if err != nil {
		d.problem(num, "`user` message: "+err.Error())
		return nil, ""
	}
	if onlyResponses(ps) {
		return nil, "tool responses (shown on their calls)"
	}
	content := blocks(ps)
	text := strings.TrimSpace(session.TextOf(content))
	b := base(num, m.Timestamp)
	if text == "" && len(content) == 0 {
		return nil, "empty user message"
	}
	switch {
	case d.sub:
		return []item{{"user", &session.UserMessage{EntryBase: b, Role: session.RoleInjected, Source: sourceCaller, Content: content}}}, ""
	case strings.HasPrefix(text, "<session_context>") || strings.HasPrefix(text, "<hook_context>"):
		return []item{{"user", &session.UserMessage{EntryBase: b, Role: session.RoleInjected, Source: sourceCLI, Content: content}}}, ""
	case strings.HasPrefix(text, "/"):
		return []item{d.turnItem(b, old), {"user", &session.Event{EntryBase: b, Kind: "command", Summary: text}}}, ""
	}
	return []item{d.turnItem(b, old), {"user", &session.UserMessage{EntryBase: b, Role: session.RoleHuman, Content: content}}}, ""
}

// turnItem opens a turn; a prompt written again keeps the turn it opened.
func (d *Decoder) turnItem(b session.EntryBase, old *shown) item {
	if t := oldItem(old, "turn"); t != nil {
		return item{"turn", t}
	}
	d.turn++
	return item{"turn", &session.TurnStart{EntryBase: b, Turn: d.turn}}
}

// gemini is the model's turn: its thoughts, its text, its calls.
func (d *Decoder) gemini(num int, m *message, old *shown) ([]item, string) {
	var out []item
	ps, err := parts(m.Content)
	if err != nil {
		d.problem(num, "`gemini` message: "+err.Error())
	}
	if r := d.reasoning(num, m, ps); r != nil {
		out = append(out, item{"reasoning", r})
	}
	if text := session.TextOf(blocks(ps)); strings.TrimSpace(text) != "" {
		out = append(out, item{"text", &session.AssistantText{EntryBase: base(num, m.Timestamp), Text: text}})
	}
	for i, raw := range m.ToolCalls {
		if it, ok := d.call(num, m, raw, i, old); ok {
			out = append(out, it)
		}
	}
	return out, "empty gemini message"
}

// reasoning is the model's thoughts, each its subject then its words, as
// one entry, timed when the first came; nil when it had none.
func (d *Decoder) reasoning(num int, m *message, ps []part) *session.Reasoning {
	var texts []string
	at := m.Timestamp
	for i, t := range m.Thoughts {
		text := strings.TrimSpace(strings.TrimSpace(t.Subject) + "\n" + strings.TrimSpace(t.Description))
		if text == "" {
			continue
		}
		texts = append(texts, text)
		if i == 0 && t.Timestamp != "" {
			at = t.Timestamp
		}
	}
	if t := thoughtText(ps); t != "" {
		texts = append(texts, t)
	}
	if len(texts) == 0 {
		return nil
	}
	return &session.Reasoning{EntryBase: base(num, at), Text: strings.Join(texts, "\n\n")}
}

// said is a line the CLI showed the person: info, a warning, an error.
func (d *Decoder) said(num int, m *message) []item {
	ps, err := parts(m.Content)
	if err != nil {
		d.problem(num, fmt.Sprintf("`%s` message: %s", m.Type, err))
		return nil
	}
	text := strings.TrimSpace(session.TextOf(blocks(ps)))
	summary, body, _ := strings.Cut(text, "\n")
	if summary == "" {
		summary = "(" + m.Type + ")"
	}
	return []item{{"said", &session.Event{EntryBase: base(num, m.Timestamp), Kind: m.Type, Summary: summary,
		Body: strings.TrimSpace(body), Failed: m.Type == "error"}}}
}

// callItemKey names a call within its message: by its id, else its place.
func callItemKey(id string, i int) string {
	if id == "" {
		return fmt.Sprintf("call#%d", i)
	}
	return "call:" + id
}
