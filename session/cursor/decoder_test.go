package cursor_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

type obj = map[string]any

// msg is a transcript's line as Cursor CLI writes it: a role, and the
// message's content blocks.
func msg(role string, blocks ...obj) string {
	b, err := json.Marshal(obj{"role": role, "message": obj{"content": blocks}})
	if err != nil {
		panic(err)
	}
	return string(b)
}

func text(t string) obj { return obj{"type": "text", "text": t} }

func use(name string, input obj) obj { return obj{"type": "tool_use", "name": name, "input": input} }

func result(id, t string) obj {
	return obj{"type": "tool_result", "tool_use_id": id, "content": []any{text(t)}}
}

func read(t *testing.T, lines ...string) *session.Session {
	t.Helper()
	s := sessiontest.ReadString(strings.Join(lines, "\n") + "\n")
	if s.Format != session.FormatCursor {
		t.Fatalf("read as %q", s.Format)
	}
	if !s.Account.Balanced() {
		t.Errorf("lines not accounted for: %+v", s.Account)
	}
	return s
}

// The person's words are inside <user_query>; the time the CLI writes
// before them is prose and not shown, and what else it wrote around them is
// injected text. The prompt opens a turn and titles the session; the
// transcript records no time.
func TestThePromptIsTheUserQuery(t *testing.T) {
	s := read(t,
		msg("user", text("<timestamp>Thursday, Jul 23, 2026, 1:18 PM (UTC+9)</timestamp>\n<attached>a.go</attached>\n<user_query>\nFix the build\nplease\n</user_query>")),
		msg("assistant", obj{"type": "thinking", "thinking": "Look first."}, text("Fixed.")),
		`{"type":"turn_ended","status":"success"}`)
	sessiontest.NoNotices(t, s)
	if got := sessiontest.Shape(s); got != "user turn user reasoning text:Fixed. end:completed " {
		t.Fatalf("entries: %s", got)
	}
	users := sessiontest.Of[*session.UserMessage](s)
	if users[0].Role != session.RoleInjected || session.TextOf(users[0].Content) != "<attached>a.go</attached>" || session.TextOf(users[1].Content) != "Fix the build\nplease" {
		t.Errorf("messages: %q, %q", session.TextOf(users[0].Content), session.TextOf(users[1].Content))
	}
	if s.Title != "Fix the build" || s.Header.CreatedAt != 0 {
		t.Errorf("title %q, created %d", s.Title, s.Header.CreatedAt)
	}
	for _, e := range s.Entries {
		if session.Base(e).Time != 0 {
			t.Errorf("%s has a time", sessiontest.EntryKind(e))
		}
	}
}

// A result goes to the call its tool_use_id names, else (the calls have no
// ids) to the oldest call still waiting; a call whose result the
// transcript does not keep has none when the next prompt comes or the turn
// ends, and a result no call waits for is a card marked so.
func TestResultsFindTheirCalls(t *testing.T) {
	s := read(t,
		msg("user", text("hi")),
		msg("assistant", use("Shell", obj{"command": "ls"}), use("Read", obj{"path": "a.txt"})),
		msg("user", result("t1", "a.txt\nb.txt"), result("t2", "one\ntwo")),
		msg("assistant", use("Shell", obj{"command": "sleep 9"})),
		msg("user", text("<user_query>next</user_query>")),
		msg("user", result("t9", "late")))
	sessiontest.NoNotices(t, s)
	calls := sessiontest.Calls(s)
	if len(calls) != 4 {
		t.Fatalf("entries: %s", sessiontest.Shape(s))
	}
	if v, ok := calls[0].View.(session.TerminalResultView); !ok || v.Output != "a.txt\nb.txt" || calls[0].CallID != "t1" {
		t.Errorf("shell: %+v %q", calls[0].View, calls[0].CallID)
	}
	if v, ok := calls[1].View.(session.ReadResultView); !ok || len(v.Lines) != 2 || v.TotalLines != 2 || v.Lines[1] != (session.ReadFileLine{Number: 2, Text: "two"}) {
		t.Errorf("read: %+v", calls[1].View)
	}
	if calls[2].Result != nil || !calls[2].Unfinished {
		t.Errorf("a call with no result: %+v", calls[2])
	}
	if !calls[3].Orphan || calls[3].Result == nil {
		t.Errorf("a result with no call: %+v", calls[3])
	}
}

