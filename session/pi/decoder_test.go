package pi_test

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// fixture is deck's pi session: a tree of three branches, the last one
// active (golden/testdata/pi/README.md).
var fixture = filepath.Join(sessiontest.Testdata, "pi", ".pi", "agent", "sessions", "--work-app--",
	"2026-05-02T10-15-00-000Z_7c9e6679-7425-40de-944b-e07fc1f90ae7.jsonl")

// read reads a session as source does, and checks every line is
// accounted for once.
func read(t *testing.T, text string) *session.Session {
	t.Helper()
	s := sessiontest.ReadString(text)
	if s.Format != session.FormatPi {
		t.Fatalf("read as %q", s.Format)
	}
	if !s.Account.Balanced() {
		t.Errorf("the accounting is off: %+v", s.Account)
	}
	return s
}

// header and the entries that follow, as pi writes them (v3).
const header = `{"type":"session","version":3,"id":"s1","timestamp":"2026-05-02T10:00:00.000Z","cwd":"/w"}` + "\n"

func user(id, parent, text string) string {
	return fmt.Sprintf(`{"type":"message","id":%q,"parentId":%s,"timestamp":"2026-05-02T10:00:01.000Z","message":{"role":"user","content":[{"type":"text","text":%q}],"timestamp":1777716001000}}`+"\n", id, parentOf(parent), text)
}

func reply(id, parent, text string) string {
	return fmt.Sprintf(`{"type":"message","id":%q,"parentId":%s,"timestamp":"2026-05-02T10:00:03.000Z","message":{"role":"assistant","content":[{"type":"text","text":%q}],"provider":"p","model":"m","usage":{"input":10,"output":5,"cacheRead":0,"cacheWrite":0},"stopReason":"stop","timestamp":1777716002000}}`+"\n", id, parentOf(parent), text)
}

func parentOf(id string) string {
	if id == "" {
		return "null"
	}
	return fmt.Sprintf("%q", id)
}

// texts are the session's prompts and replies, in order.
func texts(s *session.Session) []string {
	var out []string
	for _, e := range s.Entries {
		switch e := e.(type) {
		case *session.UserMessage:
			out = append(out, "> "+e.Content[0].Text)
		case *session.AssistantText:
			out = append(out, e.Text)
		case *session.Event:
			out = append(out, e.Kind+": "+e.Summary)
		}
	}
	return out
}

