package claude_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/claude"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"

	"github.com/go-json-experiment/json"
)

// ccLog builds a Claude Code transcript line by line, filling in the
// envelope every record carries.
type ccLog struct {
	lines []string
	n     int
}

type obj = map[string]any

func (l *ccLog) add(r obj) *ccLog {
	l.n++
	envelope := obj{"sessionId": "s1", "uuid": fmt.Sprintf("u%d", l.n), "cwd": "/w", "version": "2.1.0",
		"timestamp": fmt.Sprintf("2026-01-01T00:00:%02d.000Z", l.n%60)}
	for k, v := range envelope {
		if _, ok := r[k]; !ok {
			r[k] = v
		}
	}
	b, err := json.Marshal(r)
	if err != nil {
		panic(err)
	}
	l.lines = append(l.lines, string(b))
	return l
}

func (l *ccLog) raw(line string) *ccLog {
	l.lines = append(l.lines, line)
	return l
}

func (l *ccLog) text() string { return strings.Join(l.lines, "\n") + "\n" }

func (l *ccLog) read(t *testing.T) *session.Session {
	t.Helper()
	s := sessiontest.ReadString(l.text())
	if !s.Account.Balanced() || s.Account.Lines != len(l.lines) {
		t.Fatalf("accounting %+v for %d lines", s.Account, len(l.lines))
	}
	return s
}

func (l *ccLog) prompt(text string) *ccLog {
	return l.add(obj{"type": "user", "message": obj{"role": "user", "content": text}})
}

// use is an assistant line holding one tool_use.
func (l *ccLog) use(msg, id, name string, input obj) *ccLog {
	return l.add(obj{"type": "assistant", "message": obj{"id": msg, "model": "claude-test", "role": "assistant",
		"content": []any{obj{"type": "tool_use", "id": id, "name": name, "input": input}}}})
}

func (l *ccLog) say(msg, text string) *ccLog {
	return l.add(obj{"type": "assistant", "message": obj{"id": msg, "model": "claude-test", "role": "assistant",
		"content": []any{obj{"type": "text", "text": text}}}})
}

// result is a user line holding one tool_result and its toolUseResult
// (omitted when tur is nil).
func (l *ccLog) result(id string, content any, isErr bool, tur any) *ccLog {
	r := obj{"type": "user", "message": obj{"role": "user", "content": []any{
		obj{"type": "tool_result", "tool_use_id": id, "content": content, "is_error": isErr}}}}
	if tur != nil {
		r["toolUseResult"] = tur
	}
	return l.add(r)
}

func TestSessionFacts(t *testing.T) {
	l := &ccLog{}
	l.add(obj{"type": "file-history-snapshot", "messageId": "m"})
	l.prompt("hi")
	l.add(obj{"type": "assistant", "message": obj{"id": "m1", "model": "claude-a", "content": []any{obj{"type": "text", "text": "one"}},
		"usage": obj{"input_tokens": 10, "output_tokens": 1, "cache_read_input_tokens": 100, "cache_creation_input_tokens": 5}}})
	l.add(obj{"type": "assistant", "message": obj{"id": "m1", "model": "claude-a", "content": []any{obj{"type": "text", "text": "two"}},
		"usage": obj{"input_tokens": 10, "output_tokens": 7, "cache_read_input_tokens": 100, "cache_creation_input_tokens": 5}}})
	s := l.read(t)
	if s.Format != session.FormatClaudeCode || s.Agent != "Claude Code 2.1.0" || s.Header.ID != "s1" || s.Header.Cwd != "/w" || s.Model != "claude-a" {
		t.Errorf("facts %q %q %+v %q", s.Format, s.Agent, s.Header, s.Model)
	}
	if s.Header.CreatedAt != 1767225601000 {
		t.Errorf("created at %d", s.Header.CreatedAt)
	}
	// one message written over two lines: its usage once, the last line's
	if s.Usage != (session.TokenUsage{Input: 10, Output: 7, CacheRead: 100, CacheWrite: 5, Recorded: session.RecordedCache}) {
		t.Errorf("usage %+v", s.Usage)
	}
	if got := sessiontest.Shape(s); got != "turn user text:one text:two " {
		t.Errorf("shape %q", got)
	}
	if s.Hidden["file-history-snapshot"] != 1 {
		t.Errorf("hidden %v", s.Hidden)
	}
}

func TestBlockWrittenTwice(t *testing.T) {
	l := &ccLog{}
	l.say("m1", "same").say("m1", "same").use("m1", "t1", "Glob", obj{"pattern": "*"}).use("m1", "t1", "Glob", obj{"pattern": "*"})
	s := l.read(t)
	if got := sessiontest.Shape(s); got != "text:same call:t1 " {
		t.Errorf("shape %q", got)
	}
	if s.Account.Merged != 2 {
		t.Errorf("accounting %+v", s.Account)
	}
}

func TestMessages(t *testing.T) {
	l := &ccLog{}
	l.add(obj{"type": "user", "message": obj{"content": "<command-message>init</command-message>\n<command-name>/init</command-name>\n<command-args>a\nb</command-args>"}})
	l.add(obj{"type": "user", "isMeta": true, "message": obj{"content": []any{obj{"type": "text", "text": "Please analyze"}}}})
	l.add(obj{"type": "user", "isMeta": true, "message": obj{"content": "<system-reminder>\nhook said\n</system-reminder>"}})
	l.add(obj{"type": "user", "message": obj{"content": []any{obj{"type": "text", "text": "[Request interrupted by user]"}}}})
	l.add(obj{"type": "user", "message": obj{"content": "<command-name>/cost</command-name>"}})
	l.add(obj{"type": "user", "message": obj{"content": "<local-command-stdout>$0.10</local-command-stdout>"}})
	l.add(obj{"type": "assistant", "message": obj{"id": "m", "content": []any{obj{"type": "thinking", "thinking": "hmm", "signature": "x"}, obj{"type": "text", "text": "  \n"}}}})
	l.add(obj{"type": "assistant", "isApiErrorMessage": true, "message": obj{"id": "e", "model": "<synthetic>", "content": []any{obj{"type": "text", "text": "API Error: 529"}}}})
	s := l.read(t)
	if got := sessiontest.Shape(s); got != "turn event:command user end:aborted turn event:command reasoning event:api-error " {
		t.Fatalf("shape %q", got)
	}
	cmd := s.Entries[1].(*session.Event)
	if cmd.Summary != "/init a b" || cmd.Body != "Please analyze" {
		t.Errorf("command %+v", cmd)
	}
	if m := s.Entries[2].(*session.UserMessage); m.Role != session.RoleInjected || session.TextOf(m.Content) != "hook said" || !strings.Contains(m.Source, "system reminder") {
		t.Errorf("reminder %+v", m)
	}
	if e := s.Entries[5].(*session.Event); e.Summary != "/cost" || e.Body != "$0.10" {
		t.Errorf("local command %+v", e)
	}
	if e := s.Entries[7].(*session.Event); !e.Failed || e.Summary != "API Error: 529" {
		t.Errorf("api error %+v", e)
	}
	if s.Model != "" {
		t.Errorf("model %q: <synthetic> is no model", s.Model)
	}
	if s.Account.Merged != 2 {
		t.Errorf("accounting %+v: the expansion and the output merge into their commands", s.Account)
	}
}

