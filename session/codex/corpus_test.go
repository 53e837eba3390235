package codex_test

import (
	"bufio"
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"

	"github.com/deck-tui/deck/session/internal/jsonline"
)

// corpus lists the Codex rollouts of the corpus.
func corpus(t *testing.T) []string {
	t.Helper()
	paths, _ := filepath.Glob(sessiontest.Testdata + "/corpus/codex/*.jsonl")
	if len(paths) != 4 {
		t.Fatalf("the Codex corpus has %d rollouts, want 4", len(paths))
	}
	return paths
}

// expected is what a rollout should become, counted from the file by
// a parse of its own: the tool calls by id, and the card each should make.
type expected struct {
	lines, callIDs                 int
	cards                          int // tool call cards: one per call, one per file of a patch
	plans, pending                 int
	read, diff, terminal, search   int
	generic                        int
	prompts, assistant, reasoning  int
	turnStarts, turnEnds, notices  int
	lastInput, lastCached, lastOut int64
}

// knownLines are the records the format documents; any other line
// must be a notice.
var knownLines = map[string]bool{
	"session_meta/": true, "turn_context/": true,
	"response_item/message": true, "response_item/reasoning": true, "response_item/ghost_snapshot": true,
	"response_item/function_call": true, "response_item/function_call_output": true,
	"response_item/custom_tool_call": true, "response_item/custom_tool_call_output": true,
	"event_msg/user_message": true, "event_msg/agent_message": true, "event_msg/agent_reasoning": true,
	"event_msg/token_count": true, "event_msg/task_started": true, "event_msg/task_complete": true,
}

func expect(t *testing.T, data []byte) expected {
	t.Helper()
	var e expected
	type call struct{ name, args string }
	calls := map[string]call{}
	var order []string
	outputs := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		e.lines++
		var l struct {
			Type    string         `json:"type"`
			Payload map[string]any `json:"payload"`
		}
		if err := jsonline.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		pt, _ := l.Payload["type"].(string)
		if l.Type == "session_meta" || l.Type == "turn_context" {
			pt = ""
		}
		if !knownLines[l.Type+"/"+pt] {
			e.notices++
		}
		str := func(k string) string { s, _ := l.Payload[k].(string); return s }
		switch pt {
		case "function_call", "custom_tool_call":
			id := str("call_id")
			if _, seen := calls[id]; !seen {
				order = append(order, id)
			}
			args := str("arguments")
			if pt == "custom_tool_call" {
				args = str("input")
			}
			calls[id] = call{str("name"), args}
		case "function_call_output", "custom_tool_call_output":
			outputs[str("call_id")] = str("output")
		case "user_message":
			e.prompts++
		case "agent_message":
			e.assistant++
		case "reasoning":
			if s, _ := l.Payload["summary"].([]any); len(s) > 0 {
				e.reasoning++
			}
		case "task_started":
			e.turnStarts++
		case "task_complete":
			e.turnEnds++
		case "token_count":
			if info, _ := l.Payload["info"].(map[string]any); info != nil {
				u, _ := info["total_token_usage"].(map[string]any)
				in, _ := u["input_tokens"].(float64)
				cached, _ := u["cached_input_tokens"].(float64)
				out, _ := u["output_tokens"].(float64)
				e.lastInput, e.lastCached, e.lastOut = int64(in), int64(cached), int64(out)
			}
		}
	}
	if e.turnStarts == 0 { // a rollout with no task_started: each prompt starts a turn
		e.turnStarts = e.prompts
	}
	e.callIDs = len(order)
	for _, id := range order {
		c := calls[id]
		out, done := outputs[id]
		if c.name == "update_plan" {
			e.plans++
			continue
		}
		kind, n := expectCard(c.name, c.args, out)
		e.cards += n
		if !done { // pending: drawn by its call view
			e.pending += n
			continue
		}
		switch kind {
		case "read":
			e.read += n
		case "diff":
			e.diff += n
		case "terminal":
			e.terminal += n
		case "search":
			e.search += n
		default:
			e.generic += n
		}
	}
	return e
}

