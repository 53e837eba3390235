package codex

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// Codex writes most messages twice: as a response item (what the model
// saw) and as an event (what the UI showed), in either order. Whichever
// comes first makes the entry; its twin merges into it. An event whose twin
// never comes (an era that kept only events) stays shown.

// twin is a text one side showed, waiting for the other side's copy.
type twin struct {
	kind  string // user, assistant, reasoning
	text  string
	entry session.Entry
}

// twins holds the texts still waiting for their twin.
type twins struct {
	fromEvents []twin
	fromItems  []twin
	// typed are user-role items that look typed, in a log whose events have
	// not yet said which ones a person typed
	typed []*session.UserMessage
}

// twinsKept bounds the waiting texts: a twin comes within a few lines.
const twinsKept = 256

func keep(list []twin, t twin) []twin {
	if len(list) >= twinsKept {
		list = list[1:]
	}
	return append(list, t)
}

// take removes and returns the first waiting twin of a kind and text.
func take(list *[]twin, kind, text string) session.Entry {
	for i, t := range *list {
		if t.kind == kind && same(t.text, text) {
			*list = append((*list)[:i:i], (*list)[i+1:]...)
			return t.entry
		}
	}
	return nil
}

// promoteAll makes the typed-looking user messages prompts.
func (t *twins) promoteAll(d *Decoder) {
	for _, m := range t.typed {
		d.promote(m)
	}
	t.typed = nil
}

var redaction = regexp.MustCompile(`^\[REDACTED_[A-Z_]+ (len=\d+ sha=[0-9a-f]+)\]$`)

// same: two copies of one text. Sanitised logs replace each text by a
// marker naming its length and hash; the two copies' markers differ in kind
// only.
func same(a, b string) bool {
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	if a == b {
		return true
	}
	ma, mb := redaction.FindStringSubmatch(a), redaction.FindStringSubmatch(b)
	return ma != nil && mb != nil && ma[1] == mb[1]
}

// blocks reads a message's content: an array of input_text,
// output_text and input_image items, or (in some writers) a string.
func blocks(raw jsontext.Value) []session.ContentBlock {
	if s, ok := stringOf(raw); ok {
		return []session.ContentBlock{{Type: "text", Text: s}}
	}
	var items []jsontext.Value
	if jsonline.Unmarshal(raw, &items) != nil {
		return nil
	}
	var out []session.ContentBlock
	for _, it := range items {
		var b struct {
			Type     jsontext.Value `json:"type"`
			Text     jsontext.Value `json:"text"`
			ImageURL jsontext.Value `json:"image_url"`
		}
		if jsonline.Unmarshal(it, &b) != nil {
			continue
		}
		typ, _ := stringOf(b.Type)
		text, hasText := stringOf(b.Text)
		switch {
		case typ == "input_image":
			url, _ := stringOf(b.ImageURL)
			out = append(out, session.ContentBlock{Type: "image", Alt: imageAlt(url)})
		case hasText:
			out = append(out, session.ContentBlock{Type: "text", Text: text})
		default:
			out = append(out, session.ContentBlock{Type: typ, Raw: append(jsontext.Value(nil), it...)})
		}
	}
	return out
}

// imageAlt describes an image by its URL, never its inline bytes.
func imageAlt(url string) string {
	if strings.HasPrefix(url, "data:") {
		kind, _, _ := strings.Cut(strings.TrimPrefix(url, "data:"), ";")
		return fmt.Sprintf("inline %s, %d bytes of base64", kind, len(url))
	}
	return url
}

func (d *Decoder) message(raw jsontext.Value) (session.Outcome, error) {
	var m struct {
		Role    jsontext.Value `json:"role"`
		Content jsontext.Value `json:"content"`
	}
	if err := decodeItem("message", raw, &m); err != nil {
		return 0, err
	}
	role, _ := stringOf(m.Role)
	blocks := blocks(m.Content)
	text := session.TextOf(blocks)
	switch role {
	case "assistant":
		d.answered()
		if take(&d.twins.fromEvents, "assistant", text) != nil {
			return session.AsMerge, nil
		}
		e := &session.AssistantText{EntryBase: d.base(), Text: text}
		d.s.Add(e)
		d.twins.fromItems = keep(d.twins.fromItems, twin{"assistant", text, e})
		return session.AsEntry, nil
	case "user":
		return d.userItem(text, blocks), nil
	}
	// developer and system messages: instructions the runtime adds
	if role == "" {
		role = "an unnamed role"
	}
	d.s.Add(&session.UserMessage{EntryBase: d.base(), Role: session.RoleInjected, Source: role, Content: blocks})
	return session.AsEntry, nil
}

