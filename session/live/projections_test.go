package live

import (
	"testing"

	"github.com/go-json-experiment/json/jsontext"
)

// The projections a client shows read into their types; any other key, a
// key gone, or a value that does not fit reads as nothing.
func TestProjectionsRead(t *testing.T) {
	for _, c := range []struct {
		key, value string
		want       any
	}{
		{"tokenUsage", `{"uncachedInputTokens":200,"outputTokens":20,"cacheReadTokens":5,"cacheWriteTokens":1}`, TokenUsage{200, 20, 5, 1}},
		{"contextPressure", `{"pressureTokens":10,"projectedTokens":12,"contextWindow":100}`, ContextPressure{10, 12, 100}},
		{"title", `"Fix the build"`, "Fix the build"},
		{"title", `null`, nil},
		{"tokenUsage", `"lots"`, nil},
		{"goal", `{"text":"x"}`, nil},
		{"tokenUsage", ``, nil},
	} {
		p := ProjectionChanged{Key: c.key}
		if c.value != "" {
			p.Value = jsontext.Value(c.value)
		}
		v, ok := p.Read()
		if ok != (c.want != nil) || ok && v != c.want {
			t.Errorf("%s %s: %#v %v, want %#v", c.key, c.value, v, ok, c.want)
		}
	}
}