func TestHumanPrompt(t *testing.T) {
	l := &ccLog{}
	l.prompt("<b>bold</b> is html").prompt("plain")
	s := l.read(t)
	if got := sessiontest.Shape(s); got != "turn user turn user " {
		t.Fatalf("shape %q", got)
	}
	for _, i := range []int{1, 3} {
		if m := s.Entries[i].(*session.UserMessage); m.Role != session.RoleHuman {
			t.Errorf("entry %d role %v", i, m.Role)
		}
	}
	if ts := s.Entries[2].(*session.TurnStart); ts.Turn != 2 {
		t.Errorf("turn %d", ts.Turn)
	}
}

func TestInterruptEndsCalls(t *testing.T) {
	l := &ccLog{}
	l.use("m", "t1", "Bash", obj{"command": "sleep 9"})
	l.add(obj{"type": "user", "message": obj{"content": []any{obj{"type": "text", "text": "[Request interrupted by user for tool use]"}}}})
	s := l.read(t)
	if c := sessiontest.Calls(s)[0]; !c.Unfinished || c.Status() != session.CallPending {
		t.Errorf("call %+v", c)
	}
	if e, ok := s.Entries[1].(*session.TurnEnd); !ok || e.Reason != "aborted" {
		t.Errorf("entries %s", sessiontest.Shape(s))
	}
}

func TestReadFromObject(t *testing.T) {
	l := &ccLog{}
	l.use("m", "t1", "Read", obj{"file_path": "/w/a.go", "offset": 2, "limit": 2})
	l.result("t1", "     2→b\n     3→c\n", false, obj{"type": "text", "file": obj{"filePath": "/w/a.go", "content": "b\nc", "numLines": 2, "startLine": 2, "totalLines": 9}})
	v, ok := sessiontest.OnlyCall(t, l.read(t)).View.(session.ReadResultView)
	if !ok || v.Path != "/w/a.go" || v.Offset != 2 || v.TotalLines != 9 || len(v.Lines) != 2 || v.Lines[1] != (session.ReadFileLine{Number: 3, Text: "c"}) || v.Lang != "go" {
		t.Errorf("view %+v", v)
	}
}

func TestReadFromText(t *testing.T) {
	for _, text := range []string{
		"     1→x\n     2→y\n\n<system-reminder>\nWhenever you read a file, consider…\n</system-reminder>\n",
		"1\tx\n2\ty",
	} {
		l := &ccLog{}
		l.use("m", "t1", "Read", obj{"file_path": "/w/a.txt"}).result("t1", text, false, nil)
		v, ok := sessiontest.OnlyCall(t, l.read(t)).View.(session.ReadResultView)
		if !ok || len(v.Lines) != 2 || v.Lines[1] != (session.ReadFileLine{Number: 2, Text: "y"}) || v.Path != "/w/a.txt" {
			t.Errorf("%q: view %+v", text, v)
		}
	}
}

func TestReadKeepsTheFinalEmptyLine(t *testing.T) {
	l := &ccLog{}
	l.use("m", "t1", "Read", obj{"file_path": "a"}).result("t1", "", false, obj{"file": obj{"filePath": "a", "content": "x\n", "numLines": 2, "startLine": 1, "totalLines": 2}})
	if v := sessiontest.OnlyCall(t, l.read(t)).View.(session.ReadResultView); len(v.Lines) != 2 {
		t.Errorf("lines %+v: Claude Code counts the line a final newline ends", v.Lines)
	}
}

func TestEditFromPatch(t *testing.T) {
	l := &ccLog{}
	l.use("m", "t1", "Edit", obj{"file_path": "/w/a.go", "old_string": "b", "new_string": "B"})
	l.result("t1", "ok", false, obj{"filePath": "/w/a.go", "structuredPatch": []any{
		obj{"oldStart": 40, "oldLines": 3, "newStart": 40, "newLines": 3, "lines": []any{" a", "-b", "+B", " c"}}}})
	c := sessiontest.OnlyCall(t, l.read(t))
	v, ok := c.View.(session.DiffResultView)
	if !ok || len(v.Diffs) != 1 || *v.Diffs[0].OldText != "a\nb\nc" || v.Diffs[0].NewText != "a\nB\nc" {
		t.Fatalf("view %+v", c.View)
	}
	if len(c.DiffStarts) != 1 || c.DiffStarts[0] != 40 {
		t.Errorf("starts %v: the patch says where its hunk starts", c.DiffStarts)
	}
}

func TestEditNumberedByEarlierRead(t *testing.T) {
	l := &ccLog{}
	l.use("m1", "t1", "Read", obj{"file_path": "/w/a.go"}).result("t1", "     7→x\n     8→old\n     9→y", false, nil)
	l.use("m2", "t2", "Edit", obj{"file_path": "/w/a.go", "old_string": "old", "new_string": "new"})
	s := l.read(t)
	if c := s.Call("t2"); len(c.DiffStarts) != 1 || c.DiffStarts[0] != 8 {
		t.Errorf("pending starts %v", c.DiffStarts)
	}
	l.result("t2", "The file has been updated.", false, nil) // a subagent's success: no toolUseResult
	s = l.read(t)
	c := s.Call("t2")
	if v, ok := c.View.(session.DiffResultView); !ok || *v.Diffs[0].OldText != "old" || c.DiffStarts[0] != 8 {
		t.Errorf("view %+v starts %v", c.View, c.DiffStarts)
	}
}

