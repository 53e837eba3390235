package codex

import (
	"strings"
	"testing"
)

// A script's literal tool calls are read; anything else makes the script
// one deck shows as it came.
func TestReadScript(t *testing.T) {
	calls, ok := readScript("// tools.exec_command({cmd: \"not me\"})\nconst s = \"tools.apply_patch(x)\";\n" +
		"const r = await tools.exec_command({cmd: 'echo \\'hi\\'\\n', workdir: \"/w\", yield_time_ms: 1e4, env: {A: [\"b\"]},});\n" +
		"await tools.apply_patch(`*** Begin Patch\n*** End Patch`);\nawait tools.shell_command({command: \"ls\"});")
	if !ok || len(calls) != 3 || calls[2].tool != "exec_command" || calls[2].args["cmd"] != "ls" || calls[0].args["cmd"] != "echo 'hi'\n" || calls[0].args["workdir"] != "/w" || calls[1].text != "*** Begin Patch\n*** End Patch" {
		t.Fatalf("calls %+v, %v", calls, ok)
	}
	for _, src := range []string{
		"await tools.exec_command({cmd: `ls ${dir}`});",
		"await tools.exec_command({cmd});",
		"await tools.exec_command({...opts});",
		"await tools.exec_command(cmd);",
		"await tools.exec_command({workdir: \"/w\"});",
		"await tools.web_search({q: \"x\"});",
		"await tools.exec_command({cmd: \"unterminated",
		"text(1)",
		strings.Repeat("await tools.exec_command({cmd: \"ls\"});\n", maxScriptCalls+1),
		literalNested(maxLiteralDepth), // 20 million levels overflowed the scanner's stack
	} {
		if calls, ok := readScript(src); ok {
			t.Errorf("%q read as %+v", src, calls)
		}
	}
}

// literalNested is an exec_command whose literal nests n arrays in its
// object.
func literalNested(n int) string {
	return "await tools.exec_command({cmd: \"ls\", env: " + strings.Repeat("[", n) + strings.Repeat("]", n) + "});"
}

// A literal nesting up to the cap is read.
func TestReadScriptUpToTheCap(t *testing.T) {
	if calls, ok := readScript(literalNested(maxLiteralDepth - 1)); !ok || calls[0].args["cmd"] != "ls" {
		t.Errorf("calls %+v, %v", calls, ok)
	}
}

// A script shown as it came cannot close its own fence: the fence is
// longer than any run of backquotes inside it.
func TestFencedScriptsKeepTheirFence(t *testing.T) {
	got := fenced("js", "a\n```\n# injected heading\n````")
	if !strings.HasPrefix(got, "`````js\n") || !strings.HasSuffix(got, "\n`````") {
		t.Errorf("fenced %q", got)
	}
}

// An exec cell's status head is read in every wording; a text without one
// is all output.
func TestParseScriptResult(t *testing.T) {
	for text, want := range map[string]scriptResult{
		"Script completed\nWall time 1.2 seconds\nOutput:\nhi\n":           {status: "completed", seconds: 1.2, timed: true, output: "hi\n"},
		"Script failed\nWall time: 0.1 seconds\nOutput:\nboom":             {status: "failed", seconds: 0.1, timed: true, output: "boom"},
		"Script running with cell ID 3\nWall time 10.0 seconds\nOutput:\n": {status: "running", cell: "3", seconds: 10, timed: true},
		"just text\n": {output: "just text\n"},
		"Wall time\n": {output: "Wall time\n"},
	} {
		if got := parseScriptResult(text); got != want {
			t.Errorf("%q: %+v, want %+v", text, got, want)
		}
	}
}
