package present

import (
	"regexp"
	"strings"
	"time"
	"unicode"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// The details row of the session-query tools (inspection-details-model.ts
// as the zsagi1368 fork of the harness keeps it; cases from
// 1394225561/deepseek-harness's details-models test, whose texts the
// tool's own presentation wrote): a search's matches, an event read with
// its data, a session's or an event's trace, read from the text the tool
// prints. A spilled result keeps its raw text.

func init() {
	detailRules["session_search"] = sessionSearchDetails
	detailRules["session_event_search"] = eventSearchDetails
	detailRules["session_event_read"] = eventReadDetails
	detailRules["session_trace"] = sessionTraceDetails
	detailRules["session_event_trace"] = eventTraceDetails
}

// traceFields are the client's labels for the lines a query's text
// labels; lines labelled otherwise are not listed.
var traceFields = map[string]string{
	"Created": "Time", "Availability": "Availability", "Parent": "Parent", "Best match": "Best match",
	"Target": "Target event", "Replaced by": "Replaced by", "Replacement chain": "Replacement chain",
	"Events replaced by target": "Replaced events", "Events cited directly as sources": "Source events",
	"Direct derived events": "Derived events",
}

var labelledLine = regexp.MustCompile(`^\s*([^:]+): (.+)$`)

// textFields are the labelled lines of text the client lists, a "none"
// said in its word. A time is kept as written: the client writes it in
// the reader's locale, and as written when it cannot; deck has none.
func textFields(text string) []session.DetailField {
	var fields []session.DetailField
	for _, l := range strings.Split(text, "\n") {
		m := labelledLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		label, ok := traceFields[m[1]]
		if !ok {
			continue
		}
		v := m[2]
		if v == "none" && m[1] != "Created" {
			v = "None"
		}
		fields = append(fields, session.DetailField{Label: label, Value: v})
	}
	return fields
}

const (
	noSessionMatches = "No prior session matches found."
	noEventMatches   = "\n\nNo prior event matches found."
	resultCapped     = "Result cap reached."
)

var (
	matchStart   = regexp.MustCompile(`\n\d+\. `)
	numbered     = regexp.MustCompile(`^\d+\. `)
	snippetAt    = regexp.MustCompile(`\n\s*Snippet: `)
	sessionMatch = regexp.MustCompile(`^\d+\. Session (\S+) — (.*)`)
	eventMatch   = regexp.MustCompile(`^\d+\. seq (\d+) \| ([^|]+) \| ([^|]+) \| ([^\n]+)`)
)

// matchBlocks are a search's numbered matches, each from its number to
// the next; nil when the text has none.
func matchBlocks(text string) []string {
	var blocks []string
	from := 0
	for _, at := range append(matchStart.FindAllStringIndex(text, -1), []int{len(text), len(text)}) {
		if b := text[from:at[0]]; numbered.MatchString(b) {
			blocks = append(blocks, b)
		}
		from = at[0] + 1
	}
	return blocks
}

// snippet is a match's snippet: after "Snippet: " to the cap's note or
// the end, and whether it has one.
func snippet(block string) (string, bool) {
	at := snippetAt.FindStringIndex(block)
	if at == nil {
		return "", false
	}
	s := block[at[1]:]
	if i := strings.Index(s, "\n\n"+resultCapped); i >= 0 {
		s = s[:i]
	}
	return strings.TrimRightFunc(s, unicode.IsSpace), true
}

// matches sums up a search's items, with the cap's caption when it hit it.
func matches(text string, items []session.DetailItem) *session.Details {
	d := &session.Details{Summary: plural(len(items), "match", "matches"), Items: items, Empty: noResults}
	if strings.Contains(text, resultCapped) {
		d.Caption = "Result limit reached; narrow the search for more"
	}
	return d
}

func sessionSearchDetails(_ Args, text string) *session.Details {
	if text == noSessionMatches {
		return matches(text, nil)
	}
	return matchList(text, func(b string) (session.DetailItem, bool) {
		m := sessionMatch.FindStringSubmatch(b)
		if m == nil {
			return session.DetailItem{}, false
		}
		it := session.DetailItem{Title: m[2], Subtitle: m[1], Fields: textFields(b)}
		it.Description, _ = snippet(b)
		return it, true
	})
}

func eventSearchDetails(_ Args, text string) *session.Details {
	if strings.HasSuffix(text, noEventMatches) {
		return matches(text, nil)
	}
	return matchList(text, func(b string) (session.DetailItem, bool) {
		m := eventMatch.FindStringSubmatch(b)
		if m == nil {
			return session.DetailItem{}, false
		}
		kind := strings.TrimSpace(m[2])
		title, ok := snippet(b)
		if !ok {
			title = m[2]
		}
		return session.DetailItem{Title: title, Subtitle: kind + " · #" + m[1],
			Fields: []session.DetailField{{Label: "Time", Value: m[4]}, {Label: "Record status", Value: strings.TrimSpace(m[3])}}}, true
	})
}

// matchList reads a search's match blocks, each by item; nil (the result
// stays raw) when the result was spilled or any block is not a match.
func matchList(text string, item func(block string) (session.DetailItem, bool)) *session.Details {
	if Spilled(text) {
		return nil
	}
	blocks := matchBlocks(text)
	if blocks == nil {
		return nil
	}
	items := make([]session.DetailItem, 0, len(blocks))
	for _, b := range blocks {
		it, ok := item(b)
		if !ok {
			return nil
		}
		items = append(items, it)
	}
	return matches(text, items)
}

var eventRead = regexp.MustCompile("^Session (\\S+) — ([^\\n]*)\\nTarget event seq (\\d+):\\n```json\\n((?s:.*?))\\n```((?s:.*))$")

func eventReadDetails(_ Args, text string) *session.Details {
	if Spilled(text) {
		return nil
	}
	m := eventRead.FindStringSubmatch(text)
	if m == nil {
		return nil
	}
	v, ok := readOrdered(m[4])
	event, isRecord := v.(*record)
	if !ok || !isRecord {
		return nil
	}
	kind, kindOK := event.at("type").(string)
	data, dataOK := event.at("data").(*record)
	if !kindOK || !dataOK {
		return nil
	}
	head := session.DetailItem{Title: kind, Subtitle: m[2] + " · " + m[1], Fields: []session.DetailField{{Label: "Event sequence", Value: m[3]}}}
	if ms, ok := jsonline.Int(event.at("time")); ok {
		// a time in milliseconds: deck writes it in UTC, as the harness records times
		head.Fields = append(head.Fields, session.DetailField{Label: "Time", Value: time.UnixMilli(ms).UTC().Format(isoMillis)})
	}
	items := append([]session.DetailItem{head}, recordItems(data, 0, 0)...)
	if around := strings.TrimSpace(m[5]); around != "" {
		items = append(items, session.DetailItem{Title: "Surrounding events"}, session.DetailItem{Description: around, Depth: 1})
	}
	return &session.Details{Summary: kind + " · #" + m[3], Items: items, Empty: noResults}
}

var traced = regexp.MustCompile(`^Session (\S+) — ([^\n]*)\n((?s:.*))$`)

func eventTraceDetails(_ Args, text string) *session.Details {
	m := traced.FindStringSubmatch(text)
	if m == nil || Spilled(text) {
		return nil
	}
	return &session.Details{Summary: m[2], Empty: noResults,
		Items: []session.DetailItem{{Title: m[2], Subtitle: m[1], Fields: textFields(m[3])}}}
}

var treeMark = regexp.MustCompile(`^(\s*)- `)

func sessionTraceDetails(_ Args, text string) *session.Details {
	m := traced.FindStringSubmatch(text)
	if m == nil || Spilled(text) {
		return nil
	}
	sections := strings.Split(m[3], "\n\n")
	items := []session.DetailItem{{Title: m[2], Subtitle: m[1], Fields: textFields(sections[0])}}
	for _, s := range sections[1:] {
		head, body, ok := strings.Cut(s, "\n")
		var label string
		switch {
		case strings.HasPrefix(head, "Ancestors (nearest first):"):
			label = "Ancestor sessions"
		case strings.HasPrefix(head, "Descendants:"):
			label = "Descendant sessions"
		}
		if label == "" || !ok {
			return nil
		}
		it := session.DetailItem{Title: label}
		if body == "- none" || body == "- none (target is a root session)" {
			it.Description = "None"
		} else {
			for _, l := range strings.Split(body, "\n") {
				it.Lines = append(it.Lines, treeMark.ReplaceAllString(l, "$1"))
			}
		}
		items = append(items, it)
	}
	return &session.Details{Summary: m[2], Items: items, Empty: noResults}
}
