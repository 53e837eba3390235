package present

import (
	"testing"

	"github.com/deck-tui/deck/session"
)

// The working-directory tool (0.2.1-alpha.2's working_directory, whose cd
// is the working-directory/change after it) is titled by what it did:
// moved the session to its cd, or read where it is.
func TestTheWorkingDirectoryToolSaysWhatItDid(t *testing.T) {
	for args, want := range map[string]string{
		`{"cd":"pkg/api"}`: "Change working directory to pkg/api",
		`{}`:               "Read working directory",
		`{"cd":7}`:         "working_directory", // not its arguments: the generic card
	} {
		if v, ok := Call("working_directory", args).(session.GenericCallView); !ok || v.Title != want {
			t.Errorf("%s: %+v, want %q", args, Call("working_directory", args), want)
		}
	}
}
