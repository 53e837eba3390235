package claude_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/claude"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/present"
	"github.com/deck-tui/deck/session/source"

	"github.com/deck-tui/deck/session/internal/jsonline"
)

var corpus = sessiontest.Testdata + "/corpus/claude-code"

func corpusFiles(t *testing.T) []string {
	t.Helper()
	files, _ := filepath.Glob(corpus + "/*.jsonl")
	if len(files) != 6 {
		t.Fatalf("Claude Code corpus incomplete: %d files", len(files))
	}
	return files
}

// expect is what a transcript holds, counted by a parse of its own:
// tool uses by id, where they sit and how they ended.
type expect struct {
	lines       int
	calls       int            // the log's own tool calls (TodoWrite aside)
	plans       int            // the log's own TodoWrites
	kinds       map[string]int // the log's own calls by card kind
	nestedCalls int            // calls a subagent made, shown in its Task
	nestedKinds map[string]int // those by card kind
	nestedPlans int
	tasks       int // the log's own Task calls
	notJSON     int
}

type use struct {
	name          string
	side, copy    bool // a sidechain line's, an agent_progress copy's
	failed, ended bool
}

func count(t *testing.T, data []byte) expect {
	t.Helper()
	uses := map[string]*use{}
	var order []string
	ownTask := false
	e := expect{kinds: map[string]int{}, nestedKinds: map[string]int{}}
	note := func(content any, side, copy bool) {
		list, _ := content.([]any)
		for _, b := range list {
			m, _ := b.(map[string]any)
			switch m["type"] {
			case "tool_use":
				id, _ := m["id"].(string)
				if uses[id] == nil {
					name, _ := m["name"].(string)
					uses[id] = &use{name: name, side: side, copy: copy}
					order = append(order, id)
					ownTask = ownTask || name == "Task" && !side && !copy
				}
			case "tool_result":
				id, _ := m["tool_use_id"].(string)
				if u := uses[id]; u != nil {
					u.ended, u.failed = true, m["is_error"] == true
				}
			}
		}
	}
	for _, line := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
		e.lines++
		var r map[string]any
		if jsonline.Unmarshal(line, &r) != nil {
			e.notJSON++
			continue
		}
		side := r["isSidechain"] == true
		if msg, ok := r["message"].(map[string]any); ok {
			note(msg["content"], side, false)
		}
		if data, ok := r["data"].(map[string]any); ok && data["type"] == "agent_progress" {
			copied, _ := data["message"].(map[string]any)
			msg, _ := copied["message"].(map[string]any)
			note(msg["content"], side, true)
		}
	}
	for _, id := range order {
		u := uses[id]
		nested := u.copy || u.side && ownTask // a sidechain no Task started is the log's own
		switch {
		case u.name == "TodoWrite" && !nested:
			e.plans++
		case u.name == "TodoWrite":
			e.nestedPlans++
		case nested:
			e.nestedCalls++
			e.nestedKinds[kind(u.name, u.failed)]++
		default:
			e.calls++
			e.kinds[kind(u.name, u.failed)]++
			if u.name == "Task" {
				e.tasks++
			}
		}
	}
	return e
}

// kind is the card a tool's call should get.
func kind(name string, failed bool) string {
	switch {
	case name == "Bash":
		return "terminal"
	case failed:
		return "generic"
	case name == "Read":
		return "read"
	case name == "Edit" || name == "MultiEdit" || name == "Write":
		return "diff"
	case name == "Grep" || name == "Glob" || name == "LS":
		return "search"
	case name == "WebFetch" || name == "WebSearch":
		return "web"
	}
	return "generic"
}

func viewKind(v session.ResultView) string {
	switch v.(type) {
	case session.ReadResultView:
		return "read"
	case session.DiffResultView:
		return "diff"
	case session.TerminalResultView:
		return "terminal"
	case session.SearchMatchesResultView, session.SearchPathsResultView:
		return "search"
	case session.WebFetchResultView, session.WebSearchResultView:
		return "web"
	case session.GenericResultView:
		return "generic"
	}
	return "pending"
}