func TestMultiEdit(t *testing.T) {
	l := &ccLog{}
	l.use("m", "t1", "MultiEdit", obj{"file_path": "a", "edits": []any{obj{"old_string": "1", "new_string": "2"}, obj{"old_string": "3", "new_string": "4"}}})
	s := l.read(t)
	if v := sessiontest.OnlyCall(t, s).Call.(session.DiffCallView); len(v.Diffs) != 2 {
		t.Errorf("pending %+v", v)
	}
	l.result("t1", "Applied 2 edits", false, obj{"filePath": "a", "structuredPatch": []any{
		obj{"oldStart": 1, "oldLines": 1, "newStart": 1, "newLines": 1, "lines": []any{"-1", "+2"}},
		obj{"oldStart": 9, "oldLines": 1, "newStart": 9, "newLines": 1, "lines": []any{"-3", "+4"}}}})
	c := sessiontest.OnlyCall(t, l.read(t))
	if v := c.View.(session.DiffResultView); len(v.Diffs) != 2 || c.DiffStarts[1] != 9 {
		t.Errorf("view %+v starts %v", v, c.DiffStarts)
	}
}

func TestWrite(t *testing.T) {
	old := "a\nb\nc\nd\ne\nf\ng\nh\n"
	cases := []struct {
		name    string
		setup   func(l *ccLog)
		tur     obj
		newFile bool
		title   string
	}{
		{"create", nil, obj{"type": "create", "filePath": "/w/f", "content": "x\n", "structuredPatch": []any{}}, true, ""},
		{"update with its original", nil, obj{"type": "update", "filePath": "/w/f", "content": strings.Replace(old, "d", "D", 1), "structuredPatch": []any{}, "originalFile": old}, false, ""},
		{"update of a file read whole", func(l *ccLog) {
			l.use("m0", "t0", "Read", obj{"file_path": "/w/f"}).result("t0", "", false, obj{"file": obj{"filePath": "/w/f", "content": old, "startLine": 1, "numLines": 9, "totalLines": 9}})
		}, obj{"type": "update", "filePath": "/w/f", "content": strings.Replace(old, "d", "D", 1), "structuredPatch": []any{}}, false, ""},
		{"update of an unknown file", nil, obj{"type": "update", "filePath": "/w/f", "content": "x\n", "structuredPatch": []any{}}, true, "Write /w/f (replaced; its old text is not in the log)"},
	}
	for _, tc := range cases {
		l := &ccLog{}
		if tc.setup != nil {
			tc.setup(l)
		}
		l.use("m", "t1", "Write", obj{"file_path": "/w/f", "content": tc.tur["content"]}).result("t1", "ok", false, tc.tur)
		c := l.read(t).Call("t1")
		v, ok := c.View.(session.DiffResultView)
		if !ok || len(v.Diffs) != 1 || (v.Diffs[0].OldText == nil) != tc.newFile || v.Title != tc.title {
			t.Errorf("%s: view %+v", tc.name, c.View)
			continue
		}
		if !tc.newFile && (c.DiffStarts[0] != 1 || !strings.Contains(*v.Diffs[0].OldText, "d")) {
			t.Errorf("%s: starts %v diff %q", tc.name, c.DiffStarts, *v.Diffs[0].OldText)
		}
	}
}

func TestBash(t *testing.T) {
	zero := 0
	cases := []struct {
		name   string
		text   string
		isErr  bool
		tur    any
		output string
		exit   *int
		signal string
	}{
		{"success", "out", false, obj{"stdout": "out", "stderr": "warn", "interrupted": false}, "out\nwarn", &zero, ""},
		{"interrupted", "", false, obj{"stdout": "part", "stderr": "", "interrupted": true}, "part", nil, "interrupt"},
		{"background", "Command running in background with ID: bash_1", false, obj{"stdout": "", "stderr": "", "backgroundTaskId": "bash_1"}, "Command running in background with ID: bash_1", nil, ""},
		{"failure with its code", "Exit code 7\nboom", true, "Error: Exit code 7\nboom", "boom", intp(7), ""},
		{"failure without one", "tsc: error", true, "Error: tsc: error", "tsc: error", nil, ""},
		{"a subagent's success", "hello", false, nil, "hello", &zero, ""},
	}
	for _, tc := range cases {
		l := &ccLog{}
		l.use("m", "t1", "Bash", obj{"command": "make", "description": "Build it"}).result("t1", tc.text, tc.isErr, tc.tur)
		c := sessiontest.OnlyCall(t, l.read(t))
		v, ok := c.View.(session.TerminalResultView)
		if !ok || v.Output != tc.output || fmt.Sprint(deref(v.ExitCode)) != fmt.Sprint(deref(tc.exit)) || v.Signal != tc.signal {
			t.Errorf("%s: view %+v", tc.name, c.View)
		}
		if call := c.Call.(session.TerminalCallView); call.Title != "make" || call.Description != "Build it" {
			t.Errorf("%s: call %+v", tc.name, call)
		}
		if (c.Status() == session.CallFailed) != (tc.isErr || tc.signal != "") {
			t.Errorf("%s: status %v", tc.name, c.Status())
		}
	}
}

func intp(n int) *int { return &n }

func deref(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}

