package copilot

import (
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// Where injected text came from, as the card words it ("injected by …").
const (
	sourceCLI    = "Copilot CLI"
	sourceCaller = "the calling agent"
)

// resume reads session.resume: the session was opened again, perhaps
// elsewhere or with another model.
func (d *Decoder) resume(num int, env *envelope) (outcome, error) {
	var data resumeData
	if err := decode(env, &data); err != nil {
		return outcome{}, err
	}
	if d.sub {
		return hidden(*env.Type), nil
	}
	if data.SelectedModel != "" {
		d.s.Model = data.SelectedModel
	}
	e := &session.Event{EntryBase: base(num, env.Timestamp), Kind: "resume", Summary: "session resumed"}
	if data.Context != nil && data.Context.Cwd != "" && data.Context.Cwd != d.s.Header.Cwd {
		e.Summary += " in " + data.Context.Cwd
	}
	d.s.Add(e)
	return asEntry, nil
}

// user reads user.message: a person's prompt, which opens a turn, or text
// the CLI wrote in their place (a skill's, another agent's, autopilot's),
// which does not. A subagent's prompt is its caller's.
func (d *Decoder) user(num int, env *envelope) (outcome, error) {
	var data userData
	if err := decode(env, &data); err != nil {
		return outcome{}, err
	}
	content := []session.ContentBlock{}
	if strings.TrimSpace(data.Content) != "" {
		content = append(content, session.ContentBlock{Type: "text", Text: data.Content})
	}
	for _, raw := range data.Attachments {
		var a attachment
		if jsonline.Unmarshal(raw, &a) == nil {
			content = append(content, attached(&a))
		}
	}
	if len(content) == 0 {
		return hidden("empty user message"), nil
	}
	b := base(num, env.Timestamp)
	switch {
	case d.sub:
		d.s.Add(&session.UserMessage{EntryBase: b, Role: session.RoleInjected, Source: sourceCaller, Content: content})
		return asEntry, nil
	case data.IsAutopilotContinuation:
		d.s.Add(&session.UserMessage{EntryBase: b, Role: session.RoleInjected, Source: "autopilot", Content: content})
		return asEntry, nil
	case data.Source != "" && data.Source != "user":
		d.s.Add(&session.UserMessage{EntryBase: b, Role: session.RoleInjected, Source: data.Source, Content: content})
		return asEntry, nil
	}
	d.turn++
	d.reasoned = ""
	d.s.Add(&session.TurnStart{EntryBase: b, Turn: d.turn})
	d.s.Add(&session.UserMessage{EntryBase: b, Role: session.RoleHuman, Content: content})
	return asEntry, nil
}

// attached is a line naming what a prompt attached: a file, a folder, a
// selection, a GitHub reference, an image (never its bytes).
func attached(a *attachment) session.ContentBlock {
	what := firstOf(a.DisplayName, a.Path, a.FilePath, a.URL)
	alt := strings.TrimSpace(strings.Join(nonEmpty(a.Type, what), " · "))
	if strings.HasPrefix(a.MimeType, "image/") {
		return session.ContentBlock{Type: "image", Alt: alt}
	}
	return session.ContentBlock{Type: "text", Text: "*[attached " + alt + "]*"}
}

// system reads system.message: the system prompt (or a developer
// prompt) the model was given.
func (d *Decoder) system(num int, env *envelope) (outcome, error) {
	var data struct {
		Content string `json:"content"`
		Role    string `json:"role"`
	}
	if err := decode(env, &data); err != nil {
		return outcome{}, err
	}
	if strings.TrimSpace(data.Content) == "" || d.sub {
		return hidden(*env.Type), nil
	}
	d.s.Add(&session.UserMessage{EntryBase: base(num, env.Timestamp), Role: session.RoleSystemPrompt, Source: data.Role,
		Content: []session.ContentBlock{{Type: "text", Text: data.Content}}})
	return asEntry, nil
}

// notification reads system.notification: what the CLI told the model of
// its own accord (a background agent finished, a shell command ended).
func (d *Decoder) notification(num int, env *envelope) (outcome, error) {
	var data struct {
		Content string `json:"content"`
	}
	if err := decode(env, &data); err != nil {
		return outcome{}, err
	}
	if strings.TrimSpace(data.Content) == "" {
		return hidden(*env.Type), nil
	}
	d.s.Add(&session.UserMessage{EntryBase: base(num, env.Timestamp), Role: session.RoleInjected, Source: sourceCLI,
		Content: []session.ContentBlock{{Type: "text", Text: data.Content}}})
	return asEntry, nil
}

// message reads assistant.message: its reasoning (when readable and not
// shown already by assistant.reasoning), its text (in place of the text
// its deltas streamed), the calls it asked for, and its output tokens.
func (d *Decoder) message(num int, env *envelope) (outcome, error) {
	var data messageData
	if err := decode(env, &data); err != nil {
		return outcome{}, err
	}
	out := hidden("empty assistant message")
	if data.ReasoningText != nil {
		if r := strings.TrimSpace(*data.ReasoningText); r != "" && r != d.reasoned {
			d.s.Add(&session.Reasoning{EntryBase: base(num, env.Timestamp), Text: *data.ReasoningText})
			d.reasoned, out = r, asEntry
		}
	}
	if t := d.texts[data.MessageID]; t != nil && data.MessageID != "" {
		t.Text, t.Streaming = data.Content, false
		d.s.Touch(t)
		delete(d.texts, data.MessageID)
		if out.how != session.AsEntry {
			out = asMerge
		}
	} else if strings.TrimSpace(data.Content) != "" {
		d.s.Add(&session.AssistantText{EntryBase: base(num, env.Timestamp), Text: data.Content})
		out = asEntry
	}
	for _, raw := range data.ToolRequests {
		if d.request(num, env.Timestamp, raw) {
			out = asEntry
		}
	}
	if data.OutputTokens != nil && !d.sub {
		d.s.CountUsage(session.TokenUsage{Output: jsonline.Num(*data.OutputTokens), Recorded: session.RecordedOutputOnly})
	}
	if data.Model != "" && !d.sub {
		d.s.Model = data.Model
	}
	return out, nil
}

// delta reads a streamed piece of a message or of reasoning: the entry
// grows as it streams, and the whole event that follows replaces it, so
// no text is shown twice.
func (d *Decoder) delta(num int, env *envelope, thinking bool) (outcome, error) {
	var data deltaData
	if err := decode(env, &data); err != nil {
		return outcome{}, err
	}
	if thinking {
		r := d.thoughts[data.ReasoningID]
		if r == nil {
			r = &session.Reasoning{EntryBase: base(num, env.Timestamp), Streaming: true}
			d.thoughts[data.ReasoningID] = r
			d.s.Add(r)
			r.Text = data.DeltaContent
			return asEntry, nil
		}
		r.Text += data.DeltaContent
		d.s.Touch(r)
		return asMerge, nil
	}
	t := d.texts[data.MessageID]
	if t == nil {
		t = &session.AssistantText{EntryBase: base(num, env.Timestamp), Streaming: true, Text: data.DeltaContent}
		d.texts[data.MessageID] = t
		d.s.Add(t)
		return asEntry, nil
	}
	t.Text += data.DeltaContent
	d.s.Touch(t)
	return asMerge, nil
}

// reasoning reads assistant.reasoning: the model's reasoning, whole (in
// place of what its deltas streamed). Reasoning the model kept opaque
// has no text, and is not shown.
func (d *Decoder) reasoning(num int, env *envelope) (outcome, error) {
	var data reasoningData
	if err := decode(env, &data); err != nil {
		return outcome{}, err
	}
	if r := d.thoughts[data.ReasoningID]; r != nil {
		delete(d.thoughts, data.ReasoningID)
		if strings.TrimSpace(data.Content) != "" {
			r.Text = data.Content
		}
		r.Streaming = false
		d.s.Touch(r)
		d.reasoned = strings.TrimSpace(r.Text)
		return asMerge, nil
	}
	if strings.TrimSpace(data.Content) == "" {
		return hidden("opaque reasoning"), nil
	}
	d.s.Add(&session.Reasoning{EntryBase: base(num, env.Timestamp), Text: data.Content})
	d.reasoned = strings.TrimSpace(data.Content)
	return asEntry, nil
}

// abort reads abort: the person stopped the turn; its calls still running
// will get no result.
func (d *Decoder) abort(num int, env *envelope) (outcome, error) {
	var data struct {
		Reason string `json:"reason"`
	}
	if err := decode(env, &data); err != nil {
		return outcome{}, err
	}
	detail := map[string]string{"user_initiated": "by the user", "remote_command": "by a remote command",
		"user_abort": "by the user, through an MCP server", "autopilot_credit_limit": "autopilot reached its credit limit"}[data.Reason]
	if detail == "" {
		detail = data.Reason
	}
	d.cut()
	d.s.EndCalls()
	d.s.Add(&session.TurnEnd{EntryBase: base(num, env.Timestamp), Turn: d.turn, Reason: "aborted", Detail: detail})
	return asEntry, nil
}

// shutdown reads session.shutdown: the session's token totals so far,
// which replace the session's count of its messages' output tokens (no
// turn's: the totals say nothing of turns); a session that ended in an
// error says so.
func (d *Decoder) shutdown(num int, env *envelope) (outcome, error) {
	var data shutdownData
	if err := decode(env, &data); err != nil {
		return outcome{}, err
	}
	if d.sub {
		return hidden(*env.Type), nil
	}
	if u, ok := totals(&data); ok {
		d.s.Usage = u
	}
	if data.CurrentModel != "" {
		d.s.Model = data.CurrentModel
	}
	if data.ShutdownType != "error" {
		return hidden(*env.Type), nil
	}
	d.s.Add(&session.Event{EntryBase: base(num, env.Timestamp), Kind: "shutdown", Summary: "the session ended in an error",
		Body: data.ErrorReason, Failed: true})
	return asEntry, nil
}

// totals are the session's tokens as session.shutdown counts them: by
// kind (tokenDetails: input not read from the cache, output, cache reads
// and writes), else summed over the models (modelMetrics, whose input
// holds the cache's). ok is false when it counts none.
func totals(data *shutdownData) (session.TokenUsage, bool) {
	count := func(raw []byte) (int64, bool) {
		var c struct {
			TokenCount *jsonline.Number `json:"tokenCount"`
		}
		if jsonline.Unmarshal(raw, &c) != nil || c.TokenCount == nil {
			return 0, false
		}
		return jsonline.Num(*c.TokenCount), true
	}
	var u session.TokenUsage
	if len(data.TokenDetails) > 0 {
		found := false
		for kind, raw := range data.TokenDetails {
			n, ok := count(raw)
			found = found || ok
			switch kind {
			case "input":
				u.Input += n
			case "output":
				u.Output += n
			case "cache_read":
				u.CacheRead += n
				u.Recorded |= session.RecordedCache
			case "cache_write", "cache_write_1h":
				u.CacheWrite += n
				u.Recorded |= session.RecordedCache
			case "reasoning":
				u.Reasoning += n
				u.Recorded |= session.RecordedReasoning
			}
		}
		return u, found
	}
	found := false
	for _, raw := range data.ModelMetrics {
		var m struct {
			Usage *struct {
				Input      jsonline.Number  `json:"inputTokens"`
				Output     jsonline.Number  `json:"outputTokens"`
				CacheRead  jsonline.Number  `json:"cacheReadTokens"`
				CacheWrite jsonline.Number  `json:"cacheWriteTokens"`
				Reasoning  *jsonline.Number `json:"reasoningTokens"`
			} `json:"usage"`
		}
		if jsonline.Unmarshal(raw, &m) != nil || m.Usage == nil {
			continue
		}
		found = true
		read, wrote := jsonline.Num(m.Usage.CacheRead), jsonline.Num(m.Usage.CacheWrite)
		u.Input += max(jsonline.Num(m.Usage.Input)-read-wrote, 0)
		u.Output += jsonline.Num(m.Usage.Output)
		u.CacheRead += read
		u.CacheWrite += wrote
		u.Recorded |= session.RecordedCache
		if m.Usage.Reasoning != nil {
			u.Reasoning += jsonline.Num(*m.Usage.Reasoning)
			u.Recorded |= session.RecordedReasoning
		}
	}
	return u, found
}
