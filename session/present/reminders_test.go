package present

import (
	"reflect"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
)

const reminderJSON = `{"id":"schedule-1","prompt":"Review the build","kind":"every","everySeconds":3600,"scheduledAt":"2026-09-10T09:00:00.000Z","state":"scheduled","deliveryMode":"session-local"}`

// reminderWith is the reminder above with fields replaced or added.
func reminderWith(fields string) string {
	return strings.TrimSuffix(reminderJSON, "}") + "," + fields + "}"
}

// A reminder tool's result is its reminders: each its title, when it is
// due as recorded, how often in the client's units, and its state.
func TestReminderResultsAreTheirReminders(t *testing.T) {
	rem := func(title, repeat, state string) session.DetailItem {
		return session.DetailItem{Title: title, Fields: []df{fd("Scheduled for", "2026-09-10T09:00:00.000Z"), fd("Repeat", repeat), fd("Status", state)}}
	}
	for _, c := range []struct {
		name, text string
		want       session.Details
	}{
		{"schedule_create", reminderJSON, session.Details{Summary: "Review the build", Empty: "No results", Items: []session.DetailItem{rem("Review the build", "Every 1 h", "Scheduled")}}},
		{"schedule_update", reminderWith(`"title":"Build check","deliveryMode":"host","everySeconds":172800`),
			session.Details{Summary: "Build check", Empty: "No results", Items: []session.DetailItem{rem("Build check", "Every 2 d", "Scheduled")}}},
		{"schedule_list", "[" + reminderWith(`"everySeconds":90`) + "," + reminderWith(`"kind":"at","state":"overdue"`) + "," + reminderWith(`"kind":"after","afterSeconds":30,"everySeconds":120`) + "]",
			session.Details{Summary: "3 reminders", Empty: "No reminders", Items: []session.DetailItem{
				rem("Review the build", "Every 90 s", "Scheduled"),
				rem("Review the build", "Once", "Overdue, awaiting session resume"),
				rem("Review the build", "Once", "Scheduled"),
			}}},
		{"schedule_list", "[" + reminderWith(`"everySeconds":300`) + "]",
			session.Details{Summary: "1 reminder", Empty: "No reminders", Items: []session.DetailItem{rem("Review the build", "Every 5 min", "Scheduled")}}},
		{"schedule_list", "[]", session.Details{Summary: "0 reminders", Empty: "No reminders", Items: []session.DetailItem{}}},
		{"schedule_delete", `{"id":"schedule-1","deleted":true}`,
			session.Details{Summary: "schedule-1", Empty: "No results", Items: []session.DetailItem{{Title: "schedule-1", Fields: []df{fd("Status", "Deleted")}}}}},
	} {
		got := detailsOf(t, c.name, `{}`, textResult(c.text))
		if got == nil || !reflect.DeepEqual(*got, c.want) {
			t.Errorf("%s %s:\n got %+v\nwant %+v", c.name, c.text, got, c.want)
		}
	}
}

// A reminder result the client cannot read whole keeps the raw result: a
// date in another form, a rule it does not know, a bad period, a list
// with one bad entry, an error object.
func TestMalformedReminderResultsStayRaw(t *testing.T) {
	for _, c := range []struct{ name, text string }{
		{"schedule_create", reminderWith(`"scheduledAt":"invalid"`)},
		{"schedule_create", reminderWith(`"scheduledAt":"2026-09-10T09:00:00Z"`)},
		{"schedule_create", reminderWith(`"scheduledAt":"2026-02-30T09:00:00.000Z"`)},
		{"schedule_create", reminderWith(`"kind":"unknown"`)},
		{"schedule_create", reminderWith(`"kind":"daily","time":"09:00","timeZone":"UTC"`)},
		{"schedule_create", reminderWith(`"everySeconds":-1`)},
		{"schedule_create", reminderWith(`"everySeconds":0`)},
		{"schedule_create", reminderWith(`"kind":"after"`)},
		{"schedule_create", reminderWith(`"state":"fired"`)},
		{"schedule_create", reminderWith(`"deliveryMode":"email"`)},
		{"schedule_update", reminderWith(`"prompt":" "`)},
		{"schedule_list", "[" + reminderJSON + ",{}]"},
		{"schedule_list", `{"code":"corrupt_schedule_log","message":"The session schedule log is corrupt."}`},
		{"schedule_delete", `{"id":"schedule-1","deleted":false,"code":"schedule_not_found"}`},
		{"schedule_delete", `{"id":" ","deleted":true}`},
		{"schedule_delete", `{"code":"persistence_uncertain","operation":"delete","id":"schedule-1","message":"Persistence is uncertain."}`},
	} {
		if d := detailsOf(t, c.name, `{}`, textResult(c.text)); d != nil {
			t.Errorf("%s %s: want the raw result, got %+v", c.name, c.text, d)
		}
	}
}
