package session_test

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

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

// A session not shown keeps its header and nothing of its body: titled by
// the header's id, no model or tokens, and of its entries only the
// reading's notices before the first line, less the one saying why.
func TestHeaderOnlyTakesNothingOfTheBody(t *testing.T) {
	b := session.NewBuilder()
	why := errors.New("session.v9.jsonl is too new")
	b.Notice(0, "the harness migrated this session to session.v9.jsonl")
	b.Header = session.Header{Present: true, Version: 9, ID: "s-9", Cwd: "/w", Unsupported: why}
	b.Notice(0, why.Error())
	b.Notice(1, "the header's own notice")
	b.Add(&session.UserMessage{Role: session.RoleHuman, Content: text("a prompt of the body")})
	b.Model, b.Usage = "m", session.TokenUsage{Input: 5}
	h := b.HeaderOnly()
	if h.Title != "s-9" || h.Model != "" || h.Usage.Input != 0 || h.Header.Cwd != "/w" || h.Header.Unsupported != why {
		t.Errorf("HeaderOnly: title %q, model %q, usage %v, header %+v", h.Title, h.Model, h.Usage, h.Header)
	}
	if len(h.Entries) != 1 || h.Entries[0].(*session.Notice).Text != "the harness migrated this session to session.v9.jsonl" {
		t.Errorf("entries %v", h.Entries)
	}
}

// A title is at most 500 characters, a cut one ending in how much was cut;
// a title cut once is never cut again (a reader may pass one on).
func TestShortTitle(t *testing.T) {
	for _, title := range []string{"fix the build", strings.Repeat("é", 500), strings.Repeat("日本", 3000), strings.Repeat("x", 1<<20)} {
		short := session.ShortTitle(title)
		if n := utf8.RuneCountInString(short); n > 500 {
			t.Errorf("%d characters", n)
		}
		if utf8.RuneCountInString(title) <= 500 && short != title {
			t.Errorf("a short title was cut: %q", short)
		}
		if utf8.RuneCountInString(title) > 500 && !strings.HasSuffix(short, " more)") {
			t.Errorf("a cut title says nothing of it: %q", short[len(short)-30:])
		}
		if again := session.ShortTitle(short); again != short {
			t.Errorf("cut again: %q", again[len(again)-30:])
		}
	}
	if got := session.ShortTitle(strings.Repeat("x", 1<<20)); !strings.HasSuffix(got, "x… (1.0 MB more)") {
		t.Errorf("%q", got[len(got)-30:])
	}
}