func TestSearch(t *testing.T) {
	cases := []struct {
		name  string
		tool  string
		input obj
		text  string
		tur   any
		check func(session.ResultView) bool
	}{
		{"grep content", "Grep", obj{"pattern": "x", "output_mode": "content", "-n": true}, "a.go:3:x := 1\nb.go:9:y(x)", nil, func(v session.ResultView) bool {
			m, ok := v.(session.SearchMatchesResultView)
			return ok && len(m.Files) == 2 && m.Files[1].Matches[0].LineNumber == 9 && m.Total == 2
		}},
		{"grep content in one file", "Grep", obj{"pattern": "x", "output_mode": "content", "path": "/w/a.css"}, "969:.row {\n978:.row.x {", nil, func(v session.ResultView) bool {
			m, ok := v.(session.SearchMatchesResultView)
			return ok && len(m.Files) == 1 && m.Files[0].Path == "/w/a.css" && m.Files[0].Matches[1].Line == ".row.x {"
		}},
		{"grep files", "Grep", obj{"pattern": "x"}, "Found 2 files\na.go\nb.go", nil, func(v session.ResultView) bool {
			p, ok := v.(session.SearchPathsResultView)
			return ok && len(p.Paths) == 2 && p.Total == 2
		}},
		{"grep files object", "Grep", obj{"pattern": "x"}, "", obj{"mode": "files_with_matches", "filenames": []any{"a"}, "numFiles": 1}, func(v session.ResultView) bool {
			p, ok := v.(session.SearchPathsResultView)
			return ok && len(p.Paths) == 1
		}},
		{"grep count", "Grep", obj{"pattern": "x", "output_mode": "count"}, "a.go:3\nb.go:1", nil, func(v session.ResultView) bool {
			g, ok := v.(session.GenericResultView)
			return ok && strings.Contains(session.TextOf(g.Content), "a.go:3")
		}},
		{"glob object", "Glob", obj{"pattern": "*"}, "", obj{"filenames": []any{"a", "b"}, "numFiles": 5, "truncated": true}, func(v session.ResultView) bool {
			p, ok := v.(session.SearchPathsResultView)
			return ok && len(p.Paths) == 2 && p.Total == 5 && p.Truncated
		}},
		{"glob none", "Glob", obj{"pattern": "*"}, "No files found", nil, func(v session.ResultView) bool {
			p, ok := v.(session.SearchPathsResultView)
			return ok && len(p.Paths) == 0
		}},
		{"ls", "LS", obj{"path": "/d"}, "x", "- /d/\n  - sub/\n    - f.go\n  - g.go\n\nNOTE: do any of the files above seem malicious?", func(v session.ResultView) bool {
			p, ok := v.(session.SearchPathsResultView)
			return ok && strings.Join(p.Paths, ",") == "/d/sub/,/d/sub/f.go,/d/g.go"
		}},
	}
	for _, tc := range cases {
		l := &ccLog{}
		l.use("m", "t1", tc.tool, tc.input).result("t1", tc.text, false, tc.tur)
		if c := sessiontest.OnlyCall(t, l.read(t)); !tc.check(c.View) {
			t.Errorf("%s: view %+v", tc.name, c.View)
		}
	}
}

func TestWeb(t *testing.T) {
	l := &ccLog{}
	l.use("m", "t1", "WebFetch", obj{"url": "https://a.test", "prompt": "what?"}).result("t1", "# Page", false, obj{"code": 404, "url": "https://a.test/x", "result": "# Page"})
	l.use("m", "t2", "WebSearch", obj{"query": "q"}).result("t2", "…", false, obj{"query": "q", "results": []any{
		obj{"tool_use_id": "s", "content": []any{obj{"title": "T", "url": "https://t.test"}}}, "The answer.\n\nREMINDER: You MUST include the sources above"}})
	l.use("m", "t3", "WebSearch", obj{"query": "q"}).result("t3", "Web search results for query: \"q\"\n\nLinks: [{\"title\":\"U\",\"url\":\"https://u.test\"}]\n\nFrom text.", false, nil)
	s := l.read(t)
	if v, ok := s.Call("t1").View.(session.WebFetchResultView); !ok || v.StatusCode != 404 || v.URL != "https://a.test/x" {
		t.Errorf("fetch %+v", s.Call("t1").View)
	}
	if v, ok := s.Call("t2").View.(session.WebSearchResultView); !ok || len(v.Sources) != 1 || v.Sources[0].Title != "T" || v.Answer != "The answer." {
		t.Errorf("search %+v", s.Call("t2").View)
	}
	if v, ok := s.Call("t3").View.(session.WebSearchResultView); !ok || len(v.Sources) != 1 || v.Sources[0].URL != "https://u.test" || v.Answer != "From text." {
		t.Errorf("search from text %+v", s.Call("t3").View)
	}
}

func TestTodoWriteIsAPlan(t *testing.T) {
	l := &ccLog{}
	todos := []any{obj{"content": "a", "status": "completed", "activeForm": "A"}, obj{"content": "b", "status": "in_progress"}}
	l.use("m", "t1", "TodoWrite", obj{"todos": todos}).result("t1", "Todos have been modified", false, obj{"oldTodos": []any{}, "newTodos": todos})
	l.use("m2", "t2", "TodoWrite", obj{"todos": "bad"}).result("t2", "<tool_use_error>InputValidationError</tool_use_error>", true, "Error: InputValidationError")
	s := l.read(t)
	if got := sessiontest.Shape(s); got != "plan plan event:plan " {
		t.Fatalf("shape %q", got)
	}
	if p := s.Entries[0].(*session.Plan); len(p.Items) != 2 || p.Items[1] != (session.PlanItem{Content: "b", Status: "in_progress"}) {
		t.Errorf("plan %+v", p.Items)
	}
	if e := s.Entries[2].(*session.Event); !e.Failed || !strings.Contains(e.Summary, "InputValidationError") {
		t.Errorf("failure %+v", e)
	}
	if s.Account.Entries != 3 || s.Account.Merged != 1 {
		t.Errorf("accounting %+v: the result merges into its plan", s.Account)
	}
}

func TestErrors(t *testing.T) {
	l := &ccLog{}
	l.use("m", "t1", "Read", obj{"file_path": "x"}).result("t1", "<tool_use_error>File does not exist.</tool_use_error>", true, "Error: File does not exist.")
	l.use("m", "t2", "Edit", obj{"file_path": "x", "old_string": "a", "new_string": "b"}).result("t2", "String not found", false, "Error: String not found")
	s := l.read(t)
	for _, id := range []string{"t1", "t2"} {
		c := s.Call(id)
		if !c.Result.IsError || c.Status() != session.CallFailed {
			t.Errorf("%s: %+v", id, c.Result)
		}
		if _, ok := c.View.(session.GenericResultView); !ok {
			t.Errorf("%s: view %T", id, c.View)
		}
	}
	if got := session.TextOf(s.Call("t1").Result.Content); got != "File does not exist." {
		t.Errorf("error text %q", got)
	}
}

func TestOrphanAndDuplicateResults(t *testing.T) {
	l := &ccLog{}
	l.result("nope", "x", false, nil)
	l.use("m", "t1", "Glob", obj{"pattern": "*"}).result("t1", "a", false, nil).result("t1", "b", false, nil)
	s := l.read(t)
	cs := sessiontest.Calls(s)
	if len(cs) != 3 || !cs[0].Orphan || cs[1].Duplicate || !cs[2].Duplicate || cs[2].Name != "Glob" {
		t.Errorf("calls %s", sessiontest.Shape(s))
	}
}

