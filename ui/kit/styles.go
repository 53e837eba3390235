package kit

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/deck-tui/deck/theme"
)

// inputStyles paints a text input (the picker's filter, the search prompt)
// in the theme's colours: the bubble's own defaults are white, which a light
// background hides.
func inputStyles(th *theme.Theme) textinput.Styles {
	p := th.Palette
	state := textinput.StyleState{
		Text:        lipgloss.NewStyle().Foreground(p.Fg),
		Placeholder: lipgloss.NewStyle().Foreground(p.Muted),
		Suggestion:  lipgloss.NewStyle().Foreground(p.Muted),
		Prompt:      lipgloss.NewStyle().Foreground(p.Accent),
	}
	return textinput.Styles{
		Focused: state,
		Blurred: state,
		Cursor:  textinput.CursorStyle{Color: p.Fg, Shape: tea.CursorBlock, Blink: true},
	}
}

// HelpStyles paints the hint bar and the help overlay in the theme's colours.
func HelpStyles(th *theme.Theme) help.Styles {
	p := th.Palette
	key := lipgloss.NewStyle().Foreground(p.Fg)
	desc := lipgloss.NewStyle().Foreground(p.Muted)
	sep := lipgloss.NewStyle().Foreground(p.Faint)
	return help.Styles{
		Ellipsis: sep, ShortKey: key, ShortDesc: desc, ShortSeparator: sep,
		FullKey: key, FullDesc: desc, FullSeparator: sep,
	}
}

// StyledInput is in with the theme's styles, for drawing.
func StyledInput(in textinput.Model, th *theme.Theme) textinput.Model {
	in.SetStyles(inputStyles(th))
	return in
}
