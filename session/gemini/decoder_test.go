package gemini_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/gemini"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// chat writes a JSON Lines chat as Gemini CLI's chatRecordingService.ts
// writes one: the header, then the records given.
type chat []string

const header = `{"sessionId":"s1","projectHash":"p","startTime":"2026-05-01T10:00:00.000Z","lastUpdated":"2026-05-01T10:00:00.000Z","kind":"main"}`

func newChat() *chat { return &chat{header} }

func (c *chat) add(v any) *chat {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	*c = append(*c, string(b))
	return c
}

func (c *chat) raw(line string) *chat { *c = append(*c, line); return c }

func (c *chat) text() string { return strings.Join(*c, "\n") + "\n" }

type obj = map[string]any

func user(id, text string) obj {
	return obj{"id": id, "timestamp": "2026-05-01T10:00:01.000Z", "type": "user", "content": []any{obj{"text": text}}}
}

func reply(id, text string, calls ...obj) obj {
	m := obj{"id": id, "timestamp": "2026-05-01T10:00:02.000Z", "type": "gemini", "content": text, "thoughts": []any{}, "model": "gemini-3-pro-preview"}
	if len(calls) > 0 {
		m["toolCalls"] = calls
	}
	return m
}

func shell(id, command, output, status string) obj {
	return obj{"id": id, "name": "run_shell_command", "args": obj{"command": command}, "status": status, "timestamp": "2026-05-01T10:00:03.000Z",
		"result": []any{obj{"functionResponse": obj{"id": id, "name": "run_shell_command", "response": obj{"output": output}}}}}
}

func tokens(in, out, cached, thoughts int) obj {
	return obj{"input": in, "output": out, "cached": cached, "thoughts": thoughts, "tool": 0, "total": in + out + thoughts}
}

// read reads a chat as deck does, checking that every line is accounted
// for after every line.
func read(t *testing.T, text string) *session.Session {
	t.Helper()
	r := source.NewReader()
	for _, l := range strings.SplitAfter(text, "\n") {
		r.Write([]byte(l))
		if a := r.Session().Account; !a.Balanced() {
			t.Fatalf("after %q: accounting %+v", l, a)
		}
	}
	r.Close()
	s := r.Session()
	if s.Format != session.FormatGemini {
		t.Fatalf("read as %q", s.Format)
	}
	if !s.Account.Balanced() {
		t.Fatalf("accounting %+v", s.Account)
	}
	return s
}

// A message Gemini CLI writes again (its tokens, then its calls, came
// later) replaces the one shown, in place: one reply, one call, its tokens
// counted once, and the entries keep their ids.
func TestAMessageWrittenAgainReplacesItInPlace(t *testing.T) {
	first := reply("g1", "Listing.")
	withTokens := reply("g1", "Listing.")
	withTokens["tokens"] = tokens(1000, 20, 400, 5)
	withCall := reply("g1", "Listing.", shell("c1", "ls", "Output: a\nProcess Group PGID: 1", "success"))
	withCall["tokens"] = tokens(1000, 20, 400, 5)
	c := newChat().add(user("u1", "list")).add(first)
	s0 := read(t, c.text())
	textID := sessiontest.Of[*session.AssistantText](s0)[0].ID
	s := read(t, c.add(withTokens).add(withCall).add(user("u2", "thanks")).text())
	if got := sessiontest.Shape(s); got != "turn user text:Listing. call:c1 turn user " {
		t.Fatalf("entries: %s", got)
	}
	if id := sessiontest.Of[*session.AssistantText](s)[0].ID; id != textID {
		t.Errorf("the reply's id went from %d to %d: it was drawn anew", textID, id)
	}
	want := session.TokenUsage{Input: 600, CacheRead: 400, Output: 20, Reasoning: 5, Recorded: session.Recorded(true, true)}
	if s.Usage != want {
		t.Errorf("usage %+v, want %+v (counted once)", s.Usage, want)
	}
	if s.Account.Merged != 1 {
		t.Errorf("%d lines merged, want the one that wrote the reply again with its tokens (the one with its call adds the call)", s.Account.Merged)
	}
}

// A message written again after others stays where it was.
func TestAnEarlierMessageWrittenAgainStaysInItsPlace(t *testing.T) {
	s := read(t, newChat().add(user("u1", "one")).add(reply("g1", "first")).add(user("u2", "two")).add(reply("g1", "first, corrected")).text())
	if got := sessiontest.Shape(s); got != "turn user text:first, corrected turn user " {
		t.Fatalf("entries: %s", got)
	}
}

