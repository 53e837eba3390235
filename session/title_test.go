package session_test

import (
	"testing"

	"github.com/deck-tui/deck/session"
)

func text(s string) []session.ContentBlock { return []session.ContentBlock{{Type: "text", Text: s}} }

// The title is the agent's title record when there is one, else the first
// line of the first thing a person typed; injected text never titles.
func TestTitleIsTheUsersWords(t *testing.T) {
	b := session.NewBuilder()
	b.Add(&session.UserMessage{Role: session.RoleContext, Content: text("<environment_context>cwd</environment_context>")})
	b.Add(&session.UserMessage{Role: session.RoleInjected, Content: text("<recommended_plugins>x</recommended_plugins>")})
	if b.Title != "" {
		t.Fatalf("injected text titled the session: %q", b.Title)
	}
	typed := &session.UserMessage{Role: session.RoleInjected, Content: text("\n  fix the build\nplease")}
	b.Add(typed)
	typed.Role = session.RoleHuman // its reader learnt a person typed it
	b.Touch(typed)
	b.Add(&session.UserMessage{Role: session.RoleHuman, Content: text("a second prompt")})
	if b.Title != "fix the build" {
		t.Errorf("title %q", b.Title)
	}
	b.Title = "the agent's own title" // a title record, read later, wins
	b.Add(&session.UserMessage{Role: session.RoleHuman, Content: text("a third")})
	if b.Title != "the agent's own title" {
		t.Errorf("title %q", b.Title)
	}

	// a prompt streamed in chunks titles the session as it grows
	d := session.NewBuilder()
	m := &session.UserMessage{Role: session.RoleHuman, Content: text("Hel")}
	d.Add(m)
	m.Content = text("Hello there\nmore")
	d.Touch(m)
	if d.Title != "Hello there" {
		t.Errorf("a streamed prompt's title %q", d.Title)
	}

	c := session.NewBuilder()
	c.Add(&session.Event{Kind: "command", Summary: "/init\nwith args"})
	if c.Title != "/init" {
		t.Errorf("a slash command's title %q", c.Title)
	}
}

// Closing the reader marks every call still waiting as one that will get no
// result, a subagent's too.
func TestFinishEndsPendingCalls(t *testing.T) {
	b := session.NewBuilder()
	inner := &session.ToolCall{CallID: "n"}
	pending := &session.ToolCall{CallID: "a", Nested: []session.Entry{inner}}
	done := &session.ToolCall{CallID: "b", Result: &session.ToolResult{}}
	b.Add(pending)
	b.Add(done)
	b.Finish()
	if !pending.Unfinished || !inner.Unfinished || done.Unfinished {
		t.Errorf("pending %v, nested %v, done %v", pending.Unfinished, inner.Unfinished, done.Unfinished)
	}
}
