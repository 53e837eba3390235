package viewer

import (
	"strings"

	"charm.land/bubbles/v2/key"
)

// keyMap is every key the viewer answers, with its help text; the help
// overlay and the hint bar are drawn from it.
type keyMap struct {
	Down, Up, PageDown, PageUp, HalfDown, HalfUp, Top, Bottom    key.Binding
	NextCard, PrevCard, NextTool, PrevTool, NextError, PrevError key.Binding
	Toggle, ToggleAll, Search, NextMatch, PrevMatch, Clear       key.Binding
	Wrap, Left, Right, Copy, Open, Picture, Follow, Help, Quit   key.Binding
	Changes, Stats, Mode                                         key.Binding
	Outline, Filter, Times                                       key.Binding
}

func newKeyMap() keyMap {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return keyMap{
		Down:      b("j/↓", "line down", "j", "down"),
		Up:        b("k/↑", "line up", "k", "up"),
		PageDown:  b("space/^f", "page down", "space", "pgdown", "ctrl+f"),
		PageUp:    b("b/^b", "page up", "b", "pgup", "ctrl+b"),
		HalfDown:  b("d/^d", "half page down", "d", "ctrl+d"),
		HalfUp:    b("u/^u", "half page up", "u", "ctrl+u"),
		Top:       b("g/home", "top", "g", "home"),
		Bottom:    b("G/end", "bottom", "G", "end"),
		NextCard:  b("tab", "next card", "tab"),
		PrevCard:  b("shift+tab", "prev card", "shift+tab"),
		NextTool:  b("]", "next tool call", "]"),
		PrevTool:  b("[", "prev tool call", "["),
		NextError: b("e", "next error", "e"),
		PrevError: b("E", "prev error", "E"),
		Toggle:    b("enter", "expand/collapse", "enter"),
		ToggleAll: b("z", "all expand/collapse", "z"),
		Search:    b("/", "search", "/"),
		NextMatch: b("n", "next match", "n"),
		PrevMatch: b("N", "prev match", "N"),
		Clear:     b("esc", "clear search", "esc"),
		Wrap:      b("w", "wrap long lines", "w"),
		Left:      b("←", "scroll left", "left", "h"),
		Right:     b("→", "scroll right", "right", "l"),
		Copy:      b("y", "copy card text", "y"),
		Open:      b("o", "open (editor, image app)", "o"),
		Picture:   b("p", "pictures full screen", "p"),
		Follow:    b("f", "follow the log", "f"),
		Changes:   b("c", "files changed", "c"),
		Stats:     b("s", "session figures", "s"),
		Outline:   b("t", "turns outline", "t"),
		Filter:    b("v", "filter by kind", "v"),
		Times:     b("T", "card times", "T"),
		Mode:      b("m", "compact/detailed/expanded", "m"),
		Help:      b("?", "help", "?"),
		Quit:      b("q", "quit", "q", "ctrl+c"),
	}
}

// named is each binding by the name the config file's [keys] table gives
// it.
func (k *keyMap) named() map[string]*key.Binding {
	return map[string]*key.Binding{
		"down": &k.Down, "up": &k.Up, "page_down": &k.PageDown, "page_up": &k.PageUp,
		"half_down": &k.HalfDown, "half_up": &k.HalfUp, "top": &k.Top, "bottom": &k.Bottom,
		"next_card": &k.NextCard, "prev_card": &k.PrevCard, "next_tool": &k.NextTool, "prev_tool": &k.PrevTool,
		"next_error": &k.NextError, "prev_error": &k.PrevError, "toggle": &k.Toggle, "toggle_all": &k.ToggleAll,
		"search": &k.Search, "next_match": &k.NextMatch, "prev_match": &k.PrevMatch, "clear": &k.Clear,
		"wrap": &k.Wrap, "left": &k.Left, "right": &k.Right, "copy": &k.Copy, "open": &k.Open, "picture": &k.Picture,
		"follow": &k.Follow, "help": &k.Help, "quit": &k.Quit, "changes": &k.Changes, "stats": &k.Stats,
		"outline": &k.Outline, "filter": &k.Filter, "times": &k.Times, "mode": &k.Mode,
	}
}

// KeyActions is every viewer action the config file may bind, with its
// default keys.
func KeyActions() map[string][]string {
	k := newKeyMap()
	out := map[string][]string{}
	for name, b := range k.named() {
		out[name] = b.Keys()
	}
	return out
}

// rebind gives the actions named the keys the config file chose; the help
// shows them as written.
func (k *keyMap) rebind(chosen map[string][]string) {
	named := k.named()
	for name, keys := range chosen {
		if b, ok := named[name]; ok {
			*b = key.NewBinding(key.WithKeys(keys...), key.WithHelp(strings.Join(keys, "/"), b.Help().Desc))
		}
	}
}

// ShortHelp is the hint bar.
func (k keyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Down, k.NextCard, k.Toggle, k.Search, k.Help, k.Quit}
}

// FullHelp is the help overlay, in columns.
func (k keyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Down, k.Up, k.PageDown, k.PageUp, k.HalfDown, k.HalfUp, k.Top, k.Bottom},
		{k.NextCard, k.PrevCard, k.NextTool, k.PrevTool, k.NextError, k.PrevError, k.Toggle, k.ToggleAll, k.Mode},
		{k.Search, k.NextMatch, k.PrevMatch, k.Clear, k.Wrap, k.Left, k.Right, k.Times},
		{k.Outline, k.Filter, k.Changes, k.Stats, k.Copy, k.Open, k.Picture, k.Follow, k.Help, k.Quit},
	}
}

// promptKeys are the hint bar while the prompt box of a host session has
// the keys.
func promptKeys() []key.Binding {
	b := func(help, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(help), key.WithHelp(help, desc))
	}
	return []key.Binding{
		b("enter", "send"), b("alt+enter", "new line"), b("↑", "earlier prompts"), b("ctrl+s", "steer"),
		b("esc", "cancel the turn"), b("tab", "transcript"), b("pgup/pgdn", "scroll"), b("ctrl+c", "quit"),
	}
}

// transcriptKeys are the hint bar while the transcript of a host session
// has the keys: tab gives them back to the prompt box.
func (k keyMap) transcriptKeys() []key.Binding {
	toPrompt := key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab/i", "prompt"))
	return []key.Binding{toPrompt, k.Down, k.NextTool, k.Toggle, k.Search, k.Help, k.Quit}
}