// `$rewindTo` takes back the message it names and every one after it:
// they stay shown, a line before them saying so, and a line where the
// rewind came; a later message with a taken-back id is a new message.
func TestARewindMarksWhatItTookBack(t *testing.T) {
	c := newChat().add(user("u1", "one")).add(reply("g1", "answer one")).
		add(user("u2", "two")).add(reply("g2", "answer two", shell("c2", "rm -rf build", "Output: (empty)", "success"))).
		add(obj{"$rewindTo": "u2"}).
		add(user("u3", "three")).add(reply("g2", "answer three"))
	s := read(t, c.text())
	want := "turn user text:answer one event:rewound turn user text:answer two call:c2 event:rewind turn user text:answer three "
	if got := sessiontest.Shape(s); got != want {
		t.Fatalf("entries:\n %s\nwant\n %s", got, want)
	}
	events := sessiontest.Of[*session.Event](s)
	if !strings.Contains(events[0].Summary, "taken back by the rewind at line 6: 2 messages from here on") {
		t.Errorf("the mark before: %q", events[0].Summary)
	}
	if !strings.Contains(events[1].Summary, "back to before “two” (line 4); 2 messages taken back") {
		t.Errorf("the rewind's line: %q", events[1].Summary)
	}
}

// A rewind to an id the conversation does not hold takes all of it back,
// as Gemini CLI loads it; one with nothing to take back is bookkeeping.
func TestARewindToAnUnknownIDTakesBackEverything(t *testing.T) {
	s := read(t, newChat().add(user("u1", "one")).add(reply("g1", "answer")).add(obj{"$rewindTo": "nope"}).add(obj{"$rewindTo": "nope"}).text())
	if got := sessiontest.Shape(s); got != "event:rewound turn user text:answer event:rewind " {
		t.Fatalf("entries: %s", got)
	}
	if ev := sessiontest.Of[*session.Event](s)[1]; !strings.Contains(ev.Summary, "not in the conversation (“nope”): all of it taken back, 2 messages") {
		t.Errorf("the rewind's line: %q", ev.Summary)
	}
	if s.Hidden["$rewindTo (nothing to take back)"] != 1 {
		t.Errorf("hidden: %v", s.Hidden)
	}
}

// A `$set` of messages is the conversation from then on: a message it
// keeps is written anew in place, one it drops is marked, a new one added.
func TestACheckpointRewritesTheConversation(t *testing.T) {
	c := newChat().add(user("u1", "one")).add(reply("g1", "answer one")).add(user("u2", "two")).add(reply("g2", "answer two")).
		add(obj{"$set": obj{"messages": []any{user("u1", "one"), reply("g1", "answer one, masked"), reply("sum", "a summary")}, "lastUpdated": "x"}})
	s := read(t, c.text())
	want := "turn user text:answer one, masked event:rewound turn user text:answer two event:checkpoint text:a summary "
	if got := sessiontest.Shape(s); got != want {
		t.Fatalf("entries:\n %s\nwant\n %s", got, want)
	}
}

// `$set` of a summary titles the session; the first prompt did before.
func TestTheSummaryTitlesTheSession(t *testing.T) {
	c := newChat().add(user("u1", "fix the build\nplease"))
	if s := read(t, c.text()); s.Title != "fix the build" {
		t.Errorf("title %q", s.Title)
	}
	if s := read(t, c.add(obj{"$set": obj{"summary": "Fix the CI build"}}).text()); s.Title != "Fix the CI build" {
		t.Errorf("title %q", s.Title)
	}
}

// The older chat, one pretty-printed JSON document, is read whole once it
// closes, each message at the line it starts on; written on one line, it
// reads the same.
func TestTheOlderDocumentChat(t *testing.T) {
	doc := obj{"sessionId": "old", "projectHash": "p", "startTime": "2025-12-28T04:03:32.120Z", "lastUpdated": "x",
		"messages": []any{
			obj{"id": "i", "timestamp": "2025-12-28T04:03:33.000Z", "type": "info", "content": "Gemini CLI update available!\nInstalling."},
			user("u1", "install it"),
			reply("g1", "Installing.", shell("c1", "yay -S x", "Command: yay -S x\nDirectory: (root)\nOutput: done\nError: (none)\nExit Code: 0\nSignal: 0\nBackground PIDs: (none)\nProcess Group PGID: 7", "success")),
		}, "summary": "Install x"}
	pretty, _ := json.MarshalIndent(doc, "", "  ")
	s := read(t, string(pretty))
	if got := sessiontest.Shape(s); got != "event:info turn user text:Installing. call:c1 " {
		t.Fatalf("entries: %s", got)
	}
	if s.Title != "Install x" || s.Header.ID != "old" {
		t.Errorf("title %q id %q", s.Title, s.Header.ID)
	}
	lines := strings.Split(string(pretty), "\n")
	starts := 0 // the line the message with id g1 starts on
	for i, l := range lines {
		if l == "    {" {
			starts = i + 1
		}
		if strings.Contains(l, `"id": "g1"`) {
			break
		}
	}
	call := sessiontest.Calls(s)[0]
	if call.Line != starts || starts == 0 {
		t.Errorf("the call is placed at line %d, its message starts at %d", call.Line, starts)
	}
	if v, ok := call.View.(session.TerminalResultView); !ok || v.Output != "done" || v.ExitCode == nil || *v.ExitCode != 0 {
		t.Errorf("view %#v", call.View)
	}
	compact, _ := json.Marshal(doc)
	if got := sessiontest.Shape(read(t, string(compact)+"\n")); got != "event:info turn user text:Installing. call:c1 " {
		t.Errorf("on one line: %s", got)
	}
}

