package viewer

import (
	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
)

// copyText is what copying a card puts on the clipboard: the entry's text
// as the card shows it (cards.Text; a diff as a patch `git apply` takes in
// the session's working directory, cwd), never the log's raw bytes.
func copyText(e session.Entry, cwd string) string { return cards.Text(e, cwd) }
