package gfm

import (
	"bytes"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
)

func ptr(s string) *string { return &s }

func write(t *testing.T, es ...session.Entry) string {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, &session.Session{Entries: es}, Options{Width: 80}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// A diff carries the file's real line numbers where the session's reads
// placed it, as its card does; a later hunk of the same file is shifted by
// the lines the earlier ones added.
func TestDiffsAreNumberedWithTheFilesLines(t *testing.T) {
	md := write(t, &session.ToolCall{Name: "edit", Result: &session.ToolResult{}, DiffStarts: []int{13, 40},
		View: session.DiffResultView{Diffs: []session.FileDiff{
			{Path: "a.go", OldText: ptr("x"), NewText: "x\ny"},
			{Path: "a.go", OldText: ptr("p"), NewText: "q"},
		}}})
	for _, want := range []string{"```diff\n", "@@ -13 +13,2 @@", "@@ -40 +41 @@"} {
		if !strings.Contains(md, want) {
			t.Errorf("no %q in:\n%s", want, md)
		}
	}
}

// A write whose result holds no diff of its own shows its call's diff.
func TestAWriteShowsItsCallsDiff(t *testing.T) {
	md := write(t, &session.ToolCall{Name: "write", Result: &session.ToolResult{}, View: session.GenericResultView{},
		Call: session.DiffCallView{Title: "Write n.txt", Diffs: []session.FileDiff{{Path: "n.txt", NewText: "hello"}}}})
	if !strings.Contains(md, "--- /dev/null\n+++ b/n.txt") || !strings.Contains(md, "+hello") {
		t.Errorf("no diff of the new file:\n%s", md)
	}
}

// Prompts are quotes whose text is only text; a fence outlasts the
// backticks inside it.
func TestPromptsAndFences(t *testing.T) {
	md := write(t,
		&session.UserMessage{Content: []session.ContentBlock{{Type: "text", Text: "see [x](javascript:y) <b>"}}},
		&session.ToolCall{Name: "bash", Result: &session.ToolResult{}, Call: session.TerminalCallView{Title: "cat f"},
			View: session.TerminalResultView{Output: "````\nin"}})
	if !strings.Contains(md, `> see \[x\]\(javascript\:y\) \<b\>`) {
		t.Errorf("prompt not escaped:\n%s", md)
	}
	if !strings.Contains(md, "`````console\n$ cat f\n````\nin\n`````") {
		t.Errorf("fence not longer than the output's backticks:\n%s", md)
	}
}

// A fetch says its HTTP status once, in its summary: the card's header,
// which the summary replaces, is where the card says it.
func TestAFetchSaysItsStatusOnce(t *testing.T) {
	md := write(t, &session.ToolCall{Name: "web_fetch", Result: &session.ToolResult{},
		Call: session.GenericCallView{Title: "https://example.com/a"}, View: session.WebFetchResultView{URL: "https://example.com/a", StatusCode: 404}})
	if !strings.Contains(md, "<summary>✓ web_fetch: https://example.com/a (HTTP 404)</summary>") || strings.Count(md, "HTTP 404") != 1 {
		t.Errorf("the status not once, in the summary:\n%s", md)
	}
}