func TestOtherTools(t *testing.T) {
	l := &ccLog{}
	l.use("m", "t1", "ExitPlanMode", obj{"plan": "# Ship it\n\n1. do"}).result("t1", "User has approved exiting plan mode.", false, obj{"plan": "# Ship it\n\n1. do"})
	l.use("m", "t2", "AskUserQuestion", obj{"questions": []any{obj{"question": "Which?", "header": "H", "options": []any{obj{"label": "A"}}}}}).
		result("t2", "User has answered", false, obj{"answers": obj{"Which?": "A"}})
	l.use("m", "t3", "mcp__github__create_issue", obj{"title": "x"}).result("t3", "created #1", false, nil)
	l.use("m", "t4", "BashOutput", obj{"bash_id": "bash_1"}).result("t4", "<status>running</status>\n\n<stdout>\nready\n</stdout>", false, nil)
	l.use("m", "t5", "KillBash", obj{"shell_id": "bash_1"}).result("t5", `{"success":true,"message":"Killed bash_1"}`, false, nil)
	l.use("m", "t6", "NotebookEdit", obj{"notebook_path": "n.ipynb", "new_source": "print(1)", "cell_id": "c1"}).result("t6", "Updated cell c1", false, nil)
	s := l.read(t)
	check := func(id, title, has string) {
		t.Helper()
		c := s.Call(id)
		g, ok := c.View.(session.GenericResultView)
		if !ok || c.Title() != title || !strings.Contains(session.TextOf(g.Content)+session.TextOf(c.Result.Content), has) {
			t.Errorf("%s: title %q view %+v", id, c.Title(), c.View)
		}
	}
	check("t1", "Ship it", "1. do")
	check("t2", "Asked the user", "→ A")
	check("t3", "github · create_issue", "created #1")
	check("t4", "Output of shell bash_1 (running)", "ready")
	check("t5", "Stop shell bash_1", "Killed bash_1")
	check("t6", "Edit notebook n.ipynb (cell c1)", "print(1)")
	if g := s.Call("t3").Call.(session.GenericCallView); g.RawInput == nil {
		t.Errorf("MCP call keeps no input: %+v", g)
	}
}

func TestCompaction(t *testing.T) {
	l := &ccLog{}
	l.add(obj{"type": "system", "subtype": "compact_boundary", "content": "Conversation compacted", "compactMetadata": obj{"trigger": "auto", "preTokens": 155116}})
	l.add(obj{"type": "user", "isCompactSummary": true, "message": obj{"content": "This session is being continued… the summary"}})
	l.add(obj{"type": "user", "isCompactSummary": true, "message": obj{"content": "a second summary"}})
	s := l.read(t)
	if got := sessiontest.Shape(s); got != "event:compaction event:compaction " {
		t.Fatalf("shape %q", got)
	}
	e := s.Entries[0].(*session.Event)
	if !strings.Contains(e.Summary, "155,116") || !strings.Contains(e.Body, "the summary") {
		t.Errorf("compaction %+v", e)
	}
	if s.Account.Merged != 1 {
		t.Errorf("accounting %+v", s.Account)
	}
}

// A compaction agent's transcript: the reminders copied from the
// conversation, then the request, which starts its turn, and the summary.
func TestCompactionAgent(t *testing.T) {
	l := &ccLog{}
	l.add(obj{"type": "user", "isSidechain": true, "agentId": "acompact-1", "parentUuid": "older", "message": obj{"content": "<system-reminder>\nhook context\n</system-reminder>"}})
	l.add(obj{"type": "user", "isSidechain": true, "agentId": "acompact-1", "parentUuid": "elsewhere", "message": obj{"content": "Your task is to create a detailed summary"}})
	l.add(obj{"type": "assistant", "isSidechain": true, "agentId": "acompact-1", "message": obj{"id": "m", "content": []any{obj{"type": "text", "text": "<summary>done</summary>"}}}})
	s := l.read(t)
	if got := sessiontest.Shape(s); got != "user turn user event:compaction " {
		t.Fatalf("shape %q: the request, not the reminder, starts the turn", got)
	}
	if m, ok := s.Entries[2].(*session.UserMessage); !ok || m.Role != session.RoleInjected || m.Source != claude.SourceCompact {
		t.Errorf("request %#v", s.Entries[2])
	}
	if e, ok := s.Entries[3].(*session.Event); !ok || e.Kind != "compaction" || e.Body != "<summary>done</summary>" {
		t.Errorf("summary %#v", s.Entries[3])
	}
}

func TestTitle(t *testing.T) {
	here := (&ccLog{}).add(obj{"type": "summary", "summary": "Mine", "leafUuid": "u3"}).
		add(obj{"type": "summary", "summary": "Another's", "leafUuid": "zz"}).prompt("x")
	if s := here.read(t); s.Title != "Mine" {
		t.Errorf("title %q: the summary whose leaf is in the file wins", s.Title)
	}
	none := (&ccLog{}).add(obj{"type": "summary", "summary": "A", "leafUuid": "y"}).add(obj{"type": "summary", "summary": "B", "leafUuid": "z"})
	if s := none.read(t); s.Title != "B" {
		t.Errorf("title %q: else the last", s.Title)
	}
	named := (&ccLog{}).add(obj{"type": "custom-title", "customTitle": "Named"}).add(obj{"type": "summary", "summary": "B", "leafUuid": "u1"})
	if s := named.read(t); s.Title != "Named" {
		t.Errorf("title %q: a name the user gave wins", s.Title)
	}
	ai := (&ccLog{}).add(obj{"type": "ai-title", "aiTitle": "Old"}).add(obj{"type": "ai-title", "aiTitle": "Fix the parser"}).
		add(obj{"type": "summary", "summary": "B", "leafUuid": "u1"}).prompt("x")
	if s := ai.read(t); s.Title != "Fix the parser" {
		t.Errorf("title %q: Claude Code's own title, the last, over summaries", s.Title)
	}
	if s := (&ccLog{}).add(obj{"type": "ai-title", "aiTitle": "AI"}).add(obj{"type": "custom-title", "customTitle": "Mine"}).read(t); s.Title != "Mine" {
		t.Errorf("title %q: the person's name over Claude Code's", s.Title)
	}
	// with no title record, the first thing typed: never a caveat or a reminder
	typed := (&ccLog{}).add(obj{"type": "user", "isMeta": true, "message": obj{"role": "user", "content": "<local-command-caveat>Caveat: the messages below…</local-command-caveat>"}}).
		add(obj{"type": "user", "message": obj{"role": "user", "content": "<system-reminder>be nice</system-reminder>"}}).
		add(obj{"type": "last-prompt", "lastPrompt": "later"}).add(obj{"type": "queue-operation", "operation": "enqueue", "content": "queued"}).
		add(obj{"type": "attachment", "attachment": obj{"type": "hook_additional_context"}}).add(obj{"type": "atis-latch"}).
		prompt("list the files\nand more")
	if s := typed.read(t); s.Title != "list the files" || len(s.Notices()) != 0 {
		t.Errorf("title %q, notices %v", s.Title, sessiontest.NoticeTexts(s))
	}
	cmd := (&ccLog{}).add(obj{"type": "user", "message": obj{"role": "user", "content": "<command-name>/review</command-name>\n<command-message>review</command-message>\n<command-args>pr 12</command-args>"}})
	if s := cmd.read(t); s.Title != "/review pr 12" {
		t.Errorf("title %q: a slash command is what was typed", s.Title)
	}
}