// expectCard says which card a call makes, and how many: from the tool's
// name, the command's first word and the exit code its output states.
func expectCard(name, args, output string) (string, int) {
	patch := args
	script := ""
	var a struct {
		Command []string `json:"command"`
		Cmd     string   `json:"cmd"`
	}
	if jsonline.Unmarshal([]byte(args), &a) == nil {
		if len(a.Command) == 3 {
			script = a.Command[2]
		}
		if a.Cmd != "" {
			script = a.Cmd
		}
		patch = script
	}
	files := strings.Count(patch, "\n*** Add File: ") + strings.Count(patch, "\n*** Update File: ") + strings.Count(patch, "\n*** Delete File: ")
	switch {
	case name == "apply_patch":
		return "diff", max(files, 1)
	case strings.HasPrefix(script, "apply_patch"):
		return "diff", files
	case strings.HasPrefix(name, "mcp__") || !strings.Contains("shell exec_command write_stdin", name):
		return "generic", 1
	}
	var o struct {
		Output   string `json:"output"`
		Metadata struct {
			ExitCode int `json:"exit_code"`
		} `json:"metadata"`
	}
	if script == "" || jsonline.Unmarshal([]byte(output), &o) != nil {
		return "terminal", 1
	}
	first, _, _ := strings.Cut(script, " ")
	switch {
	case first == "sed" || first == "cat":
		if o.Metadata.ExitCode == 0 {
			return "read", 1
		}
	case first == "rg" || first == "ls":
		if o.Metadata.ExitCode == 0 || o.Metadata.ExitCode == 1 && o.Output == "" {
			return "search", 1
		}
	}
	return "terminal", 1
}

// Every corpus rollout becomes the cards its own lines call for, with
// every line accounted for after each line.
func TestCorpus(t *testing.T) {
	for _, p := range corpus(t) {
		data := sessiontest.ReadFile(t, p)
		want := expect(t, data)
		r := source.NewReader()
		for _, l := range bytes.SplitAfter(data, []byte("\n")) {
			r.Write(l)
			if !r.Session().Account.Balanced() {
				t.Fatalf("%s: unbalanced after a line: %+v", p, r.Session().Account)
			}
		}
		r.Close()
		s := r.Session()
		var got expected
		got.lines = s.Account.Lines
		got.lastInput, got.lastCached, got.lastOut = s.Usage.Input+s.Usage.CacheRead, s.Usage.CacheRead, s.Usage.Output
		ids := map[string]bool{}
		for _, e := range s.Entries {
			switch x := e.(type) {
			case *session.ToolCall:
				id, _, _ := strings.Cut(x.CallID, "#") // a patch's second file's card: id#2
				ids[id] = true
				got.cards++
				switch x.View.(type) {
				case nil:
					got.pending++
				case session.ReadResultView:
					got.read++
				case session.DiffResultView:
					got.diff++
				case session.TerminalResultView:
					got.terminal++
				case session.SearchMatchesResultView, session.SearchPathsResultView:
					got.search++
				default:
					got.generic++
				}
			case *session.Plan:
				got.plans++
				got.callIDs++
			case *session.UserMessage:
				if x.Role == session.RoleHuman {
					got.prompts++
				}
			case *session.AssistantText:
				got.assistant++
			case *session.Reasoning:
				got.reasoning++
			case *session.TurnStart:
				got.turnStarts++
			case *session.TurnEnd:
				got.turnEnds++
			case *session.Notice:
				got.notices++
			}
		}
		got.callIDs += len(ids)
		name := filepath.Base(p)
		if got != want {
			t.Errorf("%s:\n got %+v\nwant %+v", name, got, want)
		}
		if !s.Account.Balanced() || s.Format != session.FormatCodex || !strings.HasPrefix(s.Agent, "Codex 0.") || s.Header.ID == "" || s.Header.Cwd == "" || s.Model == "" {
			t.Errorf("%s: %+v format %q agent %q header %+v model %q", name, s.Account, s.Format, s.Agent, s.Header, s.Model)
		}
	}
}

// The corpus's `sed -n '1,220p'` of a 514-line file printed 220 lines and
// says nothing of the rest: its read claims no total. Its `sed -n
// '220,640p'` stopped at line 514, short of 640: the file ends there.
func TestCorpusWindowsClaimOnlyTheTotalTheyShow(t *testing.T) {
	s, _ := source.Open(sessiontest.Testdata + "/corpus/codex/AcidicSoil_codex-session-view__rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl")
	want := map[string]int{
		"sed -n '1,220p' components/chat/chat-helpers/index.ts":   0,
		"sed -n '220,640p' components/chat/chat-helpers/index.ts": 514,
	}
	for _, c := range sessiontest.Calls(s) {
		total, ok := want[strings.TrimPrefix(c.Title(), "$ ")]
		if !ok {
			continue
		}
		delete(want, strings.TrimPrefix(c.Title(), "$ "))
		if v, isRead := c.View.(session.ReadResultView); !isRead || v.TotalLines != total {
			t.Errorf("%s: %+v, want a read of %d lines in all", c.Title(), c.View, total)
		}
	}
	if len(want) > 0 {
		t.Errorf("not in the corpus: %v", want)
	}
}
