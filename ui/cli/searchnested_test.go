package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/go-json-experiment/json"
)

// taskHome is a home of one Claude Code session whose Task's subagent ran
// a command whose output holds "wombatroot"; the Task's description holds
// a title escape sequence and a tab (which a terminal's row, as a
// snippet, shows as the spaces to its stop).
func taskHome(t *testing.T) string {
	home := emptyHome(t)
	dst := filepath.Join(home, ".claude/projects/p/s1.jsonl")
	os.MkdirAll(filepath.Dir(dst), 0o755)
	env := `"sessionId":"s1","cwd":"/w","version":"2.1.0","timestamp":"2026-01-01T00:00:00.000Z"`
	log := strings.Join([]string{
		`{"type":"user","uuid":"u1",` + env + `,"message":{"role":"user","content":"survey the code"}}`,
		`{"type":"assistant","uuid":"u2",` + env + `,"message":{"id":"m1","role":"assistant","content":[{"type":"tool_use","id":"tk","name":"Task","input":{"description":"find\u001b]0;pwned\u0007 the\tcallers","prompt":"dig","subagent_type":"Explore"}}]}}`,
		`{"type":"user","isSidechain":true,"parentUuid":null,"uuid":"s0",` + env + `,"message":{"content":"dig"}}`,
		`{"type":"assistant","isSidechain":true,"parentUuid":"s0","uuid":"s1",` + env + `,"message":{"id":"sm","content":[{"type":"tool_use","id":"b1","name":"Bash","input":{"command":"ls"}}]}}`,
		`{"type":"user","isSidechain":true,"parentUuid":"s1","uuid":"s2",` + env + `,"message":{"content":[{"type":"tool_result","tool_use_id":"b1","content":"a.go wombatroot"}]},"toolUseResult":{"stdout":"a.go wombatroot","stderr":""}}`,
		`{"type":"assistant","isSidechain":true,"parentUuid":"s2","uuid":"s3",` + env + `,"message":{"id":"sm2","content":[{"type":"text","text":"dug"}]}}`,
		`{"type":"user","uuid":"u3",` + env + `,"message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"tk","content":"dug"}]}}`,
	}, "\n") + "\n"
	if err := os.WriteFile(dst, []byte(log), 0o644); err != nil {
		t.Fatal(err)
	}
	when := time.Now().Add(-time.Hour)
	os.Chtimes(dst, when, when)
	return home
}

// Piped, a hit in a subagent's work has two more fields after the six of
// every hit: the nested entry's place (the viewer's "nested k of n") and
// the subagent's name as its call's card heads it, made safe; --no-index
// says the same.
func TestSearchForAScriptSaysTheSubagent(t *testing.T) {
	taskHome(t)
	for _, args := range [][]string{{"search", "wombatroot"}, {"search", "--no-index", "wombatroot"}} {
		code, out, errOut := deck(t, "", args...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		f := strings.Split(strings.TrimSuffix(out, "\n"), "\t")
		if len(f) != 8 || f[3] != "2" || f[4] != "output" || !strings.Contains(f[5], "wombatroot") ||
			f[6] != "2" || f[7] != "Task (Explore): find the    callers" {
			t.Errorf("%v: the hit: %q", args, out)
		}
	}
}

// --json says whose work a hit is in, and which nested entry of how many
// holds it; a hit in the card's own text has no "subagent".
func TestSearchJSONSaysTheSubagent(t *testing.T) {
	taskHome(t)
	for q, want := range map[string]string{"wombatroot": `"subagent":{"name":"Task (Explore): find\u001b]0;pwned\u0007 the\tcallers","nested":2,"of":3}`, "survey": ""} {
		code, out, errOut := deck(t, "", "search", "--json", q)
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var hit struct {
			Subagent *struct {
				Name   string `json:"name"`
				Nested int    `json:"nested"`
				Of     int    `json:"of"`
			} `json:"subagent"`
		}
		if err := json.Unmarshal([]byte(out), &hit); err != nil {
			t.Fatalf("%v: %q", err, out)
		}
		switch {
		case want == "" && (hit.Subagent != nil || strings.Contains(out, "subagent")):
			t.Errorf("%s: the card's own hit names a subagent: %q", q, out)
		case want != "" && (hit.Subagent == nil || hit.Subagent.Nested != 2 || hit.Subagent.Of != 3 || hit.Subagent.Name != "Task (Explore): find\x1b]0;pwned\a the\tcallers"):
			t.Errorf("%s: %q", q, out)
		}
		if strings.ContainsAny(out, "\x1b\x07") {
			t.Errorf("a raw control character: %q", out)
		}
	}
}

// In a terminal, a hit in a subagent's work says whose and where after
// its turn and kind, made safe.
func TestSearchInATerminalSaysTheSubagent(t *testing.T) {
	taskHome(t)
	t.Setenv("COLORTERM", "truecolor")
	t.Setenv("NO_COLOR", "")
	code, shown := searchOnATerminal(t, 120, "wombatroot")
	plain := ansi.Strip(shown)
	if code != exitOK || !strings.Contains(plain, "turn 1 · output · ↳ Task (Explore): find the    callers · nested 2 of 3  a.go wombatroot") {
		t.Fatalf("exit %d:\n%s", code, plain)
	}
}
