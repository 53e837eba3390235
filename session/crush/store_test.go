package crush_test

import (
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/crush"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	_ "modernc.org/sqlite"
)

// msg is a message as Crush writes it: its session, id, role, parts (the
// JSON array) and when it was made (seconds; finished a second later).
type msg struct {
	session, id, role, parts string
	at                       int64
}

// schema is Crush's, as its migrations up to 20250627 leave it (the
// columns deck reads), with the migration table goose keeps.
var schema = []string{
	`CREATE TABLE goose_db_version (id INTEGER PRIMARY KEY AUTOINCREMENT, version_id INTEGER NOT NULL, is_applied INTEGER NOT NULL, tstamp TIMESTAMP DEFAULT (datetime('now')))`,
	`CREATE TABLE sessions (id TEXT PRIMARY KEY, parent_session_id TEXT, title TEXT NOT NULL, message_count INTEGER NOT NULL DEFAULT 0, prompt_tokens INTEGER NOT NULL DEFAULT 0, completion_tokens INTEGER NOT NULL DEFAULT 0, cost REAL NOT NULL DEFAULT 0.0, updated_at INTEGER NOT NULL, created_at INTEGER NOT NULL, summary_message_id TEXT)`,
	`CREATE TABLE messages (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, role TEXT NOT NULL, parts TEXT NOT NULL default '[]', model TEXT, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, finished_at INTEGER, provider TEXT)`,
	`INSERT INTO goose_db_version (version_id, is_applied) VALUES (0, 1), (20250424200609, 1), (20250627000000, 1)`,
}

