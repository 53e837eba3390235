package session

import (
	"fmt"
	"regexp"
	"strings"

	json "github.com/go-json-experiment/json/v1"
)

// Codex writes most messages twice: as a response item (what the model
// saw) and as an event (what the UI showed), in either order. Whichever
// comes first makes the entry; its twin merges into it. An event whose twin
// never comes (an era that kept only events) stays shown.

// codexTwin is a text one side showed, waiting for the other side's copy.
type codexTwin struct {
	kind  string // user, assistant, reasoning
	text  string
	entry Entry
}

// codexTwins holds the texts still waiting for their twin.
type codexTwins struct {
	fromEvents []codexTwin
	fromItems  []codexTwin
	// typed are user-role items that look typed, in a log whose events have
	// not yet said which ones a person typed
	typed []*UserMessage
}

// twinsKept bounds the waiting texts: a twin comes within a few lines.
const twinsKept = 256

func keep(list []codexTwin, t codexTwin) []codexTwin {
	if len(list) >= twinsKept {
		list = list[1:]
	}
	return append(list, t)
}

// take removes and returns the first waiting twin of a kind and text.
func take(list *[]codexTwin, kind, text string) Entry {
	for i, t := range *list {
		if t.kind == kind && codexSame(t.text, text) {
			*list = append((*list)[:i:i], (*list)[i+1:]...)
			return t.entry
		}
	}
	return nil
}

// promoteAll makes the typed-looking user messages prompts.
func (t *codexTwins) promoteAll(d *codexDecoder) {
	for _, m := range t.typed {
		d.promote(m)
	}
	t.typed = nil
}

var redaction = regexp.MustCompile(`^\[REDACTED_[A-Z_]+ (len=\d+ sha=[0-9a-f]+)\]$`)

// codexSame: two copies of one text. Sanitised logs replace each text by a
// marker naming its length and hash; the two copies' markers differ in kind
// only.
func codexSame(a, b string) bool {
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	if a == b {
		return true
	}
	ma, mb := redaction.FindStringSubmatch(a), redaction.FindStringSubmatch(b)
	return ma != nil && mb != nil && ma[1] == mb[1]
}

// codexBlocks reads a message's content: an array of input_text,
// output_text and input_image items, or (in some writers) a string.
func codexBlocks(raw json.RawMessage) []ContentBlock {
	if s, ok := codexString(raw); ok {
		return []ContentBlock{{Type: "text", Text: s}}
	}
	var items []json.RawMessage
	if json.Unmarshal(raw, &items) != nil {
		return nil
	}
	var out []ContentBlock
	for _, it := range items {
		var b struct {
			Type     json.RawMessage `json:"type"`
			Text     json.RawMessage `json:"text"`
			ImageURL json.RawMessage `json:"image_url"`
		}
		if json.Unmarshal(it, &b) != nil {
			continue
		}
		typ, _ := codexString(b.Type)
		text, hasText := codexString(b.Text)
		switch {
		case typ == "input_image":
			url, _ := codexString(b.ImageURL)
			out = append(out, ContentBlock{Type: "image", Alt: codexImageAlt(url)})
		case hasText:
			out = append(out, ContentBlock{Type: "text", Text: text})
		default:
			out = append(out, ContentBlock{Type: typ, Raw: append(json.RawMessage(nil), it...)})
		}
	}
	return out
}

// codexImageAlt describes an image by its URL, never its inline bytes.
func codexImageAlt(url string) string {
	if strings.HasPrefix(url, "data:") {
		kind, _, _ := strings.Cut(strings.TrimPrefix(url, "data:"), ";")
		return fmt.Sprintf("inline %s, %d bytes of base64", kind, len(url))
	}
	return url
}

func (d *codexDecoder) message(raw json.RawMessage) (Outcome, error) {
	var m struct {
		Role    json.RawMessage `json:"role"`
		Content json.RawMessage `json:"content"`
	}
	if err := decodeItem("message", raw, &m); err != nil {
		return 0, err
	}
	role, _ := codexString(m.Role)
	blocks := codexBlocks(m.Content)
	text := TextOf(blocks)
	switch role {
	case "assistant":
		if take(&d.twins.fromEvents, "assistant", text) != nil {
			return AsMerge, nil
		}
		e := &AssistantText{EntryBase: d.base(), Text: text}
		d.s.Add(e)
		d.twins.fromItems = keep(d.twins.fromItems, codexTwin{"assistant", text, e})
		return AsEntry, nil
	case "user":
		return d.userItem(text, blocks), nil
	}
	// developer and system messages: instructions the runtime adds
	if role == "" {
		role = "an unnamed role"
	}
	d.s.Add(&UserMessage{EntryBase: d.base(), Role: RoleInjected, Source: role, Content: blocks})
	return AsEntry, nil
}

// userItem places a user-role response item. Codex injects much as user
// messages (the environment, AGENTS.md); only the user_message event says
// which ones a person typed. Text in a known wrapper is injected at once;
// other text is a prompt once its event comes (or, in a log with no such
// events, when the log ends; in the bare era, at once).
func (d *codexDecoder) userItem(text string, blocks []ContentBlock) Outcome {
	if e := take(&d.twins.fromEvents, "user", text); e != nil {
		return AsMerge
	}
	m := &UserMessage{EntryBase: d.base(), Content: blocks}
	role, source, injected := codexInjected(text)
	switch {
	case injected:
		m.Role, m.Source = role, source
	case d.bare:
		m.Role = RoleHuman
	default:
		m.Role, m.Source = RoleInjected, "codex"
		if !d.userEvents {
			d.twins.typed = append(d.twins.typed, m)
		}
	}
	d.s.Add(m)
	if m.Role == RoleHuman {
		d.titleFrom(text)
	}
	d.twins.fromItems = keep(d.twins.fromItems, codexTwin{"user", text, m})
	return AsEntry
}

