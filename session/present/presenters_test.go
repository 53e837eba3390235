package present

import (
	"reflect"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

func result(t *testing.T, text string, isError bool, metaJSON string) *session.ToolResult {
	t.Helper()
	r := &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: text}}, IsError: isError}
	if metaJSON != "" {
		r.Meta, r.HasMeta = meta(t, metaJSON), true
	}
	return r
}

const envelope = "<path>/w/a.txt</path>\n<type>file</type>\n<content>\n1: one\n\n(End of file - total 1 lines)\n</content>"
const readMeta = `{"path":"/w/a.txt","offset":1,"lines":[{"number":1,"text":"one"}],"totalLines":1}`

func TestReadPresenter(t *testing.T) {
	args := `{"file_path":"a.txt"}`
	v, ok := Result("read", args, result(t, envelope, false, readMeta)).(session.ReadResultView)
	if !ok {
		t.Fatal("a valid read is not a read card")
	}
	if v.Path != "/w/a.txt" || v.Offset != 1 || len(v.Lines) != 1 || v.Content[0].Text != "1: one\n\n(End of file - total 1 lines)" {
		t.Fatalf("read card: %+v", v)
	}
	declines := map[string]*session.ToolResult{
		"an error":           result(t, envelope, true, readMeta),
		"meta that fails":    result(t, envelope, false, `{"path":"/w/a.txt","offset":0,"lines":[],"totalLines":1}`),
		"no meta (pre-card)": result(t, envelope, false, ""),
		"not the envelope":   result(t, "1: one", false, readMeta),
		"two blocks":         {Content: []session.ContentBlock{{Type: "text", Text: envelope}, {Type: "text", Text: "x"}}, Meta: meta(t, readMeta)},
		"an image block":     {Content: []session.ContentBlock{{Type: "image"}}, Meta: meta(t, readMeta)},
	}
	for why, r := range declines {
		if v := Result("read", args, r); !reflect.DeepEqual(v, session.GenericResultView{}) {
			t.Errorf("%s: want the generic fallback, got %#v", why, v)
		}
	}
}

func TestReadEnvelope(t *testing.T) {
	for text, want := range map[string]string{
		envelope: "1: one\n\n(End of file - total 1 lines)",
		"<path>a</path>/x</path>\n<type>file</type>\n<content>\nbody\n</content>": "body",
		"<path>a</path>\n<type>file</type>\n<content>\n\n</content>":              "",
		"<path>a</path>\n<type>file</type>\n<content>\nx\n</content>\n</content>": "x\n</content>",
	} {
		if got, ok := readEnvelope(text); !ok || got != want {
			t.Errorf("readEnvelope(%q) = %q, %v; want %q", text, got, ok, want)
		}
	}
	for _, text := range []string{
		"<path>a\nb</path>\n<type>file</type>\n<content>\nx\n</content>",
		"<path>a</path>\n<type>directory</type>\n<content>\nx\n</content>",
		"<path>a</path>\n<type>file</type>\n<content>\n</content>",
		"<path>a</path>\n<type>file</type>\n<content>\nx\n</content>\n",
		"x<path>a</path>\n<type>file</type>\n<content>\nx\n</content>",
		"",
	} {
		if got, ok := readEnvelope(text); ok {
			t.Errorf("readEnvelope(%q) accepted: %q", text, got)
		}
	}
}

func TestReadCallTitles(t *testing.T) {
	for args, want := range map[string]string{
		`{"file_path":"f.go"}`:                        "Read f.go",
		`{"file_path":"f.go","offset":5,"limit":4}`:   "Read f.go (5 - 8)",
		`{"file_path":"f.go","limit":10}`:             "Read f.go (1 - 10)",
		`{"file_path":"f.go","offset":7}`:             "Read f.go (from line 7)",
		`{"file_path":"f.go","offset":7,"limit":0}`:   "Read f.go (from line 7)",
		`{"file_path":"f.go","offset":1.5,"limit":2}`: "Read f.go (1.5 - 2.5)",
	} {
		v, ok := Call("read", args).(session.GenericCallView)
		if !ok || v.Title != want || v.Kind != "read" {
			t.Errorf("%s: %#v, want title %q", args, v, want)
		}
	}
	// arguments that fail the schema, or are not JSON, skip the presenter
	if v := Call("read", `{"file_path":7}`).(session.GenericCallView); v.Title != "read" {
		t.Errorf("a bad argument type: %#v", v)
	}
	if v := Call("read", `{not json`).(session.GenericCallView); v.Title != "read" || v.RawInput != "{not json" {
		t.Errorf("bad JSON: %#v", v)
	}
}

