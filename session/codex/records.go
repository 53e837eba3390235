package codex

import (
	"fmt"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// Records of the newest rollouts (Codex's history crate) that are the
// harness's own state: what the next turn's prompt is rebuilt from, never
// something the session showed. Counted, not drawn.
var stateRecords = map[string]bool{
	"world_state":                        true, // the AGENTS.md and environment baseline
	"retained_context":                   true,
	"security_risk_score":                true,
	"realtime_item":                      true,
	"inter_agent_communication_metadata": true,
	"rollout_reference":                  true,
	"agent_response_observation":         true,
}

// usage is Codex's TokenUsage.
type usage struct {
	Input      jsonline.Number `json:"input_tokens"`
	Cached     jsonline.Number `json:"cached_input_tokens"`
	CacheWrite jsonline.Number `json:"cache_write_input_tokens"`
	Output     jsonline.Number `json:"output_tokens"`
	Reasoning  jsonline.Number `json:"reasoning_output_tokens"`
}

// tokens is the usage in deck's terms: Codex counts cached input inside
// input, deck beside it.
func (u usage) tokens() session.TokenUsage {
	in, cached := jsonline.Num(u.Input), jsonline.Num(u.Cached)
	return session.TokenUsage{Input: max(in-cached, 0), CacheRead: cached, CacheWrite: jsonline.Num(u.CacheWrite), Output: jsonline.Num(u.Output), Reasoning: jsonline.Num(u.Reasoning),
		Recorded: session.Recorded(u.Cached+u.CacheWrite != "", u.Reasoning != "")}
}

// tokenUsageRecord is one model response's usage: the newest rollouts write
// one a response, and a compaction or a resume may write the same one
// again (same response_id), so each response counts once. Once a log has
// them they are the session's usage; token_count totals no longer are.
func (d *Decoder) tokenUsageRecord(raw jsontext.Value) session.Outcome {
	var r struct {
		ResponseID jsontext.Value `json:"response_id"`
		Usage      *usage         `json:"usage"`
	}
	if jsonline.Unmarshal(raw, &r) != nil || r.Usage == nil {
		return session.AsBookkeeping
	}
	if id, _ := stringOf(r.ResponseID); id != "" {
		if d.responses[id] {
			return session.AsBookkeeping
		}
		d.responses[id] = true
	}
	if !d.usageRecords {
		d.usageRecords = true
		d.s.ResetUsage()
	}
	d.s.CountUsage(r.Usage.tokens())
	return session.AsBookkeeping
}

// threadSettings is a settings change (/model, /permissions): the model it
// names is the session's until a turn_context says otherwise.
func (d *Decoder) threadSettings(raw jsontext.Value) session.Outcome {
	var t struct {
		Settings struct {
			Model jsontext.Value `json:"model"`
		} `json:"thread_settings"`
	}
	_ = jsonline.Unmarshal(raw, &t)
	if m, _ := stringOf(t.Settings.Model); m != "" {
		d.s.Model = m
	}
	return session.AsBookkeeping
}

// threadName is the session's name, as the person or Codex set it: the
// agent's own title.
func (d *Decoder) threadName(raw jsontext.Value) session.Outcome {
	var t struct {
		Name jsontext.Value `json:"thread_name"`
	}
	_ = jsonline.Unmarshal(raw, &t)
	if n, _ := stringOf(t.Name); n != "" {
		d.s.SetTitle(n)
	}
	return session.AsBookkeeping
}

// imageGeneration is a generated image: a card with the prompt the model
// settled on, and the image as a placeholder (never its bytes).
func (d *Decoder) imageGeneration(raw jsontext.Value) (session.Outcome, error) {
	var g struct {
		ID     jsontext.Value `json:"id"`
		Status jsontext.Value `json:"status"`
		Prompt jsontext.Value `json:"revised_prompt"`
		Result jsontext.Value `json:"result"`
	}
	if err := decodeItem("image_generation_call", raw, &g); err != nil {
		return 0, err
	}
	id, _ := stringOf(g.ID)
	status, _ := stringOf(g.Status)
	prompt, _ := stringOf(g.Prompt)
	image, _ := stringOf(g.Result)
	t := &session.ToolCall{EntryBase: d.base(), CallID: id, Name: "image_generation", StartTime: d.now,
		Call: session.GenericCallView{Title: "image generation", Kind: "image"}}
	if status != "in_progress" && status != "generating" {
		var content []session.ContentBlock
		if prompt != "" {
			content = append(content, session.ContentBlock{Type: "text", Text: prompt})
		}
		if image != "" {
			content = append(content, session.ContentBlock{Type: "image", Alt: fmt.Sprintf("generated image, %d bytes of base64", len(image))})
		}
		t.Result, t.View, t.EndTime = &session.ToolResult{Content: content, IsError: status == "failed"}, session.GenericResultView{Content: content}, d.now
	}
	d.s.Add(t)
	return session.AsEntry, nil
}

// interAgent is a message another agent of the thread tree sent this one
// (multi-agent): injected text, from its author. An encrypted one is
// bookkeeping.
func (d *Decoder) interAgent(raw jsontext.Value) session.Outcome {
	var m struct {
		Author  jsontext.Value `json:"author"`
		Content jsontext.Value `json:"content"`
	}
	_ = jsonline.Unmarshal(raw, &m)
	text, _ := stringOf(m.Content)
	if text == "" {
		return session.AsBookkeeping
	}
	from := "another agent"
	if a, _ := stringOf(m.Author); a != "" {
		from = "agent " + a
	}
	d.s.Add(&session.UserMessage{EntryBase: d.base(), Role: session.RoleInjected, Source: from, Content: []session.ContentBlock{{Type: "text", Text: text}}})
	return session.AsEntry
}