// promote makes a user message a person's prompt.
func (d *codexDecoder) promote(m *UserMessage) {
	if m.Role == RoleHuman {
		return
	}
	m.Role, m.Source = RoleHuman, ""
	d.s.Touch(m)
	d.titleFrom(TextOf(m.Content))
}

// titleFrom names an untitled session by its first prompt's first line, as
// Codex's own session list does.
func (d *codexDecoder) titleFrom(text string) {
	if d.s.Title != "" {
		return
	}
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			d.s.Title = l
			return
		}
	}
}

// codexWrapper is text Codex wraps in one tag: <environment_context>…
var codexWrapper = regexp.MustCompile(`(?s)^<([a-z_]+)>.*</([a-z_]+)>$`)

// codexInjected tells injected user-role text by its wrapper.
func codexInjected(text string) (MessageRole, string, bool) {
	t := strings.TrimSpace(text)
	if strings.HasPrefix(t, "# AGENTS.md instructions for ") {
		return RoleInjected, "AGENTS.md", true
	}
	m := codexWrapper.FindStringSubmatch(t)
	if m == nil || m[1] != m[2] {
		return 0, "", false
	}
	switch m[1] {
	case "environment_context":
		return RoleContext, "environment context", true
	case "user_instructions":
		return RoleInjected, "AGENTS.md", true
	}
	return RoleInjected, strings.ReplaceAll(m[1], "_", " "), true
}

func (d *codexDecoder) reasoning(raw json.RawMessage) (Outcome, error) {
	var r struct {
		Summary json.RawMessage `json:"summary"`
		Content json.RawMessage `json:"content"`
	}
	if err := decodeItem("reasoning", raw, &r); err != nil {
		return 0, err
	}
	// the summary, and the raw text when the user asked for it; the
	// encrypted content is opaque and never shown
	var parts []string
	for _, b := range append(codexBlocks(r.Summary), codexBlocks(r.Content)...) {
		if b.Type == "text" && strings.TrimSpace(b.Text) != "" {
			parts = append(parts, b.Text)
		}
	}
	if len(parts) == 0 {
		return AsBookkeeping, nil
	}
	var left []string
	for _, p := range parts {
		if take(&d.twins.fromEvents, "reasoning", p) == nil {
			left = append(left, p)
		}
	}
	if len(left) == 0 {
		return AsMerge, nil
	}
	e := &Reasoning{EntryBase: d.base(), Text: strings.Join(left, "\n\n")}
	d.s.Add(e)
	for _, p := range left {
		d.twins.fromItems = keep(d.twins.fromItems, codexTwin{"reasoning", p, e})
	}
	return AsEntry, nil
}

// userEvent: a person's prompt, as the UI showed it.
func (d *codexDecoder) userEvent(text string, images int) Outcome {
	if !d.userEvents {
		d.userEvents, d.twins.typed = true, nil
	}
	if e := take(&d.twins.fromItems, "user", text); e != nil {
		if m, ok := e.(*UserMessage); ok {
			d.promote(m)
		}
		return AsMerge
	}
	blocks := []ContentBlock{{Type: "text", Text: text}}
	for range images {
		blocks = append(blocks, ContentBlock{Type: "image", Alt: "attached image"})
	}
	m := &UserMessage{EntryBase: d.base(), Role: RoleHuman, Content: blocks}
	d.s.Add(m)
	d.titleFrom(text)
	d.twins.fromEvents = keep(d.twins.fromEvents, codexTwin{"user", text, m})
	return AsEntry
}

// agentEvent: an assistant message as the UI showed it.
func (d *codexDecoder) agentEvent(text string) Outcome {
	if take(&d.twins.fromItems, "assistant", text) != nil {
		return AsMerge
	}
	e := &AssistantText{EntryBase: d.base(), Text: text}
	d.s.Add(e)
	d.twins.fromEvents = keep(d.twins.fromEvents, codexTwin{"assistant", text, e})
	return AsEntry
}

// reasoningEvent: one part of a reasoning summary. The parts of one
// summary come one after another and join one entry.
func (d *codexDecoder) reasoningEvent(text string) Outcome {
	if take(&d.twins.fromItems, "reasoning", text) != nil {
		return AsMerge
	}
	if n := len(d.s.Entries); n > 0 {
		if last, ok := d.s.Entries[n-1].(*Reasoning); ok && d.fromEvent(last) {
			last.Text += "\n\n" + text
			d.s.Touch(last)
			d.twins.fromEvents = keep(d.twins.fromEvents, codexTwin{"reasoning", text, last})
			return AsMerge
		}
	}
	e := &Reasoning{EntryBase: d.base(), Text: text}
	d.s.Add(e)
	d.twins.fromEvents = keep(d.twins.fromEvents, codexTwin{"reasoning", text, e})
	return AsEntry
}

// fromEvent reports an entry events made whose item has not come yet.
func (d *codexDecoder) fromEvent(e Entry) bool {
	for _, t := range d.twins.fromEvents {
		if t.entry == e {
			return true
		}
	}
	return false
}
