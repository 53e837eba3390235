package viewer

import (
	"strings"
	"testing"
)

// A finished generic call keeps its input one keypress away: collapsed, the
// card says the input is there and how to see it; enter shows it.
func TestEnterShowsAFinishedCallsInput(t *testing.T) {
	x := start(t, Options{Path: testdata + "/fixtures/unknown-tool.jsonl", Follow: new(false)}, 100, 30)
	x.waitFor("Tools with no card of their own")
	x.waitFor("card 1 of 4")
	x.keys("]", "]") // the question, run_code
	x.waitFor("▌✓ Count the TypeScript files", "… 2 lines of input · enter to expand")
	if s := x.screen(); strings.Contains(s, "return files.length") {
		t.Fatalf("collapsed, the program shows:\n%s", s)
	}
	x.keys("enter")
	x.waitUntil("the program under the title", func(s string) bool {
		return strings.Contains(s, "→ const files = await tools.glob({pattern: '*.ts'})") &&
			strings.Contains(s, "return files.length") && !strings.Contains(s, "lines of input")
	})
	x.quit()
}