func TestWriteAndEditPresenters(t *testing.T) {
	write := `{"file_path":"n.txt","content":"hello\n"}`
	whole := []session.FileDiff{{Path: "n.txt", OldText: nil, NewText: "hello\n", Whole: true}} // "ok" does not say the file was created
	for why, metaJSON := range map[string]string{
		"a new file (empty diffs)": `{"diffs":[]}`,
		"no meta (an old log)":     "",
		"malformed diffs":          `{"diffs":[{"path":"n.txt","newText":"x"}]}`,
	} {
		v, ok := Result("write", write, result(t, "ok", false, metaJSON)).(session.DiffResultView)
		if !ok || !reflect.DeepEqual(v.Diffs, whole) || v.Title != "Write n.txt" {
			t.Errorf("write, %s: want the whole-file fallback, got %#v", why, v)
		}
	}
	hunk := `{"diffs":[{"path":"n.txt","oldText":"a","newText":"b"},{"path":"n.txt","oldText":null,"newText":"c"}]}`
	v := Result("write", write, result(t, "ok", false, hunk)).(session.DiffResultView)
	if len(v.Diffs) != 2 || *v.Diffs[0].OldText != "a" || v.Diffs[1].OldText != nil {
		t.Errorf("write hunks: %#v", v)
	}
	if _, ok := Result("write", write, result(t, "Error: no", true, hunk)).(session.GenericResultView); !ok {
		t.Error("a failed write is not generic")
	}

	edit := `{"file_path":"e.txt","old_string":"a","new_string":"b"}`
	for why, metaJSON := range map[string]string{
		"no meta":            "",
		"empty diffs":        `{"diffs":[]}`,
		"diffs not an array": `{"diffs":{}}`,
		"oldText a number":   `{"diffs":[{"path":"e.txt","oldText":1,"newText":"b"}]}`,
		"an entry missing":   `{"diffs":[{"path":"e.txt","oldText":"a","newText":"b"},null]}`,
	} {
		if v := Result("edit", edit, result(t, "ok", false, metaJSON)); !reflect.DeepEqual(v, session.GenericResultView{}) {
			t.Errorf("edit, %s: want the generic fallback, got %#v", why, v)
		}
	}
	if v, ok := Result("edit", edit, result(t, "ok", false, hunk)).(session.DiffResultView); !ok || v.Title != "Edit e.txt" {
		t.Errorf("edit: %#v", v)
	}
	call := Call("edit", `{"file_path":"e.txt","old_string":"","new_string":"b"}`).(session.DiffCallView)
	if call.Diffs[0].OldText != nil {
		t.Errorf("an empty old_string is a null oldText: %#v", call)
	}
	if w := Call("write", write).(session.DiffCallView); w.Diffs[0].OldText != nil || w.Title != "Write n.txt" {
		t.Errorf("write call: %#v", w)
	}
}

func TestExitStatusFromTheFinalLine(t *testing.T) {
	for _, c := range []struct {
		in, body string
		code     int
		signal   string
	}{
		{"out\n[exit code: 2]", "out", 2, ""},
		{"out\n[killed by signal: SIGTERM]", "out", 0, "SIGTERM"},
		{"out\n[exit code: 2]\n[killed by signal: SIGKILL]", "out\n[exit code: 2]", 0, "SIGKILL"},
		{"out\n[exit code: 2]\n", "out\n[exit code: 2]\n", 0, ""}, // not the final line
		{"[exit code: 2]", "[exit code: 2]", 0, ""},               // no newline before it
		{"out\n[exit code: -1]", "out\n[exit code: -1]", 0, ""},
		{"plain output\n", "plain output\n", 0, ""},
		{"", "", 0, ""},
	} {
		body, code, signal := parseExitStatus(c.in)
		if body != c.body || code != c.code || signal != c.signal {
			t.Errorf("parseExitStatus(%q) = %q, %d, %q", c.in, body, code, signal)
		}
	}
}

func TestBashPresenter(t *testing.T) {
	fg := `{"command":"ls","description":"List","workdir":"sub"}`
	if v := Call("bash", fg).(session.TerminalCallView); v != (session.TerminalCallView{Title: "ls", Description: "List", Cwd: "sub"}) {
		t.Errorf("terminal call: %#v", v)
	}
	v := Result("bash", fg, result(t, "a\n[exit code: 1]", false, "")).(session.TerminalResultView)
	if v.Output != "a" || *v.ExitCode != 1 || v.Signal != "" {
		t.Errorf("exit: %#v", v)
	}
	v = Result("bash", fg, result(t, "a\n[killed by signal: SIGINT]", false, "")).(session.TerminalResultView)
	if v.ExitCode != nil || v.Signal != "SIGINT" {
		t.Errorf("signal: %#v", v)
	}
	v = Result("bash", fg, result(t, "a\n", false, "")).(session.TerminalResultView)
	if *v.ExitCode != 0 || v.Output != "a\n" {
		t.Errorf("no marker means exit 0: %#v", v)
	}
	bg := `{"command":"serve","description":"Serve","run_in_background":true}`
	if c := Call("bash", bg).(session.GenericCallView); c.Kind != "execute" || c.Title != "serve" {
		t.Errorf("background call: %#v", c)
	}
	fenced := session.GenericResultView{Content: []session.ContentBlock{{Type: "text", Text: "```console\nstarted job 1\n```"}}}
	if g := Result("bash", bg, result(t, "started job 1\n\n", false, "")); !reflect.DeepEqual(g, fenced) {
		t.Errorf("background result: %#v", g)
	}
	fenced.Content[0].Text = "```console\nError: rejected\n```"
	if g := Result("bash", fg, result(t, "Error: rejected", true, "")); !reflect.DeepEqual(g, fenced) {
		t.Errorf("error result: %#v", g)
	}
	two := &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: "a"}, {Type: "text", Text: "b"}}}
	if g := Result("bash", fg, two); !reflect.DeepEqual(g, session.GenericResultView{}) {
		t.Errorf("two blocks decline: %#v", g)
	}
	// the persistent shell registers as bash too, with a command alone
	if c := Call("bash", `{"command":"pwd"}`).(session.TerminalCallView); c.Title != "pwd" || c.Description != "" {
		t.Errorf("persistent shell: %#v", c)
	}
	if g := Result("bash", `{"command":"pwd"}`, result(t, "/w", false, "")); !reflect.DeepEqual(g, session.GenericResultView{}) {
		t.Errorf("the persistent shell has no result presenter: %#v", g)
	}
}

