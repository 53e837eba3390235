package cursor

import (
	"regexp"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// Where injected text came from, as the card words it ("injected by …").
const (
	sourceCLI    = "Cursor CLI"
	sourceCaller = "the calling agent"
)

var (
	userQuery = regexp.MustCompile(`(?s)<user_query>\s*(.*?)\s*</user_query>`)
	// the time the CLI writes before a prompt, in the person's words and
	// locale ("Thursday, Jul 23, 2026, 1:18 PM (UTC+9)"): prose, not read
	// as a time
	stamp = regexp.MustCompile(`(?s)^\s*<timestamp>.*?</timestamp>\s*`)
)

// user reads a user message: the tools' results it carries go on their
// calls; its text is the person's prompt (inside <user_query>, which
// opens a turn), and what the CLI wrote around it is injected text. A
// subagent's prompt is its caller's.
func (d *Decoder) user(num int, blocks []block) (session.Outcome, string) {
	out, kind := session.AsBookkeeping, "empty user message"
	var texts []string
	for _, b := range blocks {
		switch {
		case b.Type == "tool_result":
			d.result(num, &b)
			if out != session.AsEntry {
				out, kind = session.AsMerge, ""
			}
		case b.Type == "text" && b.Text != nil:
			texts = append(texts, *b.Text)
		case b.Type == "image":
			texts = append(texts, "*[image]*")
		}
	}
	text := strings.Join(texts, "\n\n")
	if strings.TrimSpace(text) == "" {
		return out, kind
	}
	b := base(num)
	prompt, context := text, ""
	if m := userQuery.FindStringSubmatchIndex(text); m != nil {
		prompt = text[m[2]:m[3]]
		context = strings.TrimSpace(stamp.ReplaceAllString(text[:m[0]]+text[m[1]:], ""))
	} else {
		prompt = stamp.ReplaceAllString(text, "")
	}
	if context != "" {
		d.s.Add(&session.UserMessage{EntryBase: b, Role: session.RoleInjected, Source: sourceCLI, Content: textContent(context)})
	}
	if strings.TrimSpace(prompt) == "" {
		return session.AsEntry, ""
	}
	if d.sub {
		d.s.Add(&session.UserMessage{EntryBase: b, Role: session.RoleInjected, Source: sourceCaller, Content: textContent(prompt)})
		return session.AsEntry, ""
	}
	d.endCalls()
	d.turn++
	d.s.Add(&session.TurnStart{EntryBase: b, Turn: d.turn})
	d.s.Add(&session.UserMessage{EntryBase: b, Role: session.RoleHuman, Content: textContent(prompt)})
	return session.AsEntry, ""
}

// endCalls marks the calls still waiting when a new prompt comes: their
// results are not in the transcript (Cursor CLI's do not record them).
func (d *Decoder) endCalls() {
	for _, c := range d.pending {
		if !c.Unfinished {
			c.Unfinished = true
			d.s.Touch(c)
		}
	}
	d.pending = nil
}

func textContent(s string) []session.ContentBlock {
	return []session.ContentBlock{{Type: "text", Text: s}}
}

// assistant reads the model's message: its thinking, its text, its calls.
func (d *Decoder) assistant(num int, blocks []block) (session.Outcome, string) {
	out, kind := session.AsBookkeeping, "empty assistant message"
	noted := false
	for _, b := range blocks {
		switch b.Type {
		case "thinking":
			if b.Thinking != nil && strings.TrimSpace(*b.Thinking) != "" {
				d.s.Add(&session.Reasoning{EntryBase: base(num), Text: *b.Thinking})
				out, kind = session.AsEntry, ""
			}
		case "text":
			if b.Text != nil && strings.TrimSpace(*b.Text) != "" {
				d.s.Add(&session.AssistantText{EntryBase: base(num), Text: *b.Text})
				out, kind = session.AsEntry, ""
			}
		case "tool_use":
			d.call(num, &b)
			out, kind = session.AsEntry, ""
		case "tool_result": // a result written in the model's message: on its call all the same
			d.result(num, &b)
			if out != session.AsEntry {
				out, kind = session.AsMerge, ""
			}
		default: // said once, and the rest of the message read
			if !noted {
				d.problem(num, "a content block of a type deck does not know ("+b.Type+")")
				noted = true
			}
		}
	}
	if noted {
		return -1, "" // counted by its notice
	}
	return out, kind
}

// resultText is a tool_result's content as text: a string, or its text
// blocks (an image as a placeholder).
func resultText(raw jsontext.Value) string {
	switch raw.Kind() {
	case '"':
		var s string
		jsonline.Unmarshal(raw, &s)
		return s
	case '[':
		var items []block
		if jsonline.Unmarshal(raw, &items) != nil {
			return string(raw)
		}
		var texts []string
		for _, it := range items {
			switch {
			case it.Text != nil:
				texts = append(texts, *it.Text)
			case it.Type == "image":
				texts = append(texts, "[image]")
			}
		}
		return strings.Join(texts, "\n")
	case 0, 'n':
		return ""
	}
	return string(raw)
}
