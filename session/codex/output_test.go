package codex

import (
	"strings"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
)

// {content, success} objects are read one inside another maxOutputDepth
// deep, the rest is the output as its text: each was read whole again at
// every level (10,000 of them, a 120 KB line, took 3.6 s and 650 MB). One
// is read as before.
func TestNestedOutputObjectsStop(t *testing.T) {
	wrapped := func(n int) string { return strings.Repeat(`{"content":`, n) + `"x"` + strings.Repeat("}", n) }
	if o := parseOutput(jsontext.Value(wrapped(10_000))); o.body != wrapped(10_000-maxOutputDepth) {
		t.Errorf("the output %.60q…", o.body)
	}
	if o := parseOutput(jsontext.Value(`{"content":"no such file","success":false}`)); o.body != "no such file" || !o.failed {
		t.Errorf("the output %+v", o)
	}
}