func TestSearchAndWebPresenters(t *testing.T) {
	matches := `{"shape":"matches","files":[{"path":"a.go","matches":[{"lineNumber":3,"line":"x"}]}],"truncated":true,"total":9}`
	paths := `{"shape":"paths","paths":["a","b"],"truncated":false,"total":2}`
	if v, ok := Result("grep", `{"pattern":"x"}`, result(t, "", false, matches)).(session.SearchMatchesResultView); !ok || v.Total != 9 || !v.Truncated || v.Files[0].Matches[0].LineNumber != 3 {
		t.Errorf("grep: %#v", v)
	}
	if v, ok := Result("glob", `{"pattern":"*"}`, result(t, "", false, paths)).(session.SearchPathsResultView); !ok || len(v.Paths) != 2 {
		t.Errorf("glob: %#v", v)
	}
	for name, c := range map[string][2]string{
		"grep with a paths meta":   {"grep", paths},
		"glob with a matches meta": {"glob", matches},
		"an old log's kind":        {"grep", `{"kind":"matches","files":[],"truncated":false,"total":0}`},
		"truncated missing":        {"glob", `{"shape":"paths","paths":[],"total":0}`},
		"a path not a string":      {"glob", `{"shape":"paths","paths":[1],"truncated":false,"total":1}`},
	} {
		if v := Result(c[0], `{"pattern":"x"}`, result(t, "", false, c[1])); !reflect.DeepEqual(v, session.GenericResultView{}) {
			t.Errorf("%s: %#v", name, v)
		}
	}
	if v := Call("grep", `{"pattern":"TODO","path":"src","include":"*.go"}`).(session.GenericCallView); v.Title != "Grep TODO in src (*.go)" || v.RawInput != "TODO" {
		t.Errorf("grep call: %#v", v)
	}

	ws := `{"sources":[{"url":"https://a","title":"A","snippet":"s","publishedAt":"2026"},{"url":"https://b"}],"truncated":false,"answer":"yes"}`
	v, ok := Result("web_search", `{"query":"q"}`, result(t, "", false, ws)).(session.WebSearchResultView)
	if !ok || v.Title != "q" || len(v.Sources) != 2 || v.Answer != "yes" || v.Sources[1].Title != "" {
		t.Errorf("web_search: %#v", v)
	}
	f, ok := Result("web_fetch", `{"url":"https://u"}`, result(t, "", false, `{"url":"https://final","statusCode":301,"truncated":true}`)).(session.WebFetchResultView)
	if !ok || f != (session.WebFetchResultView{Title: "https://u", URL: "https://final", StatusCode: 301, Truncated: true}) {
		t.Errorf("web_fetch: %#v", f)
	}
	for _, c := range [][2]string{
		{"web_search", `{"sources":[{"title":"no url"}],"truncated":false}`},
		{"web_search", `{"sources":[],"truncated":false,"answer":7}`},
		{"web_fetch", `{"url":"u","statusCode":"200","truncated":false}`},
	} {
		if v := Result(c[0], `{"query":"q","url":"u"}`, result(t, "", false, c[1])); !reflect.DeepEqual(v, session.GenericResultView{}) {
			t.Errorf("%s %s: %#v", c[0], c[1], v)
		}
	}
	if v := Result("web_fetch", `{"url":"u"}`, result(t, "", true, `{"url":"u","statusCode":200,"truncated":false}`)); !reflect.DeepEqual(v, session.GenericResultView{}) {
		t.Errorf("an error declines: %#v", v)
	}
}

func TestUnknownToolIsGeneric(t *testing.T) {
	c := Call("mcp__x__y", `{"a":1}`).(session.GenericCallView)
	in, _ := jsonline.Marshal(c.RawInput)
	if c.Title != "mcp__x__y" || string(in) != `{"a":1}` {
		t.Errorf("%#v", c)
	}
	if v := Result("mcp__x__y", `{}`, result(t, "x", false, "")); !reflect.DeepEqual(v, session.GenericResultView{}) {
		t.Errorf("%#v", v)
	}
}