// The branch drawn is the one from the root to the file's last entry, as
// pi resumes the session; each other branch is a line where it forks,
// with its size and its first prompt; the turn left at a fork ends there.
// Read whole or a byte at a time, the session is the same.
func TestTheLastActiveBranchIsDrawn(t *testing.T) {
	log := header + user("u1", "", "first") + reply("a1", "u1", "one") + user("u2", "a1", "second") + reply("a2", "u2", "two") +
		user("u3", "a1", "second, again") + reply("a3", "u3", "three") + // back to a1: u2's branch is left
		user("u4", "", "from the start") + reply("a4", "u4", "four") + // a new root: the person re-edited the first prompt
		user("u5", "a3", "go on") + reply("a5", "u5", "five") // back to the second branch, which is drawn
	s := read(t, log)
	want := []string{
		"fork: another branch forks at the start: 2 entries, not drawn (the branch drawn is the one active last)",
		"> first", "one",
		"fork: another branch forks here: 2 entries, not drawn (the branch drawn is the one active last)",
		"> second, again", "three", "> go on", "five",
	}
	if got := texts(s); !slices.Equal(got, want) {
		t.Errorf("drawn:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	forks := sessiontest.Events(s, "fork")
	if forks[0].Body != "it goes on with: from the start" || forks[1].Body != "it goes on with: second" {
		t.Errorf("forks %q %q", forks[0].Body, forks[1].Body)
	}
	var reasons []string
	for _, e := range sessiontest.Of[*session.TurnEnd](s) {
		reasons = append(reasons, e.Reason)
	}
	if !slices.Equal(reasons, []string{"forked", "completed", "completed"}) || s.Title != "first" || s.Usage.Input != 30 {
		t.Errorf("turns end %v, title %q, usage %+v", reasons, s.Title, s.Usage)
	}
	var whole, bytewise bytes.Buffer
	sessiontest.Dump(&whole, s)
	sessiontest.Dump(&bytewise, sessiontest.ReadBytes([]byte(log), 1))
	if whole.String() != bytewise.String() {
		t.Error("read a byte at a time, the session differs")
	}
}

// Redrawing a branch each time the person goes back costs its length: a
// file that goes back on every line is drawn once, at its end, past a
// budget, and its work stays in proportion to its length.
func TestGoingBackOnEveryLineIsBounded(t *testing.T) {
	changes := func(n int) int {
		var b strings.Builder
		b.WriteString(header)
		for i := range n {
			parent := ""
			if i >= 2 {
				parent = fmt.Sprint("e", i-2) // two branches, each line the other's
			}
			b.WriteString(user(fmt.Sprint("e", i), parent, fmt.Sprint("p", i)))
		}
		s := read(t, b.String())
		got := texts(s)
		if len(got) != n/2+1 || got[len(got)-1] != fmt.Sprint("> p", n-1) || !strings.HasPrefix(got[0], fmt.Sprint("fork: another branch forks at the start: ", n/2, " entries")) {
			t.Fatalf("drew %d entries: %q … %q", len(got), got[0], got[len(got)-1])
		}
		return s.Rev
	}
	// redrawn on every line, twice the lines would be four times the work
	if small, large := changes(3000), changes(6000); float64(large) > 2.5*float64(small) {
		t.Errorf("%d changes to the session for 3,000 lines, %d for 6,000", small, large)
	}
}

// v1's entries have no ids: each goes on from the one before.
func TestV1EntriesFormALine(t *testing.T) {
	s := read(t, `{"type":"session","id":"s","timestamp":"2025-11-20T23:33:50.805Z","cwd":"/w","provider":"anthropic","modelId":"claude-sonnet-4-5","thinkingLevel":"off"}`+"\n"+
		`{"type":"message","timestamp":"2025-11-20T23:33:51.000Z","message":{"role":"user","content":[{"type":"text","text":"hi"}],"timestamp":1763681631000}}`+"\n"+
		`{"type":"thinking_level_change","timestamp":"2025-11-20T23:33:52.000Z","thinkingLevel":"high"}`+"\n"+
		`{"type":"message","timestamp":"2025-11-20T23:33:53.000Z","message":{"role":"assistant","content":[{"type":"text","text":"hello"}],"stopReason":"stop","timestamp":1763681632000}}`+"\n")
	if got := texts(s); !slices.Equal(got, []string{"> hi", "hello"}) || s.Model != "claude-sonnet-4-5" || s.NoticeCount() != 0 {
		t.Errorf("drawn %q, model %q, %d notices", got, s.Model, s.NoticeCount())
	}
}

// What deck cannot read is a notice in place, the rest drawn: a line that
// is no JSON (after the entry before it, or with its branch's mark when
// that entry is not drawn), an entry of a type deck does not know, a
// message of a role it does not know, an entry with no id; an entry whose
// parent is not in the file starts its own branch and says so; a session
// of a newer format says so first.
func TestBadEntriesAreNotices(t *testing.T) {
	log := strings.Replace(header, `"version":3`, `"version":4`, 1) + user("u1", "", "first") + "not json\n" +
		reply("a1", "u1", "one") + user("u2", "a1", "left") + "{oops\n" +
		`{"type":"hologram","id":"h1","parentId":"a1","timestamp":"2026-05-02T10:00:04.000Z"}` + "\n" +
		`{"type":"message","id":"x1","parentId":"h1","timestamp":"2026-05-02T10:00:05.000Z","message":{"role":"robot","content":[]}}` + "\n" +
		`{"type":"label","parentId":"x1","timestamp":"2026-05-02T10:00:05.000Z","targetId":"u1","label":"l"}` + "\n" +
		user("u9", "gone", "orphan")
	notices := func(s *session.Session) (out []string) {
		for _, n := range s.Notices() {
			out = append(out, n.Text)
		}
		return out
	}
	// the branch drawn is the orphan's alone: the notices of the lines in
	// the other come with its mark
	got := notices(read(t, log))
	want := []string{"format v4, newer than deck reads", "not JSON", "not JSON", "entry with no id", "its parent entry \"gone\""}
	if len(got) != len(want) {
		t.Fatalf("notices %q", got)
	}
	for i, w := range want {
		if !strings.Contains(got[i], w) {
			t.Errorf("notice %d: want %q in %q", i, w, got[i])
		}
	}
	got = notices(read(t, strings.TrimSuffix(log, user("u9", "gone", "orphan"))))
	want = []string{"newer than deck reads", "not JSON", "not JSON", `"hologram"`, `"robot"`, "entry with no id"}
	if len(got) != len(want) {
		t.Fatalf("notices %q", got)
	}
	for i, w := range want {
		if !strings.Contains(got[i], w) {
			t.Errorf("notice %d: want %q in %q", i, w, got[i])
		}
	}
}

// The fixture's last branch is drawn, its title pi's session_info name,
// each of its calls drawn as its card with its result; the two branches
// left are marked where they fork, the turn left at each ended as forked.
func TestFixtureBranches(t *testing.T) {
	s := read(t, string(sessiontest.ReadFile(t, fixture)))
	if s.Title != "Retry fetchJSON with backoff" || s.NoticeCount() != 0 || s.Header.Cwd != "/work/app" || s.Model != "claude-sonnet-4-5" {
		t.Fatalf("title %q, %d notices, cwd %q, model %q", s.Title, s.NoticeCount(), s.Header.Cwd, s.Model)
	}
	cards := map[string]string{}
	for _, c := range sessiontest.Calls(s) {
		if c.Result == nil || c.View == nil {
			t.Errorf("call %s (%s) has no result", c.CallID, c.Name)
			continue
		}
		cards[c.Name] += c.View.Card() + " "
	}
	want := map[string]string{"read": "read read ", "bash": "terminal terminal ", "edit": "diff diff ", "grep": "search ", "find": "search ", "ls": "search "}
	for name, card := range want {
		if cards[name] != card {
			t.Errorf("%s drawn as %q, want %q", name, cards[name], card)
		}
	}
	if forks := sessiontest.Events(s, "fork"); len(forks) != 2 {
		t.Errorf("%d forks", len(forks))
	}
}
