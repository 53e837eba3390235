package present

import (
	"strconv"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// FuzzNarrowing gives the meta narrowing of every card any JSON: it never
// panics, and what it accepts is sound.
func FuzzNarrowing(f *testing.F) {
	for _, s := range []string{readMeta, `{"diffs":[{"path":"a","oldText":null,"newText":"b"}]}`,
		`{"shape":"matches","files":[{"path":"a","matches":[{"lineNumber":1,"line":"x"}]}],"truncated":false,"total":1}`,
		`{"shape":"paths","paths":["a"],"truncated":true,"total":9}`, `{"sources":[{"url":"u"}],"truncated":false,"answer":"a"}`,
		`{"url":"u","statusCode":200,"truncated":false}`, `{"offset":1e400}`, `[[[[`, `null`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := jsonline.Any(data)
		if err != nil {
			return
		}
		if v, ok := readResultMeta(m); ok {
			prev := v.Offset - 1
			for _, l := range v.Lines {
				if l.Number <= prev || l.Number > v.TotalLines {
					t.Fatalf("accepted line %d after %d of %d", l.Number, prev, v.TotalLines)
				}
				prev = l.Number
			}
		}
		diffsFromMeta(m)
		searchResultMeta(m)
		webSearchFromMeta(m)
		webFetchFromMeta(m)
		for _, name := range []string{"read", "write", "edit", "bash", "grep", "glob", "web_search", "web_fetch", "exit_plan_mode"} {
			Result(name, `{"file_path":"a","content":"c","old_string":"o","new_string":"n","command":"c","description":"d","pattern":"p","query":"q","url":"u","plan":"# p"}`,
				&session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: string(data)}}, Meta: m})
		}
	})
}

// FuzzCall gives every presenter any arguments.
func FuzzCall(f *testing.F) {
	f.Add("read", `{"file_path":"a","offset":5,"limit":4}`)
	f.Add("str_replace_editor", `{"command":"insert","path":"p","insert_line":-1e308}`)
	f.Add("update_goal", `{"goal_id":"g","action":""}`)
	f.Add("edit", `{"file_path":"a.go","old_string":"x\u00`)
	f.Fuzz(func(t *testing.T, name, args string) {
		Call(name, args)
		Streaming(name, args) // the same arguments read as still arriving
		for n := range presenters {
			Call(n, args)
			Streaming(n, args)
		}
	})
}

// FuzzExitStatusFromTheFinalLine: the body is always a prefix of the text, and the
// status is what the markers, matched against the whole text, say.
func FuzzExitStatusFromTheFinalLine(f *testing.F) {
	f.Add("out\n[exit code: 2]")
	f.Add("x\n[killed by signal: SIGTERM]")
	f.Add("a\n[exit code: 1]\n[exit code: 2]")
	f.Add("\n[killed by signal: \n]")
	f.Fuzz(func(t *testing.T, text string) {
		body, code, signal := parseExitStatus(text)
		if len(body) > len(text) || text[:len(body)] != body {
			t.Fatalf("body %q is not a prefix of %q", body, text)
		}
		wantBody, wantCode, wantSignal := text, 0, ""
		if m := signalMarker.FindStringSubmatchIndex(text); m != nil {
			wantBody, wantSignal = text[:m[0]], text[m[2]:m[3]]
		} else if m := exitMarker.FindStringSubmatchIndex(text); m != nil {
			wantBody, wantCode = text[:m[0]], -1
			if n, err := strconv.Atoi(text[m[2]:m[3]]); err == nil {
				wantCode = n
			}
		}
		if body != wantBody || code != wantCode || signal != wantSignal {
			t.Fatalf("parseExitStatus(%q) = %q, %d, %q; the whole text's markers say %q, %d, %q", text, body, code, signal, wantBody, wantCode, wantSignal)
		}
	})
}

// FuzzDeclared gives a request/header's tools any JSON, and calls any
// arguments through what deck read of them: it never panics.
func FuzzDeclared(f *testing.F) {
	f.Add(`[{"name":"bash","parameters":{"type":"object","properties":{"command":{"type":"string","enum":["ls"]}},"required":["command"]}}]`, `{"command":"ls"}`)
	f.Add(`[{"name":"todo_write","parameters":{"type":"object","properties":{"todos":{"type":"array","items":{"oneOf":[{"type":"null"},{"type":"object","additionalProperties":false}]}}}}}]`, `{"todos":[null,{}]}`)
	f.Add(`[{"name":"read","parameters":{"type":"object","properties":{"offset":{"type":"integer","const":1e999}}}}]`, `{"offset":-0}`)
	f.Fuzz(func(t *testing.T, tools, args string) {
		v, err := jsonline.Any([]byte(tools))
		if err != nil {
			return
		}
		d := ParseDeclared(v)
		for name := range d {
			d.Call(name, args)
			d.Streaming(name, args)
			d.Result(name, args, &session.ToolResult{})
		}
	})
}
