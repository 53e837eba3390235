package gfm

import (
	"bytes"
	"strings"
	"testing"

	"github.com/deck-tui/deck/cards"
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
	if !strings.Contains(md, `> see \[x\](javascript:y) \<b>`) {
		t.Errorf("prompt not escaped:\n%s", md)
	}
	if !strings.Contains(md, "`````console\n$ cat f\n````\nin\n`````") {
		t.Errorf("fence not longer than the output's backticks:\n%s", md)
	}
}

// Whatever a call's body is written as (a console, a diff, a file, the
// card's lines), the Markdown says what its card says under it: why it
// failed, the approval asked for it and how it was settled, the calls it
// made.
func TestACallKeepsWhatItsCardSaysUnderIt(t *testing.T) {
	approval := &session.Approval{Reason: "escalate sandbox to danger-full-access", Outcome: session.AllowedOnce}
	subs := []session.SubCall{{Name: "read", Done: true}}
	failed := &session.ToolResult{IsError: true, Error: &session.ToolError{Code: "E", Reason: "the disk is full"}}
	for name, c := range map[string]*session.ToolCall{
		"console": {Name: "bash", Result: &session.ToolResult{}, Approval: approval, SubCalls: subs,
			Call: session.TerminalCallView{Title: "make"}, View: session.TerminalResultView{Output: "ok"}},
		"failed console": {Name: "bash", Result: failed, Approval: approval,
			Call: session.TerminalCallView{Title: "make"}, View: session.TerminalResultView{Output: "no"}},
		"diff": {Name: "edit", Result: &session.ToolResult{}, Approval: approval,
			View: session.DiffResultView{Diffs: []session.FileDiff{{Path: "a.go", OldText: ptr("x"), NewText: "y"}}}},
		"pending write": {Name: "write", Approval: &session.Approval{Reason: "write outside the workspace"},
			Call: session.DiffCallView{Title: "Write n.txt", Diffs: []session.FileDiff{{Path: "n.txt", NewText: "hello"}}}},
		"file": {Name: "read", Result: &session.ToolResult{}, Approval: approval,
			View: session.ReadResultView{Path: "a.go", Lines: []session.ReadFileLine{{Number: 1, Text: "package a"}}}},
		"card's lines": {Name: "fetch", Result: &session.ToolResult{}, Approval: approval, SubCalls: subs,
			View: session.GenericResultView{}},
	} {
		var under []string // the card's own words under the body
		for _, r := range cards.Render(c, cards.Options{Width: 200, Plain: true, Expanded: true}) {
			if r = strings.TrimSpace(r); strings.HasPrefix(r, "⚑") || strings.HasPrefix(r, "↳") || r == "the disk is full" {
				under = append(under, r)
			}
		}
		if len(under) == 0 {
			t.Fatalf("%s: the card says nothing under its body", name)
		}
		md := write(t, c)
		for _, r := range under {
			if !strings.Contains(md, inline(r)) {
				t.Errorf("%s: the card says %q, the Markdown does not:\n%s", name, r, md)
			}
		}
	}
}

// A session that changed no file but read some says so under its Changes
// heading, as its card does; one that did neither has no heading.
func TestChangesSayWhenNoFileChanged(t *testing.T) {
	read := &session.ToolCall{Name: "read", Result: &session.ToolResult{},
		View: session.ReadResultView{Path: "/w/a.go", Lines: []session.ReadFileLine{{Number: 1, Text: "package a"}}}}
	md := write(t, read)
	if !strings.Contains(md, "## Changes\n\nThe session changed no file.\n\nOnly read:\n\n- /w/a.go\n") {
		t.Errorf("the changes of a session that only read:\n%s", md)
	}
	if md := write(t, &session.AssistantText{Text: "hi"}); strings.Contains(md, "## Changes") {
		t.Errorf("a Changes heading for a session that neither changed nor read a file:\n%s", md)
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

// A log numbered as a fork's format says so under the head, as the
// header card does.
func TestTheHeadSaysAForksFormat(t *testing.T) {
	var b bytes.Buffer
	s := &session.Session{Title: "t", Header: session.Header{Version: 6, Fork: session.Fork{Known: []string{"quockhang", "CoHarness"}}}}
	if err := Write(&b, s, Options{Width: 80}); err != nil {
		t.Fatal(err)
	}
	if want := "*format v6 is a fork's, not the harness's: quockhang and CoHarness each wrote a v6 of their own, and nothing here says which; shown by what deck knows of its content*"; !strings.Contains(b.String(), want) {
		t.Errorf("no %q in:\n%s", want, b.String())
	}
}

// The system prompt is folded away, as its card is collapsed: a
// <details> with its text fenced, never a quote as a person's prompt.
func TestTheSystemPromptIsFolded(t *testing.T) {
	md := write(t, &session.UserMessage{Role: session.RoleSystemPrompt, Content: []session.ContentBlock{{Type: "text", Text: "Be **brief**."}}})
	if want := "<details><summary>system prompt</summary>\n\n```text\nBe **brief**.\n```\n"; !strings.Contains(md, want) {
		t.Errorf("no %q in:\n%s", want, md)
	}
	if strings.Contains(md, "> Be") {
		t.Errorf("quoted as a prompt:\n%s", md)
	}
}

// An edit the harness closed after the fact is not drawn as if it
// happened: its summary says its state, its body what is known of it,
// never its diff as a change made.
func TestARecoveredEditIsNoDiff(t *testing.T) {
	md := write(t, &session.ToolCall{Name: "edit", Call: session.DiffCallView{Title: "Edit a.go", Diffs: []session.FileDiff{{Path: "a.go", OldText: ptr("x"), NewText: "y"}}},
		Result: &session.ToolResult{IsError: true, Error: &session.ToolError{Code: session.ToolOutcomeUnknown}}})
	if !strings.Contains(md, "<summary>? edit: Edit a.go · outcome unknown</summary>") || strings.Contains(md, "```diff") {
		t.Errorf("drawn as a change:\n%s", md)
	}
}
