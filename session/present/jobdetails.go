package present

import (
	"regexp"
	"strings"

	"github.com/deck-tui/deck/session"
)

// The details row's job receipts (control-details-model.ts): a job's
// output with the status line the jobs tool ends it with, and a kill's
// reply.

func init() {
	detailRules["job_output"] = jobOutputDetails
	detailRules["job_kill"] = jobKillDetails
	detailRules["job_list"] = jobListDetails
	detailRules["list_agents"] = agentListDetails
}

var jobRow = regexp.MustCompile(`^(\S+) \[([^\]]+)\] (\S+) — (.*)$`)

func jobListDetails(_ Args, text string) *session.Details {
	if text == "(no background jobs)" {
		return &session.Details{Summary: "0 background jobs", Empty: noResults}
	}
	var items []session.DetailItem
	for _, l := range strings.Split(text, "\n") {
		m := jobRow.FindStringSubmatch(l)
		if m == nil {
			return nil
		}
		items = append(items, session.DetailItem{Title: m[4], Subtitle: m[1], Badge: statusWord(m[3]),
			Fields: []session.DetailField{{Label: "Type", Value: m[2]}}})
	}
	return &session.Details{Summary: plural(len(items), "background job", "background jobs"), Items: items, Empty: noResults}
}

var agentRow = regexp.MustCompile(`^(\S+) \[([^\]]+)\](?: parent=(\S+) depth=(\d+))?(?: — (.*))?$`)

// agentListDetails reads list_agents' text, or its JSON form, a list of
// agents as records.
func agentListDetails(_ Args, text string) *session.Details {
	if v, ok := readOrdered(text); ok {
		if agents, ok := v.(*list); ok {
			d := &session.Details{Summary: plural(len(agents.items), "agent", "agents"), Empty: noResults}
			if len(agents.items) > 0 {
				d.Items = recordItems(agents, 0, 0)
			}
			return d
		}
	}
	if text == "(no subagents)" {
		return &session.Details{Summary: "0 agents", Empty: noResults}
	}
	var items []session.DetailItem
	for _, l := range strings.Split(text, "\n") {
		m := agentRow.FindStringSubmatch(l)
		if m == nil {
			return nil
		}
		it := session.DetailItem{Title: m[1], Badge: statusWord(m[2])}
		if m[5] != "" {
			it.Title, it.Subtitle = m[5], m[1]
		}
		if m[3] != "" {
			it.Fields = []session.DetailField{{Label: "Parent", Value: m[3]}, {Label: "Depth", Value: m[4]}}
		}
		items = append(items, it)
	}
	return &session.Details{Summary: plural(len(items), "agent", "agents"), Items: items, Empty: noResults}
}

var jobStatus = regexp.MustCompile(`\n\[status: ([^,\]\n]+)(?:, ([^\]\n]+))?\]$`)

const outputTruncated = "\n[output truncated]"

// statusWords are the client's words for the states it knows
// (detail-model-shared.ts's badge table, its English dictionary); any
// other is shown as recorded.
var statusWords = map[string]string{
	"running": "Running", "idle": "Idle", "ready": "Ready", "inactive": "Inactive", "provisioning": "Provisioning",
	"failed": "Failed", "error": "Failed", "completed": "Completed", "complete": "Completed", "done": "Completed",
	"pending": "Pending", "in_progress": "In progress", "deleted": "Deleted", "killed": "Cancelled",
	"blocked": "Blocked", "accepted": "Accepted", "queued": "Queued",
}

func statusWord(s string) string {
	if w, ok := statusWords[s]; ok {
		return w
	}
	return s
}

func jobOutputDetails(a Args, text string) *session.Details {
	m := jobStatus.FindStringSubmatchIndex(text)
	if m == nil {
		return nil
	}
	target, badge := detailTarget(a), statusWord(text[m[2]:m[3]])
	out, truncated := strings.CutSuffix(text[:m[0]], outputTruncated)
	var notes []string
	if m[4] >= 0 {
		notes = append(notes, text[m[4]:m[5]]) // its detail, "exit code: 0"
	}
	if truncated {
		notes = append(notes, "Output truncated")
	}
	return &session.Details{Summary: target + " · " + badge, Empty: noResults, Items: []session.DetailItem{{
		Title: target, Badge: badge, Description: strings.Join(notes, " · "), Code: out}}}
}

func jobKillDetails(a Args, text string) *session.Details {
	target := detailTarget(a)
	switch {
	case text == "requested cancellation of job "+target:
		d := receipt(target, "Cancellation requested")
		d.Items[0].Description = a.Str("reason")
		return d
	case strings.HasPrefix(text, "job "+target+" had already finished "):
		return receipt(target, "Already finished")
	}
	return nil
}
