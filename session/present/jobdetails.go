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
}

var jobStatus = regexp.MustCompile(`\n\[status: ([^,\]\n]+)(?:, ([^\]\n]+))?\]$`)

const outputTruncated = "\n[output truncated]"

// statusWords are the client's words for the states it knows; any other
// is shown as recorded.
var statusWords = map[string]string{
	"running": "Running", "completed": "Completed", "failed": "Failed", "cancelled": "Cancelled",
	"queued": "Queued", "pending": "Pending", "ready": "Ready",
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