// A document the log ends inside of says so, and a message that does not
// fit its shape is a notice at its own line, the others shown.
func TestAnUnfinishedDocumentAndABadMessageAreNotices(t *testing.T) {
	s := read(t, "{\n  \"sessionId\": \"x\",\n  \"messages\": [\n")
	if n := s.Notices(); len(n) != 1 || !strings.Contains(n[0].Text, "ends inside its JSON document, which starts at line 1") {
		t.Errorf("notices %v", n)
	}
	doc := "{\n  \"sessionId\": \"x\",\n  \"projectHash\": \"p\",\n  \"messages\": [\n    {\"id\": \"u\", \"type\": \"user\", \"content\": 5},\n    {\"id\": \"g\", \"type\": \"gemini\", \"content\": \"fine\"}\n  ]\n}"
	s = read(t, doc)
	if got := sessiontest.Shape(s); !strings.HasPrefix(got, "notice:line 5: `user` message: content is a JSON number") || !strings.HasSuffix(got, "text:fine ") {
		t.Errorf("entries: %s", got)
	}
	s = read(t, strings.Replace(doc, "\n}", "\n} and more", 1))
	if got := sessiontest.Shape(s); !strings.HasSuffix(got, "text:fine notice:line 8: text after the JSON document: “and more” ") {
		t.Errorf("entries: %s", got)
	}
}

// Records deck cannot read are notices in place; the rest is read.
func TestBadRecordsAreNoticesInPlace(t *testing.T) {
	c := newChat().raw(`not json`).add(obj{"what": 1}).add(obj{"id": "x", "type": "thought", "content": "?"}).
		add(reply("g", "ok", obj{"id": 5})).add(user("u", "after"))
	s := read(t, c.text())
	got := sessiontest.Shape(s)
	for _, want := range []string{"notice:line 2: not JSON", "notice:line 3: not a Gemini CLI record", "notice:line 4: unknown Gemini CLI message type `thought`",
		"notice:line 5: a tool call does not fit its shape", "text:ok", "turn user"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in %s", want, got)
		}
	}
	if s.NoticeCount() != 4 {
		t.Errorf("%d notices", s.NoticeCount())
	}
}

// A call's status is its card's state: success done, error failed,
// cancelled stopped (neither done nor failed); a command's exit code
// fails it too.
func TestCallStatusesAreCardStates(t *testing.T) {
	c := newChat().add(user("u", "go")).add(reply("g", "",
		shell("ok", "true", "Output: (empty)\nProcess Group PGID: 1", "success"),
		shell("exit", "false", "<untrusted_context>\nOutput: (empty)\nExit Code: 1\nProcess Group PGID: 2\n</untrusted_context>", "success"),
		shell("err", "x", "Command rejected by policy", "error"),
		shell("stop", "sleep 9", "[Operation Cancelled] Reason: User cancelled the operation.", "cancelled")))
	want := map[string]session.CallStatus{"ok": session.CallDone, "exit": session.CallFailed, "err": session.CallFailed, "stop": session.CallStopped}
	for _, call := range sessiontest.Calls(read(t, c.text())) {
		if call.Status() != want[call.CallID] {
			t.Errorf("%s: status %v, want %v", call.CallID, call.Status(), want[call.CallID])
		}
	}
}

