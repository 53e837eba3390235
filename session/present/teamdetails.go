package present

import (
	"strconv"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// The details row of the team tools (control-details-model.ts as the
// zsagi1368 fork of the harness keeps it; cases from
// 1394225561/deepseek-harness's details-models test): a teammate spawned,
// a team task or a page of them as their records, a wait's outcome.

func init() {
	detailRules["spawn_teammate"] = teammateDetails
	for _, name := range []string{"team_task_create", "team_task_get", "team_task_update"} {
		detailRules[name] = teamTaskDetails
	}
	detailRules["team_task_list"] = teamTaskListDetails
	detailRules["wait_agent"] = waitDetails
}

// recordResult is a result whose text is one JSON object, read in order.
func recordResult(text string) (*record, bool) {
	v, ok := readOrdered(text)
	r, isRecord := v.(*record)
	return r, ok && isRecord
}

func teammateDetails(a Args, text string) *session.Details {
	r, ok := recordResult(text)
	if !ok {
		return nil
	}
	member, ok := r.at("member").(*record)
	if !ok {
		return nil
	}
	return &session.Details{Summary: a.Str("name"), Items: recordItems(member, 0, 0), Empty: noResults}
}

func teamTaskDetails(_ Args, text string) *session.Details {
	r, ok := recordResult(text)
	if !ok {
		return nil
	}
	subject, ok := r.at("subject").(string)
	if !ok {
		return nil
	}
	return &session.Details{Summary: subject, Items: recordItems(r, 0, 0), Empty: noResults}
}

func teamTaskListDetails(_ Args, text string) *session.Details {
	r, ok := recordResult(text)
	if !ok {
		return nil
	}
	tasks, ok := r.at("tasks").(*list)
	if !ok {
		return nil
	}
	d := &session.Details{Summary: plural(len(tasks.items), "team task", "team tasks"), Empty: noResults}
	if len(tasks.items) > 0 {
		d.Items = recordItems(tasks, 0, 0)
	}
	if cursor, there := r.get("nextCursor"); there {
		n, ok := cursor.(jsonline.Number)
		f, err := strconv.ParseFloat(string(n), 64)
		if !ok || err != nil {
			return nil
		}
		d.Caption = "More tasks available; next cursor is " + JSNumber(f)
	}
	return d
}

func waitDetails(_ Args, text string) *session.Details {
	r, ok := recordResult(text)
	if !ok {
		return nil
	}
	timedOut, ok := r.at("timedOut").(bool)
	if !ok {
		return nil
	}
	if np, ok := r.at("noProgress").(*record); ok {
		if msg, ok := np.at("message").(string); ok {
			return &session.Details{Summary: "No active teammates", Empty: noResults,
				Items: []session.DetailItem{{Title: "No active teammates", Description: msg}}}
		}
	}
	if timedOut {
		return receipt("Teammate activity", "Wait timed out")
	}
	return receipt("Teammate activity", "Change detected")
}
