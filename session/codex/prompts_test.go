package codex_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// Which user messages a person typed, and the turns they start: decided as
// the lines come, never at the log's end, which a followed log never has.

// followed reads a rollout as a followed log is read: never closed.
func followed(lines ...string) *session.Session {
	r := source.NewReader()
	r.Write([]byte(metaLine + "\n" + strings.Join(lines, "\n") + "\n"))
	return r.Session()
}

func userItem(sec int, text string) string {
	return item(sec, jsonText(map[string]any{"type": "message", "role": "user", "content": []any{map[string]any{"type": "input_text", "text": text}}}))
}

// userCompleted is the newest rollouts' prompt record (0.154), which they
// write in place of a user_message event.
func userCompleted(sec int, text string) string {
	return event(sec, jsonText(map[string]any{"type": "item_completed", "turn_id": "t1", "item": map[string]any{
		"type": "UserMessage", "id": "u1", "content": []any{map[string]any{"type": "text", "text": text, "text_elements": []any{}}},
	}}))
}

func roles(s *session.Session) string {
	var out []string
	for _, m := range sessiontest.Of[*session.UserMessage](s) {
		out = append(out, fmt.Sprint(m.Role, ":", m.Source))
	}
	return strings.Join(out, " ")
}

var (
	human    = fmt.Sprint(session.RoleHuman, ":")
	injected = fmt.Sprint(session.RoleInjected, ":codex")
)

// A 0.154 rollout tells its prompts by item_completed UserMessage records:
// the prompt is the person's as soon as its record comes, followed or not,
// and text with no such record (a skill's) stays injected.
func TestItemCompletedUserMessageTellsThePrompt(t *testing.T) {
	lines := []string{
		event(1, `{"type":"task_started","turn_id":"t1"}`),
		userItem(2, "fix the build"),
		userCompleted(2, "fix the build"),
		userItem(3, "skill text with no record"),
	}
	for name, s := range map[string]*session.Session{"fresh": log(t, lines...), "followed": followed(lines...)} {
		if got, want := roles(s), human+" "+injected; got != want || s.Title != "fix the build" {
			t.Errorf("%s: roles %s, want %s; title %q", name, got, want, s.Title)
		}
	}
}

// A log that writes both kinds of prompt record copies each prompt in the
// second: it is one prompt, never two.
func TestBothPromptRecordsAreOnePrompt(t *testing.T) {
	s := log(t,
		event(1, `{"type":"task_started","turn_id":"t1"}`),
		userItem(2, "fix the build"),
		userCompleted(2, "fix the build"),
		event(2, `{"type":"user_message","message":"fix the build"}`),
	)
	if got := roles(s); got != human {
		t.Errorf("roles %s, want one prompt", got)
	}
}

// In a log with no prompt events at all, the messages that look typed are
// prompts once the model answers: a followed log shows them so, as a fresh
// read does, without waiting for an end it never has.
func TestAPromptIsKnownWhenTheModelAnswers(t *testing.T) {
	asked := []string{userItem(1, "<environment_context><cwd>/w</cwd></environment_context>"), userItem(2, "fix the build")}
	for name, answer := range map[string]string{
		"reasoning": item(3, `{"type":"reasoning","summary":[{"type":"summary_text","text":"**Looking**"}]}`),
		"call":      shell(3, "c1", "make"),
		"reply":     item(3, `{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Done."}]}`),
		"turn end":  event(3, `{"type":"task_complete","last_agent_message":null}`),
	} {
		lines := append(append([]string{}, asked...), answer)
		for how, s := range map[string]*session.Session{"fresh": log(t, lines...), "followed": followed(lines...)} {
			if got, want := roles(s), fmt.Sprint(session.RoleContext, ":environment context")+" "+human; got != want || s.Title != "fix the build" {
				t.Errorf("%s, %s: roles %s, want %s; title %q", name, how, got, want, s.Title)
			}
		}
	}
}

// Where a log has no task_started records (Codex before 0.6x), each prompt
// starts a turn, placed before it whichever of the prompt's item and its
// event came first; a log with the records starts none of its own.
func TestAPromptStartsATurnWhereTheLogHasNoTurnRecords(t *testing.T) {
	s := log(t,
		userItem(1, "<environment_context><cwd>/w</cwd></environment_context>"),
		userItem(2, "fix the build"),
		event(2, `{"type":"user_message","message":"fix the build"}`),
		shell(3, "c1", "make"),
		output(4, "c1", structured("ok", 0, 1)),
		event(10, `{"type":"user_message","message":"and the tests"}`),
		userItem(10, "and the tests"),
		item(12, `{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Done."}]}`),
	)
	if got, want := sessiontest.Shape(s), "user turn user call:c1 turn user text:Done. "; got != want {
		t.Errorf("entries %q, want %q", got, want)
	}
	starts := sessiontest.Of[*session.TurnStart](s)
	if len(starts) != 2 || starts[0].Time != starts[1].Time-8000 || starts[0].Turn != 1 || starts[1].Turn != 2 {
		t.Errorf("turn starts %+v", starts)
	}
	s = log(t,
		event(1, `{"type":"task_started","turn_id":"t1"}`),
		userItem(2, "fix the build"),
		event(2, `{"type":"user_message","message":"fix the build"}`),
	)
	if got := len(sessiontest.Of[*session.TurnStart](s)); got != 1 {
		t.Errorf("%d turn starts in a log whose task_started starts its turn", got)
	}
}
