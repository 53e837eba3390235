package present

import (
	"testing"

	"github.com/deck-tui/deck/session"
)

// Argument checks follow the harness's schema, enum included: an
// update_goal action outside edit|pause|resume|complete|blocked fails it,
// and the call is the generic card, as the harness shows it.
func TestAnEnumOutsideItsValuesFailsTheSchema(t *testing.T) {
	if c, ok := Call("update_goal", `{"goal_id":"g1","revision":1,"action":"pause"}`).(session.GenericCallView); !ok || c.Title != "Update goal · g1" {
		t.Errorf("pause: %#v", c)
	}
	if c, ok := Call("update_goal", `{"goal_id":"g1","revision":1,"action":"explode"}`).(session.GenericCallView); !ok || c.Title != "update_goal" {
		t.Errorf("an action not in the enum: %#v", c)
	}
}

// With no request/header to say which shell the session had, a bash or
// pwsh call that names a key only the main tool takes was written for it:
// when it fails the main tool's check (a sandbox_permissions outside the
// enum) it is the generic card, never the PTY twin's terminal card. A call
// of the command alone is still the twin's.
func TestAShellCallWrittenForTheMainToolIsNotTheTwins(t *testing.T) {
	for _, tool := range []string{"bash", "pwsh"} {
		for _, args := range []string{
			`{"command":"rm -rf build","description":"Clean","sandbox_permissions":"root"}`,
			`{"command":"rm -rf build","sandbox_permissions":"danger-full-access"}`, // no description: fails the main tool
			`{"command":"ls","workdir":7}`,
		} {
			if v, ok := Call(tool, args).(session.GenericCallView); !ok || v.Title != tool {
				t.Errorf("%s %s: %#v, want the generic card", tool, args, Call(tool, args))
			}
		}
		if v, ok := Call(tool, `{"command":"ls","tty":true}`).(session.TerminalCallView); !ok || v.Title != "ls" {
			t.Errorf("%s with only the twin's keys: %#v", tool, v)
		}
		if v, ok := Call(tool, `{"command":"ls","description":"List","sandbox_permissions":"workspace-write"}`).(session.TerminalCallView); !ok || v.Description != "List" {
			t.Errorf("%s, a good call: %#v", tool, v)
		}
	}
}