// A subagent's chat, beside the session's under its id, is read into the
// call that names its agent: at once, or left to the reader's user.
func TestASubagentsChatIsNestedInItsCall(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "chats")
	sub := chat{`{"sessionId":"a1","projectHash":"p","startTime":"x","lastUpdated":"x","kind":"subagent","directories":["/w"]}`}
	sub.add(user("s1", "find the callers")).add(reply("s2", "", shell("sc", "grep -rn Do .", "Output: main.go:3:Do()\nProcess Group PGID: 1", "success")))
	if err := os.MkdirAll(filepath.Join(dir, "s1"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "s1", "a1.jsonl"), []byte(sub.text()), 0o644); err != nil {
		t.Fatal(err)
	}
	agent := obj{"id": "ag", "name": "invoke_agent", "args": obj{"agent_name": "investigator", "prompt": "find the callers"}, "status": "success", "agentId": "a1",
		"result": []any{obj{"functionResponse": obj{"id": "ag", "name": "invoke_agent", "response": obj{"output": "Subagent 'investigator' finished."}}}}}
	log := filepath.Join(dir, "session-2026-05-01T10-00-s1.jsonl")
	if err := os.WriteFile(log, []byte(newChat().add(user("u", "who calls Do?")).add(reply("g", "", agent)).text()), 0o644); err != nil {
		t.Fatal(err)
	}
	nested := func(s *session.Session) string {
		call := sessiontest.Calls(s)[0]
		var kinds []string
		for _, e := range call.Nested {
			kinds = append(kinds, sessiontest.EntryKind(e))
		}
		return strings.Join(kinds, " ")
	}
	s, err := source.Open(log)
	if err != nil {
		t.Fatal(err)
	}
	if got := nested(s); got != "user call:sc" {
		t.Errorf("nested at once: %q", got)
	}
	r := source.NewReader()
	r.SetPath(log)
	r.Defer()
	f, _ := os.ReadFile(log)
	r.Write(f)
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
	if got := nested(r.Session()); got != "user call:sc" {
		t.Errorf("nested once read: %q", got)
	}
}

// Gemini CLI's chats say no folder: it is the one its project's folder
// names (.project_root), or the path ~/.gemini/projects.json maps to the
// folder's short name or SHA-256; else none.
func TestProjectRoot(t *testing.T) {
	home := t.TempDir()
	write := func(p, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tmp := filepath.Join(home, ".gemini", "tmp")
	write(filepath.Join(tmp, "app", ".project_root"), "/work/app\n")
	write(filepath.Join(home, ".gemini", "projects.json"), `{"projects":{"/work/site":"site","/work/old":"other"}}`)
	unknown := sha256Hex("/work/gone")
	for path, want := range map[string]string{
		filepath.Join(tmp, "app", "chats", "session-x.jsonl"):          "/work/app",
		filepath.Join(tmp, "app", "chats", "s1", "agent.jsonl"):        "/work/app",
		filepath.Join(tmp, "site", "chats", "session-x.json"):          "/work/site",
		filepath.Join(tmp, sha256Hex("/work/old"), "chats", "s.jsonl"): "/work/old",
		filepath.Join(tmp, unknown, "chats", "s.jsonl"):                "",
		filepath.Join(home, "elsewhere", "s.jsonl"):                    "",
	} {
		if got := gemini.ProjectRoot(path); got != want {
			t.Errorf("%s: %q, want %q", path, got, want)
		}
	}
}

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// A message far back written again keeps its place for what it kept; what
// it gained follows at the end, after a line that says whose it is, and
// what it lost stays, said so: putting them in place would move every
// entry after them, each time (a log of rewrites of its first message
// would cost the square of its length).
func TestAMessageFarBackWrittenAgainGainsAtTheEnd(t *testing.T) {
	c := newChat().add(reply("g0", "first", shell("a", "ls", "Output: x", "success")))
	for i := range 3000 {
		c.add(reply(fmt.Sprintf("g%d", i+1), "more"))
	}
	c.add(reply("g0", "first, again", shell("b", "pwd", "Output: /w", "success")))
	s := read(t, c.text())
	shape := sessiontest.Shape(s)
	if !strings.HasPrefix(shape, "text:first, again call:a ") || !strings.HasSuffix(shape, "text:more event:rewritten call:b ") {
		t.Fatalf("entries: %s … %s", shape[:60], shape[len(shape)-60:])
	}
	ev := sessiontest.Of[*session.Event](s)[0]
	if want := "“first” (line 2) was written again at line 3003: what it gained follows; 1 entry it no longer has stays where it was"; ev.Summary != want {
		t.Errorf("the line says %q, want %q", ev.Summary, want)
	}
}

// A checkpoint that takes out many runs of messages marks them nearest the
// end first, as long as the marks move no more entries than the session
// has, and says how many it did not mark.
func TestACheckpointMarksAtMostASessionOfMoves(t *testing.T) {
	c := newChat()
	var keep []any
	for i := range 3000 {
		m := reply(fmt.Sprintf("g%d", i), "m")
		c.add(m)
		if i%2 == 0 {
			keep = append(keep, m)
		}
	}
	s := read(t, c.add(obj{"$set": obj{"messages": keep}}).text())
	marks, last := 0, ""
	for _, e := range sessiontest.Of[*session.Event](s) {
		if e.Kind == "rewound" {
			marks++
		}
		last = e.Summary
	}
	var unmarked int
	if _, err := fmt.Sscanf(last[strings.LastIndex(last, "(")+1:], "%d runs furthest back not marked)", &unmarked); err != nil {
		t.Fatalf("the checkpoint's line: %q", last)
	}
	if marks+unmarked != 1500 || marks < 10 || marks > 200 {
		t.Errorf("%d runs marked, %d not", marks, unmarked)
	}
}
