package present

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/deck-tui/deck/session"
)

const goalJSON = `{"id":"goal-1","revision":2,"objective":"Ship compact cards","phase":"%s","roundsStarted":2,"maxGoalRounds":8%s}`

func goalResult(phase, extra, activation string) string {
	return `{"goal":` + fmt.Sprintf(goalJSON, phase, extra) + `,"activation":"` + activation + `"}`
}

// A goal tool's result is its goal: the objective, the state in the web
// client's words (an active goal the harness is not driving awaits
// continuation), the rounds, a blocked goal's reason; no goal is said so.
func TestGoalResultsAreTheirGoal(t *testing.T) {
	item := func(fields ...df) []session.DetailItem {
		return []session.DetailItem{{Title: "Ship compact cards", Fields: fields}}
	}
	for _, c := range []struct {
		name, text string
		want       session.Details
	}{
		{"get_goal", goalResult("active", "", "disarmed"),
			session.Details{Summary: "Ship compact cards", Empty: "No results", Items: item(fd("Status", "Awaiting continuation"), fd("Rounds", "2 / 8"))}},
		{"create_goal", goalResult("active", "", "armed"),
			session.Details{Summary: "Ship compact cards", Empty: "No results", Items: item(fd("Status", "Active"), fd("Rounds", "2 / 8"))}},
		{"update_goal", goalResult("paused", "", "disarmed"),
			session.Details{Summary: "Ship compact cards", Empty: "No results", Items: item(fd("Status", "Paused"), fd("Rounds", "2 / 8"))}},
		{"update_goal", goalResult("complete", "", "armed"),
			session.Details{Summary: "Ship compact cards", Empty: "No results", Items: item(fd("Status", "Completed"), fd("Rounds", "2 / 8"))}},
		{"update_goal", goalResult("blocked", `,"blockedReason":{"code":"agent_blocked","message":"Needs credentials"}`, "disarmed"),
			session.Details{Summary: "Ship compact cards", Empty: "No results", Items: item(fd("Status", "Blocked"), fd("Rounds", "2 / 8"), fd("Blocker", "Needs credentials"))}},
		{"get_goal", `{"goal":null}`, session.Details{Summary: "No goal", Empty: "No goal"}},
	} {
		got := detailsOf(t, c.name, `{}`, textResult(c.text))
		if got == nil || !reflect.DeepEqual(*got, c.want) {
			t.Errorf("%s %s:\n got %+v\nwant %+v", c.name, c.text, got, c.want)
		}
	}
}

// A goal result of any other shape keeps the raw result: the client
// presents no goal it cannot read whole.
func TestMalformedGoalResultsStayRaw(t *testing.T) {
	for _, text := range []string{
		"not-json",
		goalResult("unknown", "", "armed"),
		goalResult("active", "", "unknown"),
		goalResult("blocked", `,"blockedReason":{}`, "armed"),
		goalResult("active", `,"blockedReason":"stuck"`, "armed"),
		`{"goal":{"id":"goal-1","revision":-1,"objective":"x","phase":"active","roundsStarted":0,"maxGoalRounds":1},"activation":"armed"}`,
		`{"goal":{"id":"goal-1","revision":1,"objective":"  ","phase":"active","roundsStarted":0,"maxGoalRounds":1},"activation":"armed"}`,
		`{"goal":{"id":"goal-1","revision":1,"objective":"x","phase":"active","roundsStarted":0.5,"maxGoalRounds":1},"activation":"armed"}`,
		`{"activation":"armed"}`,
		`[]`,
	} {
		if d := detailsOf(t, "get_goal", `{}`, textResult(text)); d != nil {
			t.Errorf("%s: want the raw result, got %+v", text, d)
		}
	}
}
