package livetest

import (
	"maps"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// defaultMessages is the host's page size when maxMessages is not given.
const defaultMessages = 50

// history serves session.history from the committed part of the log, cut
// the host's way: count user and assistant messages back from the end of
// the window, and start the page at the oldest counted message's first
// source event, so that a message and its chunks stay together.
func (h *Host) history(s *session, p object) any {
	var before, maxMessages *int64
	_ = jsonline.Unmarshal(p["beforeSeq"], &before)
	_ = jsonline.Unmarshal(p["maxMessages"], &maxMessages)
	limit := int64(defaultMessages)
	if maxMessages != nil {
		limit = *maxMessages
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	cut, end, metas := s.window(s.committed, before, limit)
	calls := map[string]bool{}
	for i := cut; i < end; i++ {
		if metas[i].Type == "tool/call" {
			calls[metas[i].Data.CallID] = true
		}
	}
	events := []map[string]any{}
	for i := cut; i < end; i++ {
		entry := map[string]any{"event": jsontext.Value(h.rewrite(s.log[i]))}
		// A result's view needs its call on the same page, as the host's presenters do.
		if v, ok := s.views[i]; ok && (metas[i].Type == "tool/call" || calls[metas[i].Data.Message.Source.CallID]) {
			entry["view"] = v
		}
		events = append(events, entry)
	}
	out := map[string]any{"events": events, "hasMore": cut > 0}
	if before == nil {
		out["projections"] = map[string]any{"asOfSeq": s.committed, "values": maps.Clone(s.proj)}
	}
	return out
}

// window is where a page of the log as of seq through ends (before seq
// before, when given) and starts, the host's way: count user and assistant
// messages back from the end, and start at the limit-th one's first source
// event, so that a message and its chunks stay together. metas are the
// events up to end, read.
func (s *session) window(through int64, before *int64, limit int64) (cut, end int64, metas []eventMeta) {
	end = min(s.committed, through) + 1
	if before != nil {
		end = min(end, *before)
	}
	end = max(min(end, int64(len(s.log))), 0)
	metas = make([]eventMeta, end)
	for i := range end {
		metas[i] = readMeta(s.log[i])
	}
	count := int64(0)
	for i := end - 1; i >= 0; i-- {
		m := metas[i]
		if (m.Type != "user/message" && m.Type != "assistant/message") || m.SurfaceOp != "append" {
			continue
		}
		count++
		if count >= limit {
			cut = i
			for _, src := range m.SourceEventSeqs {
				cut = min(cut, src)
			}
			break
		}
	}
	return cut, end, metas
}

// eventMeta is what paging and views need of an event.
type eventMeta struct {
	Type            string  `json:"type"`
	SurfaceOp       string  `json:"surfaceOp"`
	SourceEventSeqs []int64 `json:"sourceEventSeqs"`
	Data            struct {
		CallID  string `json:"callId"`
		Message struct {
			Source struct {
				CallID string `json:"callId"`
			} `json:"source"`
		} `json:"message"`
	} `json:"data"`
}

func readMeta(raw jsontext.Value) eventMeta {
	var m eventMeta
	_ = jsonline.Unmarshal(raw, &m)
	return m
}