func TestBookkeepingAndNotices(t *testing.T) {
	l := &ccLog{}
	l.add(obj{"type": "progress", "data": obj{"type": "hook_progress", "hookEvent": "PostToolUse"}})
	l.add(obj{"type": "system", "subtype": "stop_hook_summary", "hookErrors": []any{}, "preventedContinuation": false})
	l.add(obj{"type": "system", "subtype": "stop_hook_summary", "hookErrors": []any{"hook.sh failed"}})
	l.add(obj{"type": "system", "subtype": "api_error", "level": "error", "error": obj{"status": 529, "message": "overloaded"}, "retryAttempt": 1, "maxRetries": 10})
	l.add(obj{"type": "system", "subtype": "turn_duration", "durationMs": 5})
	l.add(obj{"type": "queue-operation", "operation": "enqueue"})
	l.add(obj{"type": "future-thing"})
	l.raw("not json")
	l.add(obj{"type": "assistant", "isSidechain": "yes", "message": obj{}})
	l.add(obj{"type": "assistant", "message": obj{"id": "m", "content": []any{obj{"type": "hologram"}}}})
	l.add(obj{"type": "user", "message": 7})
	s := l.read(t)
	if got := sessiontest.Shape(s); !strings.HasPrefix(got, "event:hook event:api-error notice:") {
		t.Errorf("shape %q", got)
	}
	if e := s.Entries[1].(*session.Event); e.Summary != "API error (529 overloaded); retry 1 of 10" || !e.Failed {
		t.Errorf("api error %+v", e)
	}
	want := []string{
		"line 7: unknown Claude Code record `future-thing`",
		"line 8: not JSON",
		`line 9: not a Claude Code record: field "isSidechain" is a JSON string`,
		"line 10: unknown content block `hologram`",
		"line 11: `user` record's message does not fit its shape",
	}
	ns := s.Notices()
	if len(ns) != len(want) {
		t.Fatalf("notices %v", ns)
	}
	for i, n := range ns {
		if !strings.HasPrefix(n.Text, want[i]) {
			t.Errorf("notice %q, want %q", n.Text, want[i])
		}
	}
	if s.Hidden["hook_progress"] != 1 || s.Hidden["system:stop_hook_summary"] != 1 || s.Hidden["system:turn_duration"] != 1 || s.Hidden["queue-operation"] != 1 {
		t.Errorf("hidden %v", s.Hidden)
	}
}

// sidechain lines: a Task's subagent, written in the parent's log (1.0.x).
func (l *ccLog) side(r obj) *ccLog {
	r["isSidechain"] = true
	return l.add(r)
}

func (l *ccLog) task(msg, id, prompt string) *ccLog {
	return l.use(msg, id, "Task", obj{"description": "job " + id, "prompt": prompt, "subagent_type": "general-purpose"})
}

func TestSidechainNestsInItsTask(t *testing.T) {
	l := &ccLog{}
	l.task("m", "ta", "do A").task("m", "tb", "do B")
	// B's sidechain comes first, as parallel Tasks' do
	l.side(obj{"type": "user", "parentUuid": nil, "uuid": "b0", "message": obj{"content": "do B"}})
	l.side(obj{"type": "assistant", "parentUuid": "b0", "uuid": "b1", "message": obj{"id": "sb", "content": []any{obj{"type": "tool_use", "id": "s1", "name": "Bash", "input": obj{"command": "ls"}}}}})
	l.side(obj{"type": "user", "parentUuid": "b1", "uuid": "b2", "message": obj{"content": []any{obj{"type": "tool_result", "tool_use_id": "s1", "content": "f"}}}, "toolUseResult": obj{"stdout": "f", "stderr": ""}})
	l.side(obj{"type": "assistant", "parentUuid": "b2", "uuid": "b3", "message": obj{"id": "sb2", "content": []any{obj{"type": "text", "text": "B done"}}}})
	l.result("tb", []any{obj{"type": "text", "text": "B done"}}, false, obj{"content": []any{obj{"type": "text", "text": "B done"}}})
	l.side(obj{"type": "user", "parentUuid": nil, "uuid": "a0", "message": obj{"content": "not quite A's prompt"}})
	l.side(obj{"type": "assistant", "parentUuid": "a0", "uuid": "a1", "message": obj{"id": "sa", "content": []any{obj{"type": "text", "text": "A done"}}}})
	s := l.read(t)
	if got := sessiontest.Shape(s); got != "call:ta call:tb " {
		t.Fatalf("shape %q: the sidechains are nested", got)
	}
	b := s.Call("tb")
	if len(b.Nested) != 3 || session.TextOf(b.Nested[0].(*session.UserMessage).Content) != "do B" {
		t.Fatalf("B's work: %v", b.Nested)
	}
	if c := b.Nested[1].(*session.ToolCall); c.Status() != session.CallDone {
		t.Errorf("nested call %+v", c)
	}
	if a := s.Call("ta"); len(a.Nested) != 2 { // linked by order: the Task still waiting
		t.Errorf("A's work: %v", a.Nested)
	}
	if s.Account.Merged != 7 {
		t.Errorf("accounting %+v: sidechain lines merge into their Task", s.Account)
	}
	if _, ok := b.View.(session.GenericResultView); !ok || b.Title() != "Task: job tb" {
		t.Errorf("task view %+v title %q", b.View, b.Title())
	}
}

func TestNestedCopiesNotChangedInPlace(t *testing.T) {
	l := &ccLog{}
	l.task("m", "ta", "go")
	l.side(obj{"type": "user", "parentUuid": nil, "uuid": "a0", "message": obj{"content": "go"}})
	l.side(obj{"type": "assistant", "parentUuid": "a0", "uuid": "a1", "message": obj{"id": "s", "content": []any{obj{"type": "tool_use", "id": "s1", "name": "Bash", "input": obj{"command": "ls"}}}}})
	r := source.NewReader()
	r.Write([]byte(l.text()))
	before := r.Session().Call("ta").Nested
	r.Write([]byte(`{"type":"user","isSidechain":true,"parentUuid":"a1","sessionId":"s1","message":{"content":[{"type":"tool_result","tool_use_id":"s1","content":"x"}]}}` + "\n"))
	after := r.Session().Call("ta").Nested
	if before[1].(*session.ToolCall).Result != nil {
		t.Error("a snapshot the viewer holds was changed in place")
	}
	if after[1].(*session.ToolCall).Result == nil {
		t.Error("the new snapshot lacks the result")
	}
	if before[0] != after[0] {
		t.Error("an unchanged entry was copied again")
	}
}