// store writes a store with Crush's schema, its sessions (id, parent id,
// title) and their messages; extra statements run last.
func store(t *testing.T, sessions [][3]string, msgs []msg, extra ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "crush.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range schema {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	for i, s := range sessions {
		var parent any
		if s[1] != "" {
			parent = s[1]
		}
		if _, err := db.Exec(`INSERT INTO sessions (id, parent_session_id, title, updated_at, created_at) VALUES (?, ?, ?, ?, ?)`, s[0], parent, s[2], 1754100000+i, 1754100000+i); err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range msgs {
		var finished any
		if m.role == "assistant" && strings.Contains(m.parts, `"finish"`) {
			finished = m.at + 1
		}
		if _, err := db.Exec(`INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider) VALUES (?, ?, ?, ?, 'm', ?, ?, ?, 'p')`,
			m.id, m.session, m.role, m.parts, m.at, m.at, finished); err != nil {
			t.Fatal(err)
		}
	}
	for _, q := range extra {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

func load(t *testing.T, path, id string) *session.Session {
	t.Helper()
	b := session.NewBuilder()
	if err := crush.Load(b, path, id); err != nil {
		t.Fatal(err)
	}
	b.Finish()
	if !b.Account.Balanced() {
		t.Errorf("the accounting is off: %+v", b.Account)
	}
	return b.Session
}

// Parts as Crush's message package writes them.
func text(s string) string { return `{"type":"text","data":{"text":` + quote(s) + `}}` }
func call(id, name, input string) string {
	return `{"type":"tool_call","data":{"id":"` + id + `","name":"` + name + `","input":` + quote(input) + `,"type":"function","finished":true}}`
}
func result(id, content, meta string, isError bool) string {
	e := "false"
	if isError {
		e = "true"
	}
	return `{"type":"tool_result","data":{"tool_call_id":"` + id + `","name":"","content":` + quote(content) + `,"metadata":` + quote(meta) + `,"is_error":` + e + `}}`
}
func finish(reason string) string {
	return `{"type":"finish","data":{"reason":"` + reason + `","time":1754100100}}`
}
func parts(p ...string) string { return "[" + strings.Join(p, ",") + "]" }

func quote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\t", `\t`)
	return `"` + r.Replace(s) + `"`
}

// calls are the session's tool calls, in order, by name.
func calls(s *session.Session) map[string]*session.ToolCall {
	out := map[string]*session.ToolCall{}
	for _, e := range s.Entries {
		if c, ok := e.(*session.ToolCall); ok {
			out[c.Name] = c
		}
	}
	return out
}

const main = "0b0d2e6a-1111-4a4a-8b8b-0123456789ab"

// An agent call's session (its id "<message>$$<call>", its parent the
// main session) is nested in the call's card, and so is one an earlier
// Crush named by the call's id alone; neither is the session opened.
func TestSubagentNestedInItsAgentCall(t *testing.T) {
	for _, child := range []string{"m2$$call_a", "call_a"} {
		path := store(t, [][3]string{{main, "", "Fix the build"}, {child, main, "New Agent Session"}}, []msg{
			{main, "m1", "user", parts(text("fix it")), 10},
			{main, "m2", "assistant", parts(call("call_a", "agent", `{"prompt":"find the bug"}`), finish("tool_use")), 11},
			{child, "c1", "user", parts(text("find the bug")), 12},
			{child, "c2", "assistant", parts(call("call_g", "grep", `{"pattern":"bug"}`), finish("tool_use")), 13},
			{child, "c3", "tool", parts(result("call_g", "Found 1 matches\n/p/a.go:\n  Line 3, Char 5: bug here\n", `{"number_of_matches":1}`, false)), 14},
			{child, "c4", "assistant", parts(text("It is in a.go"), finish("end_turn")), 15},
			{main, "m3", "tool", parts(result("call_a", "It is in a.go", "", false)), 16},
			{main, "m4", "assistant", parts(text("Found it."), finish("end_turn")), 17},
		})
		s := load(t, path, "")
		if s.Header.ID != main || s.Title != "Fix the build" || s.NoticeCount() != 0 {
			t.Fatalf("%s: opened %q titled %q, %d notices", child, s.Header.ID, s.Title, s.NoticeCount())
		}
		agent := calls(s)["agent"]
		if agent == nil || agent.View == nil || agent.Status() != session.CallDone {
			t.Fatalf("%s: agent call %+v", child, agent)
		}
		var grep *session.ToolCall
		for _, e := range agent.Nested {
			if c, ok := e.(*session.ToolCall); ok {
				grep = c
			}
		}
		if grep == nil {
			t.Fatalf("%s: no call nested in the agent call: %+v", child, agent.Nested)
		}
		v, ok := grep.View.(session.SearchMatchesResultView)
		if !ok || len(v.Files) != 1 || v.Files[0].Matches[0].LineNumber != 3 || v.Files[0].Matches[0].Line != "bug here" {
			t.Errorf("%s: nested grep %+v", child, grep)
		}
	}
}

// A person's message opens a turn; the turn ends as its last model call
// did: done, cancelled, failed (the error said where it came), denied, or
// cut short after asking for tools; a model still answering leaves its
// turn open. Each model call is a step.
func TestTurnsEndAsTheirLastModelCall(t *testing.T) {
	errFinish := `{"type":"finish","data":{"reason":"error","time":1754100100,"message":"Provider error","details":"rate limited"}}`
	path := store(t, [][3]string{{main, "", "t"}}, []msg{
		{main, "u1", "user", parts(text("one")), 1},
		{main, "a1", "assistant", parts(text("done"), finish("end_turn")), 2},
		{main, "u2", "user", parts(text("two")), 3},
		{main, "a2", "assistant", parts(finish("canceled")), 4},
		{main, "u3", "user", parts(text("three")), 5},
		{main, "a3", "assistant", parts(errFinish), 6},
		{main, "u4", "user", parts(text("four")), 7},
		{main, "a4", "assistant", parts(call("c", "bash", `{"command":"ls"}`), finish("tool_use")), 8},
		{main, "t4", "tool", parts(result("c", "Permission denied", "", true)), 9},
		{main, "a5", "assistant", parts(finish("permission_denied")), 10},
		{main, "u5", "user", parts(text("five")), 11},
		{main, "a6", "assistant", parts(call("c2", "view", `{"file_path":"a"}`), finish("tool_use")), 12},
		{main, "u6", "user", parts(text("six")), 13},
		{main, "a7", "assistant", parts(text("still")), 14},
	})
	s := load(t, path, "")
	var got []string
	var failed *session.Event
	for _, e := range s.Entries {
		switch e := e.(type) {
		case *session.TurnEnd:
			got = append(got, e.Reason+"/"+string(rune('0'+e.Steps)))
		case *session.Event:
			failed = e
		}
	}
	want := "completed/1 aborted/1 error/1 rejected/2 interrupted/1"
	if strings.Join(got, " ") != want {
		t.Errorf("turn ends %q, want %q", strings.Join(got, " "), want)
	}
	if failed == nil || !failed.Failed || failed.Summary != "Provider error" || failed.Body != "Provider error\nrate limited" {
		t.Errorf("the error: %+v", failed)
	}
	if s.NoticeCount() != 0 {
		t.Errorf("notices: %v", s.Notices()[0].Text)
	}
}

// A command's card is a terminal with its exit status, which Crush writes
// as the output's last line when it is not 0; its times are the ones its
// metadata keeps, in milliseconds.
func TestCommandsExitStatus(t *testing.T) {
	for _, c := range []struct {
		content, meta string
		exit          int // -1: none
		output        string
	}{
		{"hi\n\n<cwd>/p</cwd>", `{"start_time":1000,"end_time":1250,"output":"hi","working_directory":"/p"}`, 0, "hi"},
		{"boom\nExit code 2\n\n<cwd>/p</cwd>", `{"start_time":1000,"end_time":1250,"output":"boom\nExit code 2"}`, 2, "boom\nExit code 2"},
		{"no output", `{"start_time":1000,"end_time":1250,"output":""}`, 0, ""},
		{"partial\nCommand was aborted before completion", `{"output":"partial\nCommand was aborted before completion"}`, -1, "partial\nCommand was aborted before completion"},
		{"Background shell started with ID: 007", `{"background":true,"shell_id":"007"}`, -1, "Background shell started with ID: 007"},
		{"old\nExit code 1\n\n<cwd>/p</cwd>", ``, 1, "old\nExit code 1"},
	} {
		path := store(t, [][3]string{{main, "", "t"}}, []msg{
			{main, "u1", "user", parts(text("run")), 1},
			{main, "a1", "assistant", parts(call("c", "bash", `{"command":"make","description":"build"}`), finish("tool_use")), 2},
			{main, "t1", "tool", parts(result("c", c.content, c.meta, false)), 3},
		})
		bash := calls(load(t, path, ""))["bash"]
		v, ok := bash.View.(session.TerminalResultView)
		if !ok || v.Output != c.output || (c.exit < 0) != (v.ExitCode == nil) || v.ExitCode != nil && *v.ExitCode != c.exit {
			t.Errorf("%q: %+v", c.content, bash.View)
		}
		if ms, ok := bash.Elapsed(); strings.Contains(c.meta, "start_time") && (!ok || ms != 250) {
			t.Errorf("%q: elapsed %d %v", c.content, ms, ok)
		}
	}
}

// The todos tool's list is the plan; a summary Crush wrote is a summary of
// the messages before it; a command the person ran in the shell mode is a
// line of its own, and titles an untitled session; an image and a file
// attached are named in the prompt.
func TestPlanSummaryShellAndAttachments(t *testing.T) {
	todos := `{"todos":[{"content":"Write tests","status":"completed","active_form":"Writing tests"},{"content":"Ship","status":"in_progress","active_form":"Shipping"}]}`
	path := store(t, [][3]string{{main, "", "New Session"}}, []msg{
		{main, "u1", "user", parts(`{"type":"shell_command","data":{"command":"git status","output":"clean\n","exit_code":0}}`), 1},
		{main, "u2", "user", parts(text("look"), `{"type":"image_url","data":{"url":"https://x/y.png"}}`, `{"type":"binary","data":{"Path":"notes.txt","MIMEType":"text/plain","Data":"aGk="}}`), 2},
		{main, "a1", "assistant", parts(call("c", "todos", todos), finish("tool_use")), 3},
		{main, "t1", "tool", parts(result("c", "Todo list updated successfully.", `{"total":2}`, false)), 4},
		{main, "a2", "assistant", parts(`{"type":"reasoning","data":{"thinking":"hmm"}}`, text("ok"), finish("end_turn")), 5},
		{main, "s1", "assistant", parts(text("We wrote tests."), finish("end_turn")), 6},
	}, `UPDATE sessions SET summary_message_id = 's1'`)
	s := load(t, path, "")
	var plan *session.Plan
	var shell *session.Event
	var prompt, summary *session.UserMessage
	thought := false
	for _, e := range s.Entries {
		switch e := e.(type) {
		case *session.Plan:
			plan = e
		case *session.Event:
			shell = e
		case *session.Reasoning:
			thought = e.Text == "hmm"
		case *session.UserMessage:
			if e.Role == session.RoleSummary {
				summary = e
			} else {
				prompt = e
			}
		case *session.ToolCall:
			t.Errorf("a call %s", e.Name)
		}
	}
	if plan == nil || len(plan.Items) != 2 || plan.Items[1] != (session.PlanItem{Content: "Ship", Status: "in_progress"}) {
		t.Errorf("plan %+v", plan)
	}
	if shell == nil || shell.Kind != "shell" || shell.Summary != "! git status" || shell.Body != "clean" || s.Title != "! git status" {
		t.Errorf("shell %+v, title %q", shell, s.Title)
	}
	if turns := len(sessiontest.Of[*session.TurnStart](s)); turns != 1 { // the command the model never answered opens none
		t.Errorf("%d turns", turns)
	}
	if prompt == nil || len(prompt.Content) != 3 || prompt.Content[1].Text != "[image: https://x/y.png]" || prompt.Content[2].Text != "[file: notes.txt]" {
		t.Errorf("prompt %+v", prompt)
	}
	if summary == nil || summary.Content[0].Text != "We wrote tests." || summary.Replaces.Messages != 5 {
		t.Errorf("summary %+v", summary)
	}
	if !thought || s.NoticeCount() != 0 {
		t.Errorf("reasoning %v, %d notices", thought, s.NoticeCount())
	}
}

// What deck cannot read is a notice in place, the rest drawn: parts that
// are no JSON, a part of a type it does not know, a role it does not know,
// a result for a call never made (its own card), a second result; and a
// store migrated past what deck knows says so first.
func TestBadRecordsAreNotices(t *testing.T) {
	path := store(t, [][3]string{{main, "", "t"}}, []msg{
		{main, "u1", "user", `not json`, 1},
		{main, "u2", "user", parts(text("hi"), `{"type":"hologram","data":{}}`), 2},
		{main, "x1", "system", parts(text("?")), 3},
		{main, "t0", "tool", parts(result("ghost", "boo", "", false)), 4},
		{main, "a1", "assistant", parts(call("c", "glob", `{"pattern":"*.go"}`), finish("tool_use")), 5},
		{main, "t1", "tool", parts(result("c", "a.go", "", false), result("c", "b.go", "", false)), 6},
	}, `INSERT INTO goose_db_version (version_id, is_applied) VALUES (20990101000000, 1)`)
	s := load(t, path, "")
	var notices []string
	for _, n := range s.Notices() {
		notices = append(notices, n.Text)
	}
	for i, want := range []string{"newer Crush", "u1's parts do not fit", `"hologram"`, `"system"`, `a second result for the call "c"`} {
		if i >= len(notices) || !strings.Contains(notices[i], want) {
			t.Errorf("notice %d: want %q in %q", i, want, notices)
		}
	}
	c := calls(s)
	if g := c["glob"]; g == nil || g.View == nil || len(g.View.(session.SearchPathsResultView).Paths) != 1 {
		t.Errorf("glob %+v", g)
	}
	if o := c["tool"]; o == nil || !o.Orphan || o.Result == nil {
		t.Errorf("orphan %+v", o)
	}
}

// A store whose subagents' sessions name each other as parent (a session
// its own descendant) nests them four levels deep and ends.
func TestSubagentCycleEnds(t *testing.T) {
	other := "0b0d2e6a-2222-4a4a-8b8b-0123456789ab"
	path := store(t, [][3]string{{main, other, "a"}, {other, main, "b"}}, []msg{
		{main, "m1", "user", parts(text("go")), 1},
		{main, "m2", "assistant", parts(call("c1", "agent", `{"prompt":"down"}`), finish("tool_use")), 2},
		{main, "m3", "tool", parts(result("c1", "ok", "", false)), 3},
		{other, "o1", "user", parts(text("down")), 4},
		{other, "o2", "assistant", parts(call("c2", "agent", `{"prompt":"up"}`), finish("tool_use")), 5},
		{other, "o3", "tool", parts(result("c2", "ok", "", false)), 6},
	}, `UPDATE sessions SET id = 'm2$$c2' WHERE id = '`+main+`'`, `UPDATE messages SET session_id = 'm2$$c2' WHERE session_id = '`+main+`'`,
		`UPDATE sessions SET parent_session_id = 'm2$$c2' WHERE id = '`+other+`'`, `UPDATE sessions SET id = 'o2$$c1' WHERE id = '`+other+`'`,
		`UPDATE messages SET session_id = 'o2$$c1' WHERE session_id = '`+other+`'`, `UPDATE sessions SET parent_session_id = 'o2$$c1' WHERE id = 'm2$$c2'`)
	s := load(t, path, "m2$$c2")
	depth := 0
	for c := calls(s)["agent"]; c != nil; depth++ {
		var next *session.ToolCall
		for _, e := range c.Nested {
			if n, ok := e.(*session.ToolCall); ok && n.Name == "agent" {
				next = n
			}
		}
		c = next
	}
	if depth != 5 { // the session's own call and four nested
		t.Errorf("nested %d deep", depth)
	}
}
