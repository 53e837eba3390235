package cards

import (
	"testing"

	"github.com/deck-tui/deck/session"
)

// The header names the model that made the title, and its effort, only
// when that says something the header does not: the effort, recorded
// since 0.2.1-alpha.2, or a model other than the session's.
func TestTheHeaderSaysWhatMadeTheTitle(t *testing.T) {
	for _, c := range []struct {
		model, titleModel, effort, want string
	}{
		{"pro", "flash", "low", "titled by flash at low effort"},
		{"pro", "pro", "high", "titled by pro at high effort"},
		{"pro", "flash", "", "titled by flash"},
		{"pro", "pro", "", ""},
		{"pro", "", "", ""},
	} {
		s := &session.Session{Model: c.model, TitleModel: c.titleModel, TitleEffort: c.effort}
		if got := TitledBy(s); got != c.want {
			t.Errorf("%+v: %q, want %q", c, got, c.want)
		}
	}
}