func TestSubagentFileOnItsOwn(t *testing.T) {
	l := &ccLog{}
	l.side(obj{"type": "user", "parentUuid": nil, "agentId": "a1", "message": obj{"content": "explore"}})
	l.side(obj{"type": "assistant", "parentUuid": "u1", "agentId": "a1", "message": obj{"id": "m", "model": "claude-test", "content": []any{obj{"type": "tool_use", "id": "t1", "name": "Glob", "input": obj{"pattern": "*"}}}}})
	l.side(obj{"type": "user", "parentUuid": "u2", "agentId": "a1", "message": obj{"content": []any{obj{"type": "tool_result", "tool_use_id": "t1", "content": "a.go"}}}})
	s := l.read(t)
	if got := sessiontest.Shape(s); got != "turn user call:t1 " {
		t.Fatalf("shape %q: a subagent's own file shows its work at top level, the caller's prompt starting its turn", got)
	}
	if m := s.Entries[1].(*session.UserMessage); m.Role != session.RoleInjected || m.Source != claude.SourceCaller {
		t.Errorf("prompt %+v", m)
	}
	if s.Model != "claude-test" {
		t.Errorf("model %q", s.Model)
	}
}

// progressLog is a 2.x session: a Task whose subagent shows only through
// agent_progress copies, then the Task's result naming the agent.
func progressLog() *ccLog {
	l := &ccLog{}
	l.task("m", "tk", "dig")
	copyOf := func(msg obj) obj {
		return obj{"type": "progress", "parentToolUseID": "tk", "toolUseID": "agent_msg_m",
			"data": obj{"type": "agent_progress", "agentId": "abc123", "message": msg}}
	}
	l.add(copyOf(obj{"type": "user", "message": obj{"role": "user", "content": []any{obj{"type": "text", "text": "dig"}}}}))
	l.add(copyOf(obj{"type": "assistant", "message": obj{"id": "p1", "content": []any{obj{"type": "tool_use", "id": "p-t1", "name": "Read", "input": obj{"file_path": "x"}}}}}))
	l.add(copyOf(obj{"type": "user", "message": obj{"content": []any{obj{"type": "tool_result", "tool_use_id": "p-t1", "content": "     1→x"}}}}))
	l.result("tk", []any{obj{"type": "text", "text": "dug"}, obj{"type": "text", "text": "agentId: abc123 (for resuming)"}}, false,
		obj{"status": "completed", "agentId": "abc123", "content": []any{obj{"type": "text", "text": "dug"}}})
	return l
}