// TestCorpus reads every transcript of the corpus and checks what
// deck made against counts taken from the file itself.
func TestCorpus(t *testing.T) {
	for _, path := range corpusFiles(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data := sessiontest.ReadFile(t, path)
			want := count(t, data)
			s, err := source.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			if s.Format != session.FormatClaudeCode || !strings.HasPrefix(s.Agent, "Claude Code ") {
				t.Errorf("format %q, agent %q", s.Format, s.Agent)
			}
			if !s.Account.Balanced() || s.Account.Lines != want.lines {
				t.Errorf("accounting %+v for %d lines", s.Account, want.lines)
			}
			if n := len(s.Notices()); n != want.notJSON {
				t.Errorf("%d notices, want %d: %v", n, want.notJSON, s.Notices())
			}
			calls, plans, tasks, nested, nestedPlans := 0, 0, 0, 0, 0
			kinds, nestedKinds := map[string]int{}, map[string]int{}
			for _, e := range s.Entries {
				switch x := e.(type) {
				case *session.ToolCall:
					calls++
					kinds[viewKind(x.View)]++
					for _, n := range x.Nested {
						switch y := n.(type) {
						case *session.ToolCall:
							nested++
							nestedKinds[viewKind(y.View)]++
						case *session.Plan:
							nestedPlans++
						}
					}
					if x.Name == "Task" {
						tasks++
						checkPrompt(t, x)
					}
				case *session.Plan:
					plans++
				}
			}
			if calls != want.calls || plans != want.plans || tasks != want.tasks || nested != want.nestedCalls {
				t.Errorf("calls %d plans %d tasks %d nested %d, want %d %d %d %d", calls, plans, tasks, nested, want.calls, want.plans, want.tasks, want.nestedCalls)
			}
			for k, n := range want.kinds {
				if kinds[k] != n {
					t.Errorf("%s cards: %d, want %d (all: %v, want %v)", k, kinds[k], n, kinds, want.kinds)
				}
			}
			for k, n := range want.nestedKinds {
				if nestedKinds[k] != n {
					t.Errorf("nested %s cards: %d, want %d (all: %v, want %v)", k, nestedKinds[k], n, nestedKinds, want.nestedKinds)
				}
			}
			if nestedPlans != want.nestedPlans {
				t.Errorf("nested plans %d, want %d", nestedPlans, want.nestedPlans)
			}
			if kinds["pending"] != 0 {
				t.Errorf("%d calls left pending", kinds["pending"])
			}
		})
	}
}

// checkPrompt: a Task's nested work starts with the prompt it gave.
func checkPrompt(t *testing.T, c *session.ToolCall) {
	t.Helper()
	if len(c.Nested) == 0 {
		t.Errorf("Task %s has no nested work", c.CallID)
		return
	}
	a, _ := present.ParseArgs(c.Arguments)
	m, ok := c.Nested[0].(*session.UserMessage)
	if !ok || session.TextOf(m.Content) != a.Str("prompt") || m.Source != claude.SourceCaller {
		t.Errorf("Task %s's work does not start with its prompt: %#v", c.CallID, c.Nested[0])
	}
}

// TestCorpusBalancedEveryLine feeds each transcript a line at a time:
// every line is accounted for as soon as it is read.
func TestCorpusBalancedEveryLine(t *testing.T) {
	for _, path := range corpusFiles(t) {
		r := source.NewReader()
		for i, line := range bytes.SplitAfter(sessiontest.ReadFile(t, path), []byte("\n")) {
			r.Write(line)
			if a := r.Session().Account; !a.Balanced() {
				t.Fatalf("%s line %d: accounting %+v", filepath.Base(path), i+1, a)
			}
		}
		r.Close()
	}
}