// An edit is a diff numbered by what the session read of the file; a
// TodoWrite is the plan.
func TestEditsAndPlans(t *testing.T) {
	s := read(t,
		msg("user", text("hi")),
		msg("assistant", obj{"type": "tool_use", "id": "r", "name": "Read", "input": obj{"path": "/w/a.go"}}),
		msg("user", result("r", "     1→package a\n     2→\n     3→b := 2")),
		msg("assistant", obj{"type": "tool_use", "id": "e", "name": "StrReplace", "input": obj{"path": "/w/a.go", "old_string": "b := 2", "new_string": "b := 3"}}),
		msg("user", result("e", "ok")),
		msg("assistant", use("TodoWrite", obj{"todos": []any{obj{"id": "1", "content": "one", "status": "completed"}}})))
	sessiontest.NoNotices(t, s)
	edit := sessiontest.Calls(s)[1]
	if _, ok := edit.View.(session.DiffResultView); !ok || len(edit.DiffStarts) != 1 || edit.DiffStarts[0] != 3 {
		t.Errorf("edit: %T %v", edit.View, edit.DiffStarts)
	}
	if p := sessiontest.Of[*session.Plan](s); len(p) != 1 || p[0].Items[0] != (session.PlanItem{Content: "one", Status: "completed"}) {
		t.Errorf("plans: %+v", p)
	}
}

// A line that is not a transcript's, a role or a block deck does not
// know, and content of the wrong type are notices in place; the rest is
// read.
func TestBadLinesAreNotices(t *testing.T) {
	s := read(t,
		msg("user", text("hi")),
		`not json`,
		`{"role":"system","message":{"content":[]}}`,
		msg("assistant", obj{"type": "hologram"}, text("still here")),
		`{"role":"user","message":{"content":7}}`,
		`{"type":"mystery"}`)
	want := []string{"line 2: not JSON", "line 3: a message of a role deck does not know (system)", "line 4: a content block of a type deck does not know (hologram)",
		"line 5: the message's content: a JSON number", "line 6: not a Cursor CLI transcript line"}
	got := sessiontest.NoticeTexts(s)
	if len(got) != len(want) {
		t.Fatalf("notices: %q", got)
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("notice %d: %q, want %q…", i, got[i], want[i])
		}
	}
	if a := sessiontest.Of[*session.AssistantText](s); len(a) != 1 || a[0].Text != "still here" {
		t.Errorf("texts: %s", sessiontest.Shape(s))
	}
}

// A Task call shows the work of the subagent whose transcript, in
// subagents/ beside the session's, starts with the call's prompt; a
// transcript no call's prompt names is nobody's, and each is taken once.
func TestSubagentsNestByTheirPrompt(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, lines ...string) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("s/subagents/b.jsonl", msg("user", text("<user_query>List files</user_query>")), msg("assistant", text("second")))
	write("s/subagents/a.jsonl", msg("user", text("List files")), msg("assistant", text("first"), use("Shell", obj{"command": "ls"})))
	write("s/subagents/c.jsonl", msg("user", text("Something else")), msg("assistant", text("nobody's")))
	write("s/s.jsonl", msg("user", text("go")),
		msg("assistant", use("Task", obj{"prompt": "List files"}), use("Task", obj{"prompt": "List files"}), use("Task", obj{"prompt": "Unknown"})))
	s, err := source.Open(filepath.Join(dir, "s", "s.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	sessiontest.NoNotices(t, s)
	calls := sessiontest.Calls(s)
	var got []string
	for _, c := range calls {
		var kinds []string
		for _, e := range c.Nested {
			kinds = append(kinds, sessiontest.EntryKind(e))
		}
		got = append(got, strings.Join(kinds, " "))
	}
	if want := []string{"user text:first call:", "user text:second", ""}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("nested: %q, want %q", got, want)
	}
	if n := calls[0].Nested[2].(*session.ToolCall); !n.Unfinished {
		t.Errorf("the subagent's call is still waiting")
	}
}

// A reader told to Defer leaves a subagent's transcript to its user, who
// reads it without the session's lock and shows it under it: the card then
// holds the same work as when it is read at once.
func TestASubagentsTranscriptIsLeftToADeferringReader(t *testing.T) {
	log := sessiontest.Testdata + "/cursor/agent-sessions-subagent/parent.jsonl"
	nested := func(s *session.Session) string {
		var kinds []string
		for _, e := range sessiontest.OnlyCall(t, s).Nested {
			kinds = append(kinds, sessiontest.EntryKind(e))
		}
		return strings.Join(kinds, " ")
	}
	s, err := source.Open(log)
	if err != nil {
		t.Fatal(err)
	}
	want := nested(s)
	if want != "user text:file1.txt\nfile2.txt" {
		t.Fatalf("nested at once: %q", want)
	}
	r := source.NewReader()
	r.SetPath(log)
	r.Defer()
	r.Write(sessiontest.ReadFile(t, log))
	r.Close()
	if got := nested(r.Session()); got != "" {
		t.Errorf("a deferred subagent was read at once: %q", got)
	}
	later := r.TakeLater()
	if len(later) != 1 {
		t.Fatalf("%d files left to read", len(later))
	}
	later[0].Read()
	later[0].Show()
	if got := nested(r.Session()); got != want {
		t.Errorf("nested once read: %q", got)
	}
}
