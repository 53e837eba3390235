package present

import (
	"reflect"
	"testing"

	"github.com/deck-tui/deck/session"
)

// A host's grep names its folder in its title only: deck's own view of the
// call lends its location, so the title reads relative to the cwd; a host
// view with locations, or titled otherwise, is kept as the host made it.
func TestAHostViewTakesDecksLocationsWhenItNamesNone(t *testing.T) {
	args := `{"pattern":"x","path":"/w/app"}`
	own := Call("grep", args)
	host := session.GenericCallView{Title: "Grep x in /w/app", Kind: "search"}
	got := Located(host, own)
	want := session.GenericCallView{Title: "Grep x in /w/app", Kind: "search", Locations: []session.FileLocation{{Path: "/w/app"}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Located = %#v, want %#v", got, want)
	}
	for _, h := range []session.CallView{
		session.GenericCallView{Title: "Grep x somewhere else"},
		session.GenericCallView{Title: "Grep x in /w/app", Locations: []session.FileLocation{{Path: "/w"}}},
		session.TerminalCallView{Title: "Grep x in /w/app"},
	} {
		if got := Located(h, own); !reflect.DeepEqual(got, h) {
			t.Errorf("Located(%#v) = %#v, want it unchanged", h, got)
		}
	}
}
