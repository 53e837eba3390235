package present

import (
	"strconv"
	"time"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// The details row of the reminder tools (the web client's
// details-card-model, cases and words from 1394225561/deepseek-harness's
// details-row.client.spec.tsx and English dictionary; schedule_update, a
// Host delivery and a reminder's own title from the zsagi1368 fork's
// model): each reminder as its title, when it is due, how often, and its
// state. A reminder of a rule deck does not read (daily, weekly, cron)
// keeps the raw result.

func init() {
	detailRules["schedule_create"] = oneReminder
	detailRules["schedule_update"] = oneReminder
	detailRules["schedule_list"] = reminderList
	detailRules["schedule_delete"] = reminderDeleted
}

// reminderStates are the client's words for a reminder's state.
var reminderStates = map[string]string{"scheduled": "Scheduled", "overdue": "Overdue, awaiting session resume"}

// isoMillis is the one form JavaScript's toISOString writes; the client
// takes a date in no other.
const isoMillis = "2006-01-02T15:04:05.000Z"

func reminder(v any) (session.DetailItem, bool) {
	m, ok := jsonline.AsObject(v)
	if !ok || !nonempty(m["id"]) || !nonempty(m["prompt"]) {
		return session.DetailItem{}, false
	}
	at, _ := m["scheduledAt"].(string)
	t, err := time.Parse(isoMillis, at)
	state, stateOK := m["state"].(string)
	word := reminderStates[state]
	if err != nil || t.Format(isoMillis) != at || !stateOK || word == "" || m["deliveryMode"] != "host" && m["deliveryMode"] != "session-local" {
		return session.DetailItem{}, false
	}
	var repeat string
	switch m["kind"] {
	case "at":
		repeat = "Once"
	case "after":
		if n, ok := count(m["afterSeconds"]); !ok || n == 0 {
			return session.DetailItem{}, false
		}
		repeat = "Once"
	case "every":
		n, ok := count(m["everySeconds"])
		if !ok || n == 0 {
			return session.DetailItem{}, false
		}
		repeat = "Every " + interval(n)
	default:
		return session.DetailItem{}, false
	}
	title := m["prompt"].(string)
	if nonempty(m["title"]) {
		title = m["title"].(string)
	}
	// the client writes the date in the reader's locale, and as recorded
	// when it cannot: deck has no locale, and keeps the recorded one
	return session.DetailItem{Title: title, Fields: []session.DetailField{
		{Label: "Scheduled for", Value: at}, {Label: "Repeat", Value: repeat}, {Label: "Status", Value: word},
	}}, true
}

// interval is a period in the largest unit that divides it.
func interval(seconds int64) string {
	for _, u := range []struct {
		n    int64
		unit string
	}{{86400, "d"}, {3600, "h"}, {60, "min"}} {
		if seconds%u.n == 0 {
			return strconv.FormatInt(seconds/u.n, 10) + " " + u.unit
		}
	}
	return strconv.FormatInt(seconds, 10) + " s"
}

func oneReminder(_ Args, text string) *session.Details {
	v, err := jsonline.Any([]byte(text))
	it, ok := reminder(v)
	if err != nil || !ok {
		return nil
	}
	return &session.Details{Summary: it.Title, Items: []session.DetailItem{it}, Empty: noResults}
}

func reminderList(_ Args, text string) *session.Details {
	v, err := jsonline.Any([]byte(text))
	list, ok := v.([]any)
	if err != nil || !ok {
		return nil
	}
	items := make([]session.DetailItem, 0, len(list))
	for _, e := range list {
		it, ok := reminder(e)
		if !ok {
			return nil
		}
		items = append(items, it)
	}
	return &session.Details{Summary: plural(len(items), "reminder", "reminders"), Items: items, Empty: "No reminders"}
}

func reminderDeleted(_ Args, text string) *session.Details {
	v, err := jsonline.Any([]byte(text))
	m, ok := jsonline.AsObject(v)
	if err != nil || !ok || !nonempty(m["id"]) || m["deleted"] != true {
		return nil
	}
	id := m["id"].(string)
	return &session.Details{Summary: id, Empty: noResults, Items: []session.DetailItem{{Title: id,
		Fields: []session.DetailField{{Label: "Status", Value: "Deleted"}}}}}
}
