package aider_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// history is a chat history as Aider writes it: each line given here, its
// own and the person's ending in the two spaces Aider adds.
func history(lines ...string) string {
	return "\n# aider chat started at 2026-05-06 14:20:11\n\n" + strings.Join(lines, "\n") + "\n"
}

func read(t *testing.T, text string) *session.Session {
	t.Helper()
	s := sessiontest.ReadString(text)
	if s.Format != session.FormatAider || !s.Account.Balanced() {
		t.Fatalf("format %q, accounting %+v", s.Format, s.Account)
	}
	sessiontest.NoNotices(t, s)
	return s
}

// A run opens with its start and banner, one line; the person's "#### "
// lines are one input (a prompt opens a turn, "/" and "!" are commands,
// "<blank>" is nothing typed); Aider's "> " lines between blank lines are
// one line each run, a message written whole over several lines with it;
// the rest is the model's reply, a heading or a quote of its own included,
// since those end in no line break.
func TestBlocksOfTheHistory(t *testing.T) {
	s := read(t, history(
		"> Aider v0.86.1  ", "> Main model: anthropic/claude-sonnet-4-5 with diff edit format  ", "",
		"#### fix it,  ", "#### then test it  ", "",
		"#### Sure, a reply", "> a quote in the reply", "", "the reply goes on  ", "",
		"> Tokens: 1.2k sent, 34 received.  ", "> Tokens: 567 sent, 8 received.  ", "> # 1 thing failed!", "its detail", "", "the end of it.  ", "",
		"#### <blank>  ", "", "#### /undo  ", "", "#### !ls -a  ", ""))
	var got []string
	for _, e := range s.Entries {
		switch e := e.(type) {
		case *session.Event:
			got = append(got, e.Kind+":"+e.Summary+"|"+e.Body)
		case *session.UserMessage:
			got = append(got, "prompt:"+session.TextOf(e.Content))
		case *session.AssistantText:
			got = append(got, "reply:"+e.Text)
		case *session.TurnStart:
			got = append(got, "turn")
		}
	}
	want := []string{
		"chat:aider chat started at 2026-05-06 14:20:11|Aider v0.86.1\nMain model: anthropic/claude-sonnet-4-5 with diff edit format",
		"turn", "prompt:fix it,\nthen test it",
		"reply:#### Sure, a reply\n> a quote in the reply\n\nthe reply goes on  ",
		"aider:Tokens: 1.2k sent, 34 received.|Tokens: 567 sent, 8 received.\n# 1 thing failed!\nits detail\n\nthe end of it.",
		"turn", "prompt:", "command:/undo|", "shell:ls -a|",
	}
	if strings.Join(got, "\n---\n") != strings.Join(want, "\n---\n") {
		t.Errorf("entries:\n%s\nwant:\n%s", strings.Join(got, "\n---\n"), strings.Join(want, "\n---\n"))
	}
	if s.Agent != "Aider v0.86.1" || s.Model != "anthropic/claude-sonnet-4-5" || s.Usage.Input != 1767 || s.Usage.Output != 42 {
		t.Errorf("agent %q model %q usage %+v", s.Agent, s.Model, s.Usage)
	}
	if s.Title != "fix it," || s.Header.CreatedAt != 1778077211000 {
		t.Errorf("title %q, created %d", s.Title, s.Header.CreatedAt)
	}
}

