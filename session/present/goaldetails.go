package present

import (
	"strconv"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// The details row of the goal tools (the web client's details-card-model:
// its rules as the harness fork zsagi1368/deepseek-harness-zDSH keeps them,
// the words and cases of 1394225561/deepseek-harness's
// details-row.client.spec.tsx): the goal a create, get or update returns
// as its objective, its state and its rounds; a blocked goal's reason.

func init() {
	for _, name := range []string{"create_goal", "get_goal", "update_goal"} {
		detailRules[name] = goalDetails
	}
}

// goalPhases are the client's words for a goal's phase.
var goalPhases = map[string]string{"active": "Active", "paused": "Paused", "blocked": "Blocked", "complete": "Completed"}

func goalDetails(_ Args, text string) *session.Details {
	v, err := jsonline.Any([]byte(text))
	m, ok := jsonline.AsObject(v)
	if err != nil || !ok {
		return nil
	}
	if g, there := m["goal"]; there && g == nil {
		return &session.Details{Summary: "No goal", Empty: "No goal"}
	}
	g, ok := jsonline.AsObject(m["goal"])
	if !ok || !nonempty(g["id"]) || !nonempty(g["objective"]) {
		return nil
	}
	_, revOK := count(g["revision"])
	started, startedOK := count(g["roundsStarted"])
	most, mostOK := count(g["maxGoalRounds"])
	phase, _ := g["phase"].(string)
	word, phaseOK := goalPhases[phase]
	activation := m["activation"]
	if !revOK || !startedOK || !mostOK || !phaseOK || activation != "armed" && activation != "disarmed" {
		return nil
	}
	if phase == "active" && activation == "disarmed" { // the harness waits for the user to go on
		word = "Awaiting continuation"
	}
	objective := g["objective"].(string)
	it := session.DetailItem{Title: objective, Fields: []session.DetailField{
		{Label: "Status", Value: word},
		{Label: "Rounds", Value: strconv.FormatInt(started, 10) + " / " + strconv.FormatInt(most, 10)},
	}}
	if r, there := g["blockedReason"]; there {
		reason, ok := jsonline.AsObject(r)
		if !ok || !nonempty(reason["code"]) || !nonempty(reason["message"]) {
			return nil
		}
		it.Fields = append(it.Fields, session.DetailField{Label: "Blocker", Value: reason["message"].(string)})
	}
	return &session.Details{Summary: objective, Items: []session.DetailItem{it}, Empty: noResults}
}

// nonempty reports a string with more than blanks in it.
func nonempty(v any) bool {
	s, ok := v.(string)
	return ok && strings.TrimSpace(s) != ""
}

// count reads a JSON number that counts: a whole number, not negative,
// that JavaScript holds exactly.
func count(v any) (int64, bool) {
	n, ok := jsonline.Int(v)
	return n, ok && n >= 0
}
