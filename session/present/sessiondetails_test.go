package present

import (
	"reflect"
	"testing"

	"github.com/deck-tui/deck/session"
)

// The session-query tools' texts are read as the web client reads them: a
// search's numbered matches, an event read's event and its data, a
// trace's labelled lines and its ancestors and descendants as their tree.
func TestSessionQueryResultsAreTheirMatchesAndTraces(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       session.Details
	}{
		{"session_search", "1. Session s1 — Session one\n   Created: 1970-01-01T00:00:01.000Z\n   Availability: live, persisted\n   Parent: none\n   Snippet: the needle\n   here \n\n2. Session s2 — Other\n   Created: 2026-01-01T00:00:00.000Z\n\nResult cap reached.",
			session.Details{Summary: "2 matches", Empty: "No results", Caption: "Result limit reached; narrow the search for more", Items: []di{
				{Title: "Session one", Subtitle: "s1", Description: "the needle\n   here", Fields: []df{fd("Time", "1970-01-01T00:00:01.000Z"), fd("Availability", "live, persisted"), fd("Parent", "None")}},
				{Title: "Other", Subtitle: "s2", Fields: []df{fd("Time", "2026-01-01T00:00:00.000Z")}},
			}}},
		{"session_search", "No prior session matches found.", session.Details{Summary: "0 matches", Empty: "No results"}},
		{"session_event_search", "Session s1 — Session one\n\n1. seq 2 | tool/call | current | 1970-01-01T00:00:02.000Z\n   Snippet: needle\n2. seq 5 | user/message | log-only | 1970-01-01T00:00:05.000Z",
			session.Details{Summary: "2 matches", Empty: "No results", Items: []di{
				{Title: "needle", Subtitle: "tool/call · #2", Fields: []df{fd("Time", "1970-01-01T00:00:02.000Z"), fd("Record status", "current")}},
				{Title: "user/message", Subtitle: "user/message · #5", Fields: []df{fd("Time", "1970-01-01T00:00:05.000Z"), fd("Record status", "log-only")}},
			}}},
		{"session_event_search", "Session s1 — Session one\n\nNo prior event matches found.", session.Details{Summary: "0 matches", Empty: "No results"}},
		{"session_event_read", "Session s1 — Session one\nTarget event seq 2:\n```json\n{\"seq\":2,\"time\":2000,\"type\":\"tool/call\",\"data\":{\"name\":\"x\",\"callId\":\"c1\"}}\n```\n\nBefore: seq 1 user/message",
			session.Details{Summary: "tool/call · #2", Empty: "No results", Items: []di{
				{Title: "tool/call", Subtitle: "Session one · s1", Fields: []df{fd("Event sequence", "2"), fd("Time", "1970-01-01T00:00:02.000Z")}},
				{Title: "x", Fields: []df{fd("Call ID", "c1")}},
				{Title: "Surrounding events"}, {Description: "Before: seq 1 user/message", Depth: 1},
			}}},
		{"session_trace", "Session s1 — Session one\nCreated: 1970-01-01T00:00:01.000Z\nAvailability: live, persisted\n\nAncestors (nearest first):\n- none (target is a root session)\n\nDescendants:\n- s2 — Child | 1970-01-01T00:00:01.000Z | live, persisted\n  - s3 — Grandchild | 1970-01-01T00:00:01.000Z | live, persisted",
			session.Details{Summary: "Session one", Empty: "No results", Items: []di{
				{Title: "Session one", Subtitle: "s1", Fields: []df{fd("Time", "1970-01-01T00:00:01.000Z"), fd("Availability", "live, persisted")}},
				{Title: "Ancestor sessions", Description: "None"},
				{Title: "Descendant sessions", Lines: []string{"s2 — Child | 1970-01-01T00:00:01.000Z | live, persisted", "  s3 — Grandchild | 1970-01-01T00:00:01.000Z | live, persisted"}},
			}}},
		{"session_trace", "Session s1 — title\nCreated: invalid\nAvailability: unavailable\n\nAncestors (nearest first):\n- none (target is a root session)\n\nDescendants:\n- none",
			session.Details{Summary: "title", Empty: "No results", Items: []di{
				{Title: "title", Subtitle: "s1", Fields: []df{fd("Time", "invalid"), fd("Availability", "unavailable")}},
				{Title: "Ancestor sessions", Description: "None"}, {Title: "Descendant sessions", Description: "None"},
			}}},
		{"session_event_trace", "Session s1 — Session one\nCreated: 1970-01-01T00:00:01.000Z\nTarget: seq 2 | tool/call | current | 1970-01-01T00:00:02.000Z\nReplaced by: none\nEvents cited directly as sources: 1, 3",
			session.Details{Summary: "Session one", Empty: "No results", Items: []di{{Title: "Session one", Subtitle: "s1", Fields: []df{
				fd("Time", "1970-01-01T00:00:01.000Z"), fd("Target event", "seq 2 | tool/call | current | 1970-01-01T00:00:02.000Z"),
				fd("Replaced by", "None"), fd("Source events", "1, 3"),
			}}}}},
	} {
		got := detailsOf(t, c.name, `{}`, textResult(c.text))
		if got == nil || !reflect.DeepEqual(*got, c.want) {
			t.Errorf("%s %q:\n got %+v\nwant %+v", c.name, c.text, got, c.want)
		}
	}
}

// A query's text in no shape the tool prints, or spilled, keeps the raw
// result.
func TestOtherSessionQueryResultsStayRaw(t *testing.T) {
	spill := "\n\n(Omitted 100 bytes. Full formatted result stored at: /tmp/result.txt. Read it with read)"
	for _, c := range []struct{ name, text string }{
		{"session_search", "not a result"},
		{"session_search", "1. Session — title"},
		{"session_search", `{"matches":[{"sessionId":"s-41"}],"total":1}`},
		{"session_search", "1. Session s1 — title" + spill},
		{"session_event_search", "1. seq bad | tool/call | current | 2026-01-01T00:00:00.000Z"},
		{"session_event_read", "not a result"},
		{"session_event_read", "Session s1 — t\nTarget event seq 2:\n```json\n{\"type\":\"x\",\"data\":[]}\n```"},
		{"session_event_read", "Session s1 — t\nTarget event seq 2:\n```json\nnot json\n```"},
		{"session_event_trace", "Session s1 — title\nCreated: 1970-01-01T00:00:00.000Z" + spill},
		{"session_trace", "Session s1 — title\nCreated: x\n\nSiblings:\n- s4"},
		{"session_trace", "Session s1 — title\nCreated: x\n\nDescendants:"},
		{"session_trace", `{"ancestors":[],"descendants":["s-42"]}`},
	} {
		if d := detailsOf(t, c.name, `{}`, textResult(c.text)); d != nil {
			t.Errorf("%s %q: want the raw result, got %+v", c.name, c.text, d)
		}
	}
}
