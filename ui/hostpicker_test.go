package ui

import (
	"testing"

	"github.com/deck-tui/deck/session/live"
	"github.com/deck-tui/deck/session/live/livetest"
)

// A host with 5,005 sessions is listed by its newest 1,000, and the picker
// says how many older ones it does not list.
func TestTheHostPickerListsTheNewestThousand(t *testing.T) {
	h := livetest.New(t, livetest.Resume)
	h.ListMore(5000)
	c, err := live.New(h.URL(), live.Options{})
	if err != nil {
		t.Fatal(err)
	}
	x := start(t, Options{Host: c}, 120, 40)
	x.waitFor("1,000 sessions, the newest (4,005 older not listed)")
	x.quit()
}

// A list that grows past what deck reads of an answer says so in the
// picker, which goes on: it does not crash, nor keep the answer.
func TestTheHostPickerSaysTheListIsTooLarge(t *testing.T) {
	h := livetest.New(t, livetest.Resume)
	c, err := live.New(h.URL(), live.Options{})
	if err != nil {
		t.Fatal(err)
	}
	x := start(t, Options{Host: c}, 120, 40)
	x.waitFor("5 sessions · ")
	h.ListMore(1_200_000) // 270 MB
	x.keys("r")
	x.waitFor("the host's answer to session.list is larger than 8 MiB")
	h.ListMore(10)
	x.keys("r")
	x.waitFor("15 sessions · ")
	x.quit()
}
