package viewer

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
)

// copyCard puts the focused card's text (its content, not its decoration)
// on the clipboard, through the terminal (OSC 52). Whether the terminal
// took it cannot be known (few answer a query for it), so the status bar says
// it was sent, not copied.
func (v *Viewer) copyCard() tea.Cmd {
	if v.focus >= len(v.items) {
		return nil
	}
	text := copyText(v.entry(v.focus), v.cwd)
	if text == "" {
		v.flash = "nothing to copy"
		return nil
	}
	v.flash = "sent to the clipboard: " + cards.Plural(strings.Count(strings.TrimRight(text, "\n"), "\n")+1, "line", "lines")
	return tea.SetClipboard(text)
}

// editedMsg comes back when the editor exits.
type editedMsg struct{ text string }

// openCard opens the focused read or diff card's file in $VISUAL (or
// $EDITOR, else vi) at its line (a grep card's: the match row on screen), and comes back to deck after; a path
// with control characters is refused, and the status bar says so.
func (v *Viewer) openCard() tea.Cmd {
	if v.focus >= len(v.items) {
		return nil
	}
	call, ok := v.entry(v.focus).(*session.ToolCall)
	if !ok {
		v.flash = "no file here"
		return nil
	}
	if g, at, ok := v.galleryAt(); ok {
		return v.openImage(g, at)
	}
	cwd := call.WorkingDir(v.cwd)
	path, line, ok := fileAt(call, cwd)
	if res, grep := call.View.(session.SearchMatchesResultView); grep {
		path, line, ok = v.grepFileAt(res, cwd)
	}
	if !ok {
		v.flash = "no file here"
		return nil
	}
	cmd, err := editorCommand(path, line)
	if err != nil {
		v.flash = fmt.Sprintf("%v: %q", err, path) // quoted: the sanitiser would drop a whole escape
		return nil
	}
	return tea.ExecProcess(cmd, func(err error) tea.Msg {
		if err != nil {
			return editedMsg{"editor: " + err.Error()}
		}
		return editedMsg{}
	})
}
