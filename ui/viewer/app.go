package viewer

import (
	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/session/live"
)

// What the app (package ui) asks of a viewer, besides a tea.Model's
// methods: whether esc may close it, to stop it, why it closes the program.

// AtRest is a viewer with nothing that esc would close or clear: no
// search, page, help or host session.
func (v *Viewer) AtRest() bool { return v.Idle() && v.search.query == "" }

// Idle reports a viewer of a log with nothing open over its cards: no
// search being typed, no page, no help. A search may be set: a viewer a
// content search's hit opened goes back to the hits on esc, not clearing
// the search first.
func (v *Viewer) Idle() bool {
	return !v.search.typing && len(v.pages) == 0 && !v.showHelp && v.live == nil
}

// Stop ends the feed's reading: the viewer is closed (back to the picker).
func (v *Viewer) Stop() { v.src.stop() }

// NotALog is why the input is no session log at all (a README), once its
// reading says so; nil else.
func (v *Viewer) NotALog() error { return v.reading.NotALog }

// OnHost makes v the viewer of a session on a harness host: the prompt
// box, the host's queue and its dialogs under the cards. title and cwd are
// the host's listing's, until the session's events say.
func (v *Viewer) OnHost(c *live.Client, sessionID, title, cwd string) {
	v.live = newLiveState(c, sessionID)
	v.live.title, v.live.cwd = title, cwd
}

// Scoped reports the messages a viewer's own commands bring back: the app
// hands them only to the viewer that asked, never to one opened since.
func Scoped(msg tea.Msg) bool {
	switch msg.(type) {
	case changedMsg, renderedMsg, searchedMsg, editedMsg:
		return true
	default:
		return false
	}
}
