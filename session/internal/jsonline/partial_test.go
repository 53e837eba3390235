package jsonline

import (
	"reflect"
	"testing"
)

func TestPartialReadsAnObjectAsFarAsItGoes(t *testing.T) {
	for _, c := range []struct {
		raw  string
		want map[string]any
	}{
		{``, nil},
		{`[1, 2`, nil},
		{`"a`, nil},
		{`{`, map[string]any{}},
		{`{"comm`, map[string]any{}},
		{`{"command":`, map[string]any{}},
		{`{"command": "ls`, map[string]any{"command": "ls"}},
		{`{"command": "ls -la", "descr`, map[string]any{"command": "ls -la"}},
		{`{"command": "ls -la", "description": "`, map[string]any{"command": "ls -la", "description": ""}},
		{`{"a": "line\nnext\`, map[string]any{"a": "line\nnext"}},
		{`{"a": "x\\`, map[string]any{"a": `x\`}},
		{`{"a": "x\u00`, map[string]any{"a": "x"}},
		{`{"a": "x\u00e9`, map[string]any{"a": "xé"}},
		{`{"a": "x\ud83d`, map[string]any{"a": "x"}},
		{`{"a": "x\ud83d\ude`, map[string]any{"a": "x"}},
		{`{"a": "x\ud83d\ude00`, map[string]any{"a": "x😀"}},
		{`{"limit": 12`, map[string]any{}}, // may be 120
		{`{"limit": 12,`, map[string]any{"limit": Number("12")}},
		{`{"all": tr`, map[string]any{}},
		{`{"all": true, "n": null,`, map[string]any{"all": true, "n": nil}},
		{`{"queries": ["one", "tw`, map[string]any{"queries": []any{"one", "tw"}}},
		{`{"o": {"k": "v"}, "p": {"q": "r`, map[string]any{"o": map[string]any{"k": "v"}, "p": map[string]any{"q": "r"}}},
		{`{"a": "x"} trailing`, map[string]any{"a": "x"}},
		{`{"a": "x" "b": "y"`, map[string]any{"a": "x"}}, // broken, not cut: what came before
		{`{"a": "x", "b": "y"}`, map[string]any{"a": "x", "b": "y"}},
	} {
		if got := Partial([]byte(c.raw)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Partial(%#q) = %#v, want %#v", c.raw, got, c.want)
		}
	}
}

func FuzzPartial(f *testing.F) {
	f.Add(`{"command": "ls`)
	f.Add(`{"a": [{"b": "\ud83d\ude`)
	f.Fuzz(func(t *testing.T, raw string) {
		whole, err := Any([]byte(raw))
		got := Partial([]byte(raw))
		if m, ok := whole.(map[string]any); ok && err == nil && !reflect.DeepEqual(got, m) {
			t.Fatalf("Partial(%#q) = %#v, but the whole object reads %#v", raw, got, m)
		}
	})
}