// userItem places a user-role response item. Codex injects much as user
// messages (the environment, AGENTS.md); only the user_message event says
// which ones a person typed. Text in a known wrapper is injected at once;
// other text is a prompt once its event comes (or, in a log with no such
// events, when the log ends; in the bare era, at once).
func (d *Decoder) userItem(text string, blocks []session.ContentBlock) session.Outcome {
	if e := take(&d.twins.fromEvents, "user", text); e != nil {
		return session.AsMerge
	}
	m := &session.UserMessage{EntryBase: d.base(), Content: blocks}
	role, source, injected := injectedBlocks(blocks)
	switch {
	case injected:
		m.Role, m.Source = role, source
	case d.bare:
		m.Role = session.RoleHuman
	default:
		m.Role, m.Source = session.RoleInjected, "codex"
		if d.userEvents == "" {
			d.twins.typed = append(d.twins.typed, m)
		}
	}
	d.s.Add(m)
	if m.Role == session.RoleHuman {
		d.promptTurn(m)
	}
	d.twins.fromItems = keep(d.twins.fromItems, twin{"user", text, m})
	return session.AsEntry
}

// promote makes a user message a person's prompt.
func (d *Decoder) promote(m *session.UserMessage) {
	if m.Role == session.RoleHuman {
		return
	}
	m.Role, m.Source = session.RoleHuman, ""
	d.s.Touch(m) // which titles an untitled session
	d.promptTurn(m)
}

// promptTurn starts a turn at a prompt in a log that has no turn records
// (before task_started, Codex wrote none): the person's prompt is what
// starts one.
func (d *Decoder) promptTurn(m *session.UserMessage) {
	if d.turnRecords {
		return
	}
	d.turn++
	d.s.AddBefore(&session.TurnStart{EntryBase: session.EntryBase{Seq: -1, Time: m.Time, Line: m.Line}, Turn: d.turn}, m)
}

// answered: the model sent something. A prompt's event comes before the
// model answers it, so in a log that has shown none by now nothing will
// tell a prompt from injected text: the messages that look typed are
// prompts. Deciding here, never at the log's end, keeps a log still being
// written (followed) the same as a fresh read of it.
func (d *Decoder) answered() {
	if d.userEvents == "" && len(d.twins.typed) > 0 {
		d.twins.promoteAll(d)
	}
}

// injectedBlocks tells an injected message by its text blocks: Codex may
// put several wrapped contexts in one message (the environment, then the
// recommended plugins), each its own block. The message is injected when
// every text block is; it is named by the first.
func injectedBlocks(blocks []session.ContentBlock) (session.MessageRole, string, bool) {
	var role session.MessageRole
	var source string
	n := 0
	for _, b := range blocks {
		if b.Type != "text" || strings.TrimSpace(b.Text) == "" {
			continue
		}
		r, src, ok := injected(b.Text)
		if !ok {
			return 0, "", false
		}
		if n == 0 {
			role, source = r, src
		}
		n++
	}
	return role, source, n > 0
}

// wrapper is text Codex wraps in one tag: <environment_context>…
var wrapper = regexp.MustCompile(`(?s)^<([a-z_]+)>.*</([a-z_]+)>$`)

// injected tells injected user-role text by its wrapper.
func injected(text string) (session.MessageRole, string, bool) {
	t := strings.TrimSpace(text)
	if strings.HasPrefix(t, "# AGENTS.md instructions for ") {
		return session.RoleInjected, "AGENTS.md", true
	}
	m := wrapper.FindStringSubmatch(t)
	if m == nil || m[1] != m[2] {
		return 0, "", false
	}
	switch m[1] {
	case "environment_context":
		return session.RoleContext, "environment context", true
	case "user_instructions":
		return session.RoleInjected, "AGENTS.md", true
	}
	return session.RoleInjected, strings.ReplaceAll(m[1], "_", " "), true
}

