package viewer

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// maxCount bounds a typed count: past it, more digits change nothing.
const maxCount = 99999

// countDigit takes a digit typed before a key as part of a count, as less
// does (10G, 3j); it reports whether it took it. A digit the config file
// bound to an action is that action, and 0 starts no count.
func (v *Viewer) countDigit(msg tea.KeyPressMsg) bool {
	s := msg.String()
	if len(s) != 1 || s[0] < '0' || s[0] > '9' || s == "0" && v.count == 0 || v.bound(msg) {
		return false
	}
	v.count = min(v.count*10+int(s[0]-'0'), maxCount)
	v.flash = fmt.Sprintf("count %d", v.count)
	return true
}

// takeCount is the count typed before this key, 1 when none was, and
// whether one was; it is used up.
func (v *Viewer) takeCount() (int, bool) {
	n := v.count
	v.count = 0
	return max(n, 1), n > 0
}

// bound says whether a key is some action's.
func (v *Viewer) bound(msg tea.KeyPressMsg) bool {
	for _, b := range v.keys.named() {
		if key.Matches(msg, *b) {
			return true
		}
	}
	return false
}

// goToCard focuses the card at index i (within the cards shown) and puts it
// at the top of the screen.
func (v *Viewer) goToCard(i int) {
	if len(v.items) == 0 {
		return
	}
	v.focus = min(max(i, 0), len(v.items)-1)
	v.scrollTo(pos{v.focus, 0})
}

// goToTurn focuses turn n's header.
func (v *Viewer) goToTurn(n int) {
	for _, t := range v.turns() {
		if t.turn == n {
			v.goToCard(v.nearest(t.id))
			return
		}
	}
	v.flash = fmt.Sprintf("no turn %d", n)
}

// repeat does a move n times, stopping when it cannot go on.
func repeat(n int, move func() bool) {
	for range n {
		if !move() {
			return
		}
	}
}
