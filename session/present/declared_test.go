package present

import (
	"reflect"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

func declared(t *testing.T, tools string) Declared {
	t.Helper()
	v, err := jsonline.Any([]byte(tools))
	if err != nil {
		t.Fatal(err)
	}
	return ParseDeclared(v)
}

// A session's request/header holds the schemas the harness checked: the
// deployment's own enum, and which of bash and its PTY twin was there.
func TestTheHeadersSchemaIsTheOneChecked(t *testing.T) {
	bash := `{"command":"ls","description":"List","sandbox_permissions":"workspace-write"}`
	d := declared(t, `[{"name":"bash","parameters":{"type":"object","required":["command","description"],
		"properties":{"command":{"type":"string"},"description":{"type":"string"},
		"sandbox_permissions":{"type":"string","enum":["danger-full-access"],"description":"the wider mode"}}}}]`)
	if _, ok := Call("bash", bash).(session.TerminalCallView); !ok {
		t.Errorf("built in, workspace-write is a mode: %#v", Call("bash", bash))
	}
	if v := d.Call("bash", bash); !reflect.DeepEqual(v, genericCall("bash", bash, mustArgs(bash), true)) {
		t.Errorf("declared, only danger-full-access is: %#v", v)
	}
	// the main bash declared: a call without its description is not the PTY twin's
	if v := Call("bash", `{"command":"ls"}`); !reflect.DeepEqual(v, session.TerminalCallView{Title: "ls"}) {
		t.Errorf("built in, the PTY twin takes a bare command: %#v", v)
	}
	if _, ok := d.Call("bash", `{"command":"ls"}`).(session.GenericCallView); !ok {
		t.Errorf("declared, the main bash needs a description: %#v", d.Call("bash", `{"command":"ls"}`))
	}
	// the PTY twin declared: its bare command is a terminal card
	pty := declared(t, `[{"name":"bash","parameters":{"type":"object","properties":{"command":{"type":"string"}},"required":["command"]}}]`)
	if v := pty.Call("bash", `{"command":"ls"}`); !reflect.DeepEqual(v, session.TerminalCallView{Title: "ls"}) {
		t.Errorf("the PTY twin declared: %#v", v)
	}
	// a tool the header does not declare keeps the built-in check
	if v := d.Call("read", `{"file_path":"a.go"}`); !reflect.DeepEqual(v, Call("read", `{"file_path":"a.go"}`)) || session.CallTitle(v) != "Read a.go" {
		t.Errorf("an undeclared tool: %#v", v)
	}
	// a result is checked the same way
	r := &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: "a"}}}
	if v := d.Result("bash", bash, r); !reflect.DeepEqual(v, session.GenericResultView{}) {
		t.Errorf("declared result: %#v", v)
	}
}

func mustArgs(raw string) Args {
	a, _ := ParseArgs(raw)
	return a
}

// A header schema outside the subset the harness enforces (a keyword it
// rejects, a required key that is not a property, a lone oneOf branch) is
// not one deck reads: the tool keeps its built-in check.
func TestAHeaderSchemaOutsideTheSubsetIsLeftOut(t *testing.T) {
	for _, params := range []string{
		`{"type":"object","properties":{"pattern":{"type":"string","pattern":"^a"}}}`,
		`{"type":"object","properties":{},"required":["pattern"]}`,
		`{"type":"object","properties":{"pattern":{"oneOf":[{"type":"string"}]}}}`,
		`{"type":"object","properties":{"pattern":{"type":"string","enum":"a"}}}`,
		`{"type":"object","additionalProperties":{"type":"string"}}`,
		`{"type":"array"}`,
		`"object"`,
	} {
		d := declared(t, `[{"name":"grep","parameters":`+params+`}]`)
		if _, left := d["grep"]; left {
			t.Errorf("%s: declared %#v", params, d["grep"])
		}
	}
	d := declared(t, `[{"name":"grep","parameters":{"type":"object","properties":{"pattern":{"type":"string","const":"a"},
		"n":{"oneOf":[{"type":"integer"},{"type":"null"}]},"xs":{"type":"array","items":{"type":"number","enum":[1,2]}}},
		"additionalProperties":false,"required":["pattern"]}}, {"name":3}, "x"]`)
	for args, fits := range map[string]bool{
		`{"pattern":"a"}`: true, `{"pattern":"b"}`: false, `{"pattern":"a","other":1}`: false,
		`{"pattern":"a","n":null}`: true, `{"pattern":"a","n":1.5}`: false,
		`{"pattern":"a","xs":[1,2.0]}`: true, `{"pattern":"a","xs":[3]}`: false,
	} {
		if got := d["grep"].accepts(map[string]any(mustArgs(args))); got != fits {
			t.Errorf("%s: fits %v, want %v", args, got, fits)
		}
	}
	if len(d) != 1 {
		t.Errorf("tools without a name or not objects: %v", d)
	}
}

// A value that takes a header schema too long to check does not fit: every
// oneOf branch is checked against every item, and 5,000 branches over
// 50,000 items took 5 s a call. A few items still fit.
func TestASchemaCheckIsBounded(t *testing.T) {
	branches := `{"type":"array"}` + strings.Repeat(`,{"type":"string"}`, 5000)
	d := declared(t, `[{"name":"grep","parameters":{"type":"object","properties":{"xs":{"type":"array","items":{"oneOf":[`+branches+`]}}}}}]`)
	items := func(n int) map[string]any {
		xs := make([]any, n)
		for i := range xs {
			xs[i] = []any{}
		}
		return map[string]any{"xs": xs}
	}
	if !d["grep"].accepts(items(3)) {
		t.Error("3 items do not fit")
	}
	if d["grep"].accepts(items(50_000)) {
		t.Error("50,000 items, 250 million checks, fit")
	}
}