func (d *Decoder) reasoning(raw jsontext.Value) (session.Outcome, error) {
	var r struct {
		Summary jsontext.Value `json:"summary"`
		Content jsontext.Value `json:"content"`
	}
	if err := decodeItem("reasoning", raw, &r); err != nil {
		return 0, err
	}
	// the summary, and the raw text when the user asked for it; the
	// encrypted content is opaque and never shown
	var parts []string
	for _, b := range append(blocks(r.Summary), blocks(r.Content)...) {
		if b.Type == "text" && strings.TrimSpace(b.Text) != "" {
			parts = append(parts, b.Text)
		}
	}
	if len(parts) == 0 {
		return session.AsBookkeeping, nil
	}
	var left []string
	for _, p := range parts {
		if take(&d.twins.fromEvents, "reasoning", p) == nil {
			left = append(left, p)
		}
	}
	if len(left) == 0 {
		return session.AsMerge, nil
	}
	e := &session.Reasoning{EntryBase: d.base(), Text: strings.Join(left, "\n\n")}
	d.s.Add(e)
	for _, p := range left {
		d.twins.fromItems = keep(d.twins.fromItems, twin{"reasoning", p, e})
	}
	return session.AsEntry, nil
}

// userEvent: a person's prompt, as the UI showed it, told by an event of
// kind: a user_message event, or (in the newest rollouts, which write none)
// an item_completed UserMessage. A log tells its prompts by the kind that
// came first; one that writes both copies each prompt in the second.
func (d *Decoder) userEvent(kind, text string, images int) session.Outcome {
	switch d.userEvents {
	case "":
		d.userEvents, d.twins.typed = kind, nil
	case kind:
	default:
		return session.AsBookkeeping
	}
	if e := take(&d.twins.fromItems, "user", text); e != nil {
		if m, ok := e.(*session.UserMessage); ok {
			d.promote(m)
		}
		return session.AsMerge
	}
	blocks := []session.ContentBlock{{Type: "text", Text: text}}
	for range images {
		blocks = append(blocks, session.ContentBlock{Type: "image", Alt: "attached image"})
	}
	m := &session.UserMessage{EntryBase: d.base(), Role: session.RoleHuman, Content: blocks}
	d.s.Add(m)
	d.promptTurn(m)
	d.twins.fromEvents = keep(d.twins.fromEvents, twin{"user", text, m})
	return session.AsEntry
}

// agentEvent: an assistant message as the UI showed it.
func (d *Decoder) agentEvent(text string) session.Outcome {
	if take(&d.twins.fromItems, "assistant", text) != nil {
		return session.AsMerge
	}
	e := &session.AssistantText{EntryBase: d.base(), Text: text}
	d.s.Add(e)
	d.twins.fromEvents = keep(d.twins.fromEvents, twin{"assistant", text, e})
	return session.AsEntry
}

// reasoningEvent: one part of a reasoning summary. The parts of one
// summary come one after another and join one entry.
func (d *Decoder) reasoningEvent(text string) session.Outcome {
	if take(&d.twins.fromItems, "reasoning", text) != nil {
		return session.AsMerge
	}
	if n := len(d.s.Entries); n > 0 {
		if last, ok := d.s.Entries[n-1].(*session.Reasoning); ok && d.fromEvent(last) {
			last.Text += "\n\n" + text
			d.s.Touch(last)
			d.twins.fromEvents = keep(d.twins.fromEvents, twin{"reasoning", text, last})
			return session.AsMerge
		}
	}
	e := &session.Reasoning{EntryBase: d.base(), Text: text}
	d.s.Add(e)
	d.twins.fromEvents = keep(d.twins.fromEvents, twin{"reasoning", text, e})
	return session.AsEntry
}

// fromEvent reports an entry events made whose item has not come yet.
func (d *Decoder) fromEvent(e session.Entry) bool {
	for _, t := range d.twins.fromEvents {
		if t.entry == e {
			return true
		}
	}
	return false
}
