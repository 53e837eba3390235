package present

import (
	"testing"

	"github.com/deck-tui/deck/session"
)

// Argument checks follow the harness's schema, enum included: an
// update_goal action outside edit|pause|resume|complete|blocked fails it,
// and the call is the generic card, as the harness shows it.
func TestAnEnumOutsideItsValuesFailsTheSchema(t *testing.T) {
	if c, ok := Call("update_goal", `{"goal_id":"g1","revision":1,"action":"pause"}`).(session.GenericCallView); !ok || c.Title != "Pause goal" {
		t.Errorf("pause: %#v", c)
	}
	if c, ok := Call("update_goal", `{"goal_id":"g1","revision":1,"action":"explode"}`).(session.GenericCallView); !ok || c.Title != "update_goal" {
		t.Errorf("an action not in the enum: %#v", c)
	}
}
