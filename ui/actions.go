package ui

import (
	"fmt"
	"os"
	"os/exec"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/session"
)

// copyCard puts the focused card's text (its content, not its decoration)
// on the clipboard, through the terminal (OSC 52).
func (v *viewer) copyCard() tea.Cmd {
	if v.focus >= len(v.items) {
		return nil
	}
	text := copyText(v.items[v.focus].e)
	if text == "" {
		v.flash = "nothing to copy"
		return nil
	}
	v.flash = fmt.Sprintf("copied %d lines", strings.Count(strings.TrimRight(text, "\n"), "\n")+1)
	return tea.SetClipboard(text)
}

// editedMsg comes back when the editor exits.
type editedMsg struct{ text string }

// openCard opens the focused read or diff card's file in $EDITOR (or
// $VISUAL, else vi) at its line, and comes back to deck after.
func (v *viewer) openCard() tea.Cmd {
	if v.focus >= len(v.items) {
		return nil
	}
	call, ok := v.items[v.focus].e.(*session.ToolCall)
	if !ok {
		v.flash = "no file here"
		return nil
	}
	path, line, ok := fileAt(call, v.cwd)
	if !ok {
		v.flash = "no file here"
		return nil
	}
	editor := os.Getenv("VISUAL")
	if editor == "" {
		editor = os.Getenv("EDITOR")
	}
	if editor == "" {
		editor = "vi"
	}
	fields := strings.Fields(editor)
	cmd := exec.Command(fields[0], append(fields[1:], editorArgs(path, line)...)...)
	return tea.ExecProcess(cmd, func(err error) tea.Msg {
		if err != nil {
			return editedMsg{"editor: " + err.Error()}
		}
		return editedMsg{}
	})
}
