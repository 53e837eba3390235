package live

import "github.com/deck-tui/deck/session/internal/jsonline"

// TokenUsage is the host's tokenUsage projection: the session's totals.
type TokenUsage struct {
	Uncached   int64 `json:"uncachedInputTokens"`
	Output     int64 `json:"outputTokens"`
	CacheRead  int64 `json:"cacheReadTokens"`
	CacheWrite int64 `json:"cacheWriteTokens"`
}

// ContextPressure is the host's contextPressure projection: how full the
// model's context is, or is about to be.
type ContextPressure struct {
	Pressure  int64 `json:"pressureTokens"`
	Projected int64 `json:"projectedTokens"`
	Window    int64 `json:"contextWindow"`
}

// Read reads the projections a client shows: a TokenUsage, a
// ContextPressure, or the title (a string). ok is false for any other key,
// for a key gone, and for a value that does not fit: projections are hints,
// not the record.
func (p ProjectionChanged) Read() (v any, ok bool) {
	switch p.Key {
	case "tokenUsage":
		var t TokenUsage
		return t, p.Value != nil && jsonline.Unmarshal(p.Value, &t) == nil
	case "contextPressure":
		var c ContextPressure
		return c, p.Value != nil && jsonline.Unmarshal(p.Value, &c) == nil
	case "title":
		var t *string
		if p.Value == nil || jsonline.Unmarshal(p.Value, &t) != nil || t == nil {
			return nil, false
		}
		return *t, true
	}
	return nil, false
}