// An edit block is a diff card of the file it names, as Aider finds the
// name: on the line before the fence, or inside it; an empty SEARCH makes
// a new file. Aider records no line numbers, and the card has none. What
// Aider then says settles it: applied, skipped, or not matched (the others
// applied when it says so). A block that names no file, or never ends,
// stays the reply's text.
func TestEditBlocksAreDiffs(t *testing.T) {
	s := read(t, history(
		"#### go  ", "",
		"a.py", "```python", "<<<<<<< SEARCH", "x = 1", "=======", "x = 2", ">>>>>>> REPLACE", "```", "",
		"```python", "b.py", "<<<<<<< SEARCH", "y = 1", "=======", "y = 2", ">>>>>>> REPLACE", "```", "",
		"c.py", "```python", "<<<<<<< SEARCH", "=======", "new", ">>>>>>> REPLACE", "```", "",
		"d.py", "```python", "<<<<<<< SEARCH", "z = 1", "=======", "z = 2", ">>>>>>> REPLACE", "```", "",
		"",
		"<<<<<<< SEARCH", "never ends", "", "done.",
		"",
		"> Applied edit to a.py  ", "> Skipping edits to c.py  ",
		"> # 1 SEARCH/REPLACE block failed to match!", "", "## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in d.py",
		"<<<<<<< SEARCH", "z = 1", "=======", "z = 2", ">>>>>>> REPLACE", "", "# The other 2 SEARCH/REPLACE blocks were applied successfully.", "Don't re-send them.  ", ""))
	calls := sessiontest.Calls(s)
	if len(calls) != 4 {
		t.Fatalf("%d calls: %s", len(calls), sessiontest.Shape(s))
	}
	for i, c := range []struct {
		title, old, new string
		status          session.CallStatus
	}{
		{"Edit a.py", "x = 1", "x = 2", session.CallDone},
		{"Edit b.py", "y = 1", "y = 2", session.CallDone},
		{"Create c.py", "", "new", session.CallStopped},
		{"Edit d.py", "z = 1", "z = 2", session.CallFailed},
	} {
		got := calls[i]
		d := got.Call.(session.DiffCallView).Diffs[0]
		old := ""
		if d.OldText != nil {
			old = *d.OldText
		}
		if got.Title() != c.title || old != c.old || d.NewText != c.new || got.Status() != c.status || got.DiffStarts != nil {
			t.Errorf("call %d: %q %q→%q %v starts %v; want %+v", i, got.Title(), old, d.NewText, got.Status(), got.DiffStarts, c)
		}
	}
	if _, ok := calls[0].View.(session.DiffResultView); !ok {
		t.Errorf("an applied edit's view: %T", calls[0].View)
	}
	texts := sessiontest.Of[*session.AssistantText](s)
	if len(texts) != 1 || texts[0].Text != "<<<<<<< SEARCH\nnever ends\n\ndone." {
		t.Errorf("the reply's text: %+v", texts)
	}
}

// A reply's reasoning, between the tags a model or Aider put first, is
// reasoning; one cut off inside it is all reasoning.
func TestReasoningBetweenTags(t *testing.T) {
	for text, want := range map[string][]string{
		"<think>\nfirst this\n</think>\n\nthe answer":                                                                    {"reasoning:first this", "text:the answer"},
		"<thinking-content-7bbeb8e1441453ad999a0bbba8a46d4b>why</thinking-content-7bbeb8e1441453ad999a0bbba8a46d4b>\nso": {"reasoning:why", "text:so"},
		"<think>\ncut off":             {"reasoning:cut off"},
		"not <think>reasoning</think>": {"text:not <think>reasoning</think>"},
	} {
		s := read(t, history("#### go  ", "", text, ""))
		var got []string
		for _, e := range s.Entries {
			switch e := e.(type) {
			case *session.Reasoning:
				got = append(got, "reasoning:"+e.Text)
			case *session.AssistantText:
				got = append(got, "text:"+e.Text)
			}
		}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%q: %q, want %q", text, got, want)
		}
	}
}

// A history is told by its runs' starts, not by being Markdown: another
// Markdown file is no session log at all.
func TestAHistoryIsToldByItsRunsStart(t *testing.T) {
	if s := sessiontest.ReadString(history("#### hi  ")); s.Format != session.FormatAider {
		t.Errorf("a history read as %q", s.Format)
	}
	_, err := source.ReadAll(strings.NewReader("# A README\n\n#### A heading  \n> a quote  \n\nSome text.\n"))
	var notALog *source.NotALogError
	if !errors.As(err, &notALog) {
		t.Errorf("a Markdown file that is no history: %v", err)
	}
}