func TestAgentProgressWithoutItsFile(t *testing.T) {
	l := progressLog()
	dir := t.TempDir()
	path := filepath.Join(dir, "sess.jsonl")
	if err := os.WriteFile(path, []byte(l.text()), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := source.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	c := s.Call("tk")
	if len(c.Nested) != 2 || c.Nested[1].(*session.ToolCall).Name != "Read" {
		t.Fatalf("nested %v: the progress copies are the work", c.Nested)
	}
	if got := session.TextOf(c.View.(session.GenericResultView).Content); got != "dug" {
		t.Errorf("result %q: the agent id trailer is for the model", got)
	}
	if !s.Account.Balanced() || s.Account.Merged != 4 {
		t.Errorf("accounting %+v", s.Account)
	}
}

func TestSubagentFileBesideTheLog(t *testing.T) {
	l := progressLog()
	sub := &ccLog{}
	sub.side(obj{"type": "user", "parentUuid": nil, "agentId": "abc123", "message": obj{"content": "dig"}})
	sub.side(obj{"type": "assistant", "agentId": "abc123", "message": obj{"id": "f1", "content": []any{
		obj{"type": "tool_use", "id": "f-t1", "name": "Grep", "input": obj{"pattern": "p"}}}}})
	sub.side(obj{"type": "user", "agentId": "abc123", "message": obj{"content": []any{obj{"type": "tool_result", "tool_use_id": "f-t1", "content": "Found 1 file\na.go"}}}})
	sub.side(obj{"type": "assistant", "agentId": "abc123", "message": obj{"id": "f2", "content": []any{
		obj{"type": "tool_use", "id": "f-t2", "name": "Bash", "input": obj{"command": "sleep"}}}}})
	sub.side(obj{"type": "assistant", "agentId": "abc123", "message": obj{"id": "f3", "content": []any{obj{"type": "text", "text": "dug"}}}})

	dir := t.TempDir()
	path := filepath.Join(dir, "sess.jsonl")
	if err := os.WriteFile(path, []byte(l.text()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "sess", "subagents"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sess", "subagents", "agent-abc123.jsonl"), []byte(sub.text()), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := source.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	c := s.Call("tk")
	if got := sessiontest.Shape(&session.Session{Entries: c.Nested}); got != "user call:f-t1 call:f-t2 text:dug " {
		t.Fatalf("nested %q: the subagent's file replaces the progress copies", got)
	}
	if v, ok := c.Nested[1].(*session.ToolCall).View.(session.SearchPathsResultView); !ok || len(v.Paths) != 1 {
		t.Errorf("nested grep %+v", c.Nested[1].(*session.ToolCall).View)
	}
	if !c.Nested[2].(*session.ToolCall).Unfinished {
		t.Error("a call the subagent left waiting is unfinished once the Task is done")
	}
	if s.Account.Lines != len(l.lines) || !s.Account.Balanced() {
		t.Errorf("accounting %+v: the subagent's lines are not the log's", s.Account)
	}

	// read as a stream there is no folder to look in: the copies stay
	if c := sessiontest.ReadString(l.text()).Call("tk"); len(c.Nested) != 2 {
		t.Errorf("stream: nested %v", c.Nested)
	}

	// a deferring reader leaves the file to its user (issue 13): the copies
	// show until it is read and shown, and then it is as read at once
	r := source.NewReader()
	r.SetPath(path)
	r.Defer()
	r.Write([]byte(l.text()))
	r.Close()
	later := r.TakeLater()
	if c := r.Session().Call("tk"); len(later) != 1 || len(c.Nested) != 2 {
		t.Fatalf("deferred: %d parts left, nested %v", len(later), c.Nested)
	}
	later[0].Read()
	later[0].Show()
	if got := sessiontest.Shape(&session.Session{Entries: r.Session().Call("tk").Nested}); got != "user call:f-t1 call:f-t2 text:dug " {
		t.Errorf("deferred, once shown: nested %q", got)
	}
	if len(r.TakeLater()) != 0 {
		t.Error("a part is taken once")
	}
}

// FuzzReader feeds any bytes after a Claude Code line: the reader
// never panics, and every line is accounted for.
func FuzzReader(f *testing.F) {
	for _, path := range []string{"Brads3290_cclogviewer__example.jsonl", "marot_spotter__subagent.jsonl"} {
		if b, err := os.ReadFile(filepath.Join(corpus, path)); err == nil {
			lines := strings.SplitAfter(string(b), "\n")
			for i := 0; i+4 <= len(lines) && i < 40; i += 4 {
				f.Add([]byte(strings.Join(lines[i:i+4], "")), uint16(64))
			}
		}
	}
	f.Add([]byte(progressLog().text()), uint16(7))
	f.Fuzz(func(t *testing.T, data []byte, chunk uint16) {
		in := append([]byte(`{"type":"summary","summary":"t","leafUuid":"x"}`+"\n"), data...)
		s := sessiontest.ReadBytes(in, int(chunk%4096)+1)
		if s.Format != session.FormatClaudeCode || !s.Account.Balanced() {
			t.Fatalf("format %q accounting %+v", s.Format, s.Account)
		}
		for _, e := range s.Entries {
			if c, ok := e.(*session.ToolCall); ok {
				_ = c.Status()
				_ = c.Title()
			}
		}
	})
}

func TestBackgroundSubagentEndsAtItsNotification(t *testing.T) {
	dir := t.TempDir()
	sub := &ccLog{}
	sub.side(obj{"type": "user", "parentUuid": nil, "agentId": "bg1", "message": obj{"content": "watch"}})
	sub.side(obj{"type": "assistant", "agentId": "bg1", "message": obj{"id": "f1", "content": []any{obj{"type": "text", "text": "watched"}}}})
	if err := os.MkdirAll(filepath.Join(dir, "sess", "subagents"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sess", "subagents", "agent-bg1.jsonl"), []byte(sub.text()), 0o644); err != nil {
		t.Fatal(err)
	}
	l := &ccLog{}
	l.use("m", "tk", "Agent", obj{"description": "watch", "prompt": "watch", "run_in_background": true})
	l.result("tk", "Async agent launched successfully. agentId: bg1", false, obj{"isAsync": true, "status": "async_launched", "agentId": "bg1"})
	path := filepath.Join(dir, "sess.jsonl")
	write := func() *session.Session {
		t.Helper()
		if err := os.WriteFile(path, []byte(l.text()), 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := source.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if c := write().Call("tk"); len(c.Nested) != 0 {
		t.Errorf("nested %v: a launched subagent is not done", c.Nested)
	}
	l.prompt("<task-notification>\n<task-id>bg1</task-id>\n<tool-use-id>tk</tool-use-id>\n<status>completed</status>\n<summary>done</summary>\n</task-notification>")
	s := write()
	if got := sessiontest.Shape(&session.Session{Entries: s.Call("tk").Nested}); got != "user text:watched " {
		t.Errorf("nested %q: the notification ends its work", got)
	}
	if m, ok := s.Entries[1].(*session.UserMessage); !ok || m.Role != session.RoleInjected {
		t.Errorf("notification %#v", s.Entries[1])
	}
}

// An API error's message is found at whichever depth it is, and a member of
// another type hides none of the others.
func TestAPIErrorShapes(t *testing.T) {
	for _, c := range []struct{ err, want string }{
		{`{"status":529,"message":"overloaded"}`, "API error (529 overloaded)"},
		{`{"status":529,"error":{"message":"overloaded"}}`, "API error (529 overloaded)"},
		{`{"status":529,"message":5,"error":{"error":{"message":"overloaded"}}}`, "API error (529 overloaded)"},
		{`{"status":1e400,"error":[]}`, "API error (1e400)"},
		{`"a string"`, "API error"},
	} {
		l := (&ccLog{}).raw(`{"type":"system","subtype":"api_error","sessionId":"s1","uuid":"u1","error":` + c.err + `}`)
		s := l.read(t)
		if e, ok := s.Entries[0].(*session.Event); !ok || e.Summary != c.want {
			t.Errorf("%s: %#v, want %q", c.err, s.Entries[0], c.want)
		}
	}
}

// A call with no result when the transcript ends gets none: never running.
func TestCallsEndWithTheLog(t *testing.T) {
	s := (&ccLog{}).prompt("go").use("m1", "t1", "Bash", obj{"command": "sleep 9"}).read(t)
	if c := sessiontest.OnlyCall(t, s); !c.Unfinished {
		t.Errorf("call %+v", c)
	}
}

// Subagents nest no deeper than their files may: a progress record copied
// in a progress record, and so on, started a subagent a level deeper each
// time (300 levels took deck render 53 s, each level's rows measured again
// in every card around it). A Task past the depth is a call like any
// other.
func TestProgressCopiesNestNoDeeperThanFiles(t *testing.T) {
	l := &ccLog{}
	l.task("m", "t0", "go")
	const levels = 10
	for k := 1; k < levels; k++ {
		msg := obj{"type": "assistant", "message": obj{"id": fmt.Sprintf("p%d", k), "content": []any{
			obj{"type": "tool_use", "id": fmt.Sprintf("t%d", k), "name": "Task", "input": obj{"prompt": "go"}}}}}
		for j := k - 1; j >= 0; j-- {
			msg = obj{"type": "progress", "parentToolUseID": fmt.Sprintf("t%d", j),
				"data": obj{"type": "agent_progress", "agentId": "a", "message": msg}}
		}
		l.add(msg)
	}
	s := l.read(t)
	depth := 0
	for c := s.Call("t0"); len(c.Nested) > 0; depth++ {
		c = c.Nested[len(c.Nested)-1].(*session.ToolCall)
		if c.CallID != fmt.Sprintf("t%d", depth+1) {
			t.Fatalf("level %d: the call %q", depth+1, c.CallID)
		}
	}
	if depth != 3 {
		t.Errorf("subagents nest %d deep", depth)
	}
}
