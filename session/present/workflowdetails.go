package present

import (
	"regexp"
	"strings"

	"github.com/deck-tui/deck/session"
)

// The details row of workflow and ralph (inspection-details-model.ts as
// the zsagi1368 fork of the harness keeps it): a workflow's name, the
// agents it started and what it returned; a Ralph loop's final report,
// its outcome, rounds, evidence and the work left. A spilled text stays
// raw.

func init() {
	detailRules["workflow"] = workflowDetails
	detailRules["ralph"] = ralphDetails
}

var workflowDone = regexp.MustCompile(`(?s)^workflow "(.*?)" completed \((\d+) agents?\)\.\nReturn value:\n(.*)$`)

func workflowDetails(a Args, text string) *session.Details {
	if Spilled(text) {
		return nil
	}
	m := workflowDone.FindStringSubmatch(text)
	if m == nil {
		return nil
	}
	value, ok := readOrdered(m[3])
	if !ok {
		return nil
	}
	items := []session.DetailItem{{Title: m[1], Badge: "Completed", Fields: []session.DetailField{{Label: "Agents started", Value: m[2]}}}}
	// the client shows the script of a call that names it code
	if code, ok := a["code"].(string); ok {
		items = append(items, session.DetailItem{Title: "Workflow script", Depth: 1}, session.DetailItem{Code: code, Depth: 2})
	}
	items = append(items, recordItems(value, 0, 0)...)
	return &session.Details{Summary: m[1], Items: items, Empty: noResults}
}

var ralphRounds = regexp.MustCompile(`\b(\d+) rounds?\b`)

// ralphOutcomes are the loop's endings its header starts with, in the
// client's words.
var ralphOutcomes = []struct{ prefix, badge string }{
	{"Ralph worker reported completion ", "Worker reported completion"},
	{"Ralph worker reported a blocker ", "Worker reported a blocker"},
	{"Ralph reached its ", "Round limit reached"},
}

func ralphDetails(a Args, text string) *session.Details {
	if Spilled(text) {
		return nil
	}
	header, body, ok := strings.Cut(text, "\nFinal report:\n")
	if !ok {
		return nil
	}
	report, ok := recordResult(body)
	if !ok {
		return nil
	}
	summary, sok := report.at("summary").(string)
	blocker, bok := report.at("blocker").(string)
	evidence, eok := textList(report.at("evidence"))
	next, nok := textList(report.at("nextSteps"))
	if !sok || !bok || !eok || !nok {
		return nil
	}
	it := session.DetailItem{Title: summary, Lines: evidence}
	for _, o := range ralphOutcomes {
		if strings.HasPrefix(header, o.prefix) {
			it.Badge = o.badge
			break
		}
	}
	if it.Badge == "" {
		return nil
	}
	if m := ralphRounds.FindStringSubmatch(header); m != nil {
		it.Fields = append(it.Fields, session.DetailField{Label: "Rounds", Value: m[1]})
	}
	if blocker != "" {
		it.Fields = append(it.Fields, session.DetailField{Label: "Blocker", Value: blocker})
	}
	items := []session.DetailItem{it}
	if len(next) > 0 {
		items = append(items, session.DetailItem{Title: "Remaining work", Depth: 1}, session.DetailItem{Lines: next, Depth: 2})
	}
	if objective, ok := a["objective"].(string); ok {
		items = append(items, session.DetailItem{Title: "Task", Depth: 1}, session.DetailItem{Description: objective, Depth: 2})
	}
	return &session.Details{Summary: summary, Items: items, Empty: noResults}
}

// textList is a JSON list of strings, each as written.
func textList(v any) ([]string, bool) {
	l, ok := v.(*list)
	if !ok {
		return nil, false
	}
	out := make([]string, 0, len(l.items))
	for _, e := range l.items {
		s, ok := e.(string)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		return nil, true
	}
	return out, true
}
