package viewer

import (
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/theme"
)

// Update takes one message: the session changed, a card finished drawing, a
// key, the mouse, a new size. Nothing here waits on decoding or
// highlighting; both run elsewhere and report back.
func (v *Viewer) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmds []tea.Cmd
	v.drawUntil = time.Now().Add(drawBudget)
	defer v.keepNestedFocus(v.nested, v.focusID())
	switch msg := msg.(type) {
	case changedMsg:
		wasBottom := v.pinned || v.holdsBottom() || (v.follow && v.atBottom())
		before, resets := len(v.items), v.resets
		held := place{-1, -1} // the held place's card, found again after the sync
		if v.hold != nil {
			held = v.anchor(v.hold.at.idx)
		}
		v.sync()
		switch {
		case wasBottom:
			v.toBottom() // the newest card, as it grows
		case v.hold != nil: // a change of the log is no move: the place stays held
			v.hold.at.idx = held.find(v.items)
			v.keepHold()
		default:
			v.scrollTo(v.top)
		}
		if !wasBottom && v.follow && resets == v.resets { // cards below, which the person reading above has not seen
			v.unseen += max(len(v.items)-before, 0)
		}
		cmds = append(cmds, v.src.wait())
		if v.landing != nil {
			cmds = append(cmds, v.land())
		} else if v.search.query != "" {
			cmds = append(cmds, v.startSearch())
		}
	case liveMsg:
		v.applyLive(msg.u)
		cmds = append(cmds, v.src.waitLive())
	case promptSentMsg, cancelSentMsg, answerSentMsg, olderPageMsg:
		v.liveResult(msg)
	case renderedMsg:
		delete(v.cache.inflight, msg.key)
		if c, ok := v.cache.get(msg.key); !ok || !c.full || c.partial { // a late quick drawing never replaces the highlighted one
			if msg.lazy != nil {
				v.cache.putLazy(msg.key, msg.rows, msg.lazy, msg.lazy.Whole())
			} else {
				v.cache.put(msg.key, msg.rows, msg.full)
			}
		}
		switch { // a card drawn late moves what is below it
		case v.hold != nil:
			v.keepHold()
		case v.pinned:
			v.scrollToBottom()
		}
	case searchedMsg:
		cmds = append(cmds, v.searched(msg))
	case countedMsg:
		v.counted(msg)
	case tea.WindowSizeMsg:
		v.resize(msg.Width, msg.Height)
	case tea.BackgroundColorMsg:
		if !v.themeFixed {
			th := theme.Dark()
			if !msg.IsDark() {
				th = theme.Light()
			}
			v.th = th.For(v.th.Profile)
		}
	case tea.ColorProfileMsg: // the diff's colours are chosen for it
		v.th = v.th.For(msg.Profile)
	case tea.MouseWheelMsg:
		step := map[tea.MouseButton]int{tea.MouseWheelUp: -3, tea.MouseWheelDown: 3}[msg.Button]
		if len(v.pages) > 0 {
			v.pages[len(v.pages)-1].scroll(step, v.contentHeight())
		} else {
			v.scrollBy(step)
		}
	case tea.MouseClickMsg:
		v.click(msg.X, msg.Y)
	case editedMsg:
		v.flash = msg.text
	case tea.KeyPressMsg:
		if v.live != nil {
			if cmd, handled := v.liveKey(msg); handled {
				cmds = append(cmds, cmd)
				break
			}
		}
		if cmd, quit := v.key(msg); quit {
			v.src.stop()
			v.search.clear()
			return v, tea.Quit
		} else if cmd != nil {
			cmds = append(cmds, cmd)
		}
	default:
		v.terminalSaid(msg)
	}
	if len(v.pages) > 0 {
		v.layoutPage() // at the new size or in the new theme
	}
	cmds = append(cmds, v.prepare(), v.loadOlder(), v.countRows(), v.picturesSent())
	return v, tea.Batch(cmds...)
}

// resize lays the transcript out again at a new size, keeping the focused
// card where it was on screen (and the bottom at the bottom).
func (v *Viewer) resize(w, h int) {
	if w == v.width && h == v.height {
		return
	}
	s, was := v.spotOfFocus(), v.contentHeight()
	ny, nested := v.nestedHeaderRow(s)
	v.width, v.height = max(w, 2), max(h, 3)
	now := v.contentHeight()
	shrunk := func(y int) int {
		if now < was {
			return y * now / was // the same share of a shorter screen: its row may be past the new foot
		}
		return y
	}
	if row, ok := v.nestedStart(); nested && ok { // the nested card stepped to keeps its header's row
		v.keepSpot(spot{at: pos{v.focus, row}, y: shrunk(ny)}, false)
		return
	}
	s.y = shrunk(s.y)
	v.keepSpot(s, true)
}

// click focuses the card under the mouse; a click on its first row (its
// header) expands or collapses it.
func (v *Viewer) click(x, y int) {
	if y < 0 || y >= len(v.screen) {
		return
	}
	p := v.screen[y]
	v.focus, v.hold = p.idx, nil
	if p.row == 0 {
		v.toggle(p.idx)
	}
}

// toggle expands or collapses a card.
func (v *Viewer) toggle(i int) {
	s := v.spotOfFocus()
	it := v.items[i]
	v.expand[it.id] = !v.expanded(it)
	v.keepSpot(s, false)
}

// key acts on a key press; it reports when to quit.
func (v *Viewer) key(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	v.flash = ""
	if v.search.typing {
		return v.searchKey(msg), false
	}
	if v.showHelp { // any key closes the help, q too (as in less); ctrl+c still quits
		if msg.String() == "ctrl+c" {
			return nil, true
		}
		v.showHelp = false
		return nil, false
	}
	if len(v.pages) > 0 && !key.Matches(msg, v.keys.Help) {
		return nil, v.pageKey(msg)
	}
	if v.countDigit(msg) {
		return nil, false
	}
	n, counted := v.takeCount()
	k := v.keys
	page := v.contentHeight()
	switch {
	case key.Matches(msg, k.Quit):
		return nil, true
	case key.Matches(msg, k.Help):
		v.showHelp = true
	case key.Matches(msg, k.Changes):
		v.push(v.changesPage())
	case key.Matches(msg, k.Stats):
		v.push(v.statsPage())
	case key.Matches(msg, k.Outline) && counted:
		v.goToTurn(n)
	case key.Matches(msg, k.Outline):
		v.push(v.outlinePage())
	case key.Matches(msg, k.Filter):
		v.setFilter(v.filter.next())
		return v.searchAgain(), false
	case key.Matches(msg, k.Times):
		s := v.spotOfFocus()
		v.times = !v.times
		v.keepSpot(s, true) // the column narrows every card
		return v.searchAgain(), false
	case key.Matches(msg, k.Down):
		v.scrollBy(n)
	case key.Matches(msg, k.Up):
		v.scrollBy(-n)
	case key.Matches(msg, k.PageDown):
		v.scrollBy(n * (page - 1))
	case key.Matches(msg, k.PageUp):
		v.scrollBy(-n * (page - 1))
	case key.Matches(msg, k.HalfDown):
		v.scrollBy(n * (page / 2)) // 2 ctrl+d is d d, whatever the height
	case key.Matches(msg, k.HalfUp):
		v.scrollBy(-n * (page / 2))
	case (key.Matches(msg, k.Top) || key.Matches(msg, k.Bottom)) && counted: // 10G: card 10
		v.goToCard(n - 1)
	case key.Matches(msg, k.Top):
		v.scrollTo(pos{})
		v.focus = 0
	case key.Matches(msg, k.Bottom):
		v.toBottom()
	case key.Matches(msg, k.NextCard):
		repeat(n, func() bool { return v.step(1, "cards", func(item) bool { return true }, false) })
	case key.Matches(msg, k.PrevCard):
		repeat(n, func() bool { return v.step(-1, "cards", func(item) bool { return true }, false) })
	case key.Matches(msg, k.NextTool):
		repeat(n, func() bool { return v.step(1, "tool calls", func(it item) bool { return it.tool }, true) })
	case key.Matches(msg, k.PrevTool):
		repeat(n, func() bool { return v.step(-1, "tool calls", func(it item) bool { return it.tool }, true) })
	case key.Matches(msg, k.NextError):
		repeat(n, func() bool { return v.step(1, "errors", func(it item) bool { return it.failed }, true) })
	case key.Matches(msg, k.PrevError):
		repeat(n, func() bool { return v.step(-1, "errors", func(it item) bool { return it.failed }, true) })
	case key.Matches(msg, k.Toggle) && v.focus < len(v.items) && len(v.items[v.focus].members) > 0:
		v.openGroup(v.focus)
		return v.searchAgain(), false
	case key.Matches(msg, k.Toggle):
		if v.focus < len(v.items) {
			v.toggle(v.focus)
		}
	case key.Matches(msg, k.Mode):
		v.setMode(v.mode.next())
		return v.searchAgain(), false
	case key.Matches(msg, k.ToggleAll):
		s := v.spotOfFocus()
		v.allOpen = !v.allOpen
		v.expand = map[int]bool{}
		v.keepSpot(s, false)
		v.flash = map[bool]string{true: "all cards expanded", false: "all cards collapsed"}[v.allOpen]
	case key.Matches(msg, k.Search):
		return v.startTyping(), false
	case key.Matches(msg, k.NextMatch):
		repeat(n, func() bool { v.jumpMatch(1); return v.search.total > 0 })
	case key.Matches(msg, k.PrevMatch):
		repeat(n, func() bool { v.jumpMatch(-1); return v.search.total > 0 })
	case key.Matches(msg, k.Clear):
		v.search.clear()
	case key.Matches(msg, k.Wrap):
		s := v.spotOfFocus()
		v.nowrap = !v.nowrap
		v.scroll = map[int]int{}
		v.keepSpot(s, true)
		v.flash = map[bool]string{true: "long lines cut", false: "long lines wrapped"}[v.nowrap]
		return v.searchAgain(), false // its rows are others now
	case key.Matches(msg, k.Left):
		v.sideways(-8)
	case key.Matches(msg, k.Right):
		v.sideways(8)
	case key.Matches(msg, k.Copy):
		return v.copyCard(), false
	case key.Matches(msg, k.Open):
		return v.openCard(), false
	case key.Matches(msg, k.Picture):
		return v.showPictures(), false
	case key.Matches(msg, k.Follow):
		v.follow = !v.follow
		v.src.setFollow(v.follow)
		v.pinned = v.follow
		if v.follow {
			v.scrollToBottom()
		}
	}
	return nil, false
}

// step moves the focus to the next (or previous) card that is, and shows
// it; with into, the cards nested in a call (a subagent's work) are
// stepped through after it. It reports whether there was one, and at the
// end says there are no more of what.
func (v *Viewer) step(dir int, what string, is func(item) bool, into bool) bool {
	k := -1
	if into {
		k = v.nestedAt()
	}
	for i := v.focus; ; {
		if i, k = v.nextStop(i, k, dir, into); i < 0 || i >= len(v.items) {
			break
		}
		if k >= 0 {
			if is(v.items[i].nested[k]) && v.stepInto(i, k) {
				return true
			}
			continue
		}
		if is(v.items[i]) {
			v.focus = i
			v.nested = nestedFocus{}
			v.reveal(i)
			return true
		}
	}
	v.flash = "no more " + what
	if dir < 0 {
		v.flash += " above"
	} else {
		v.flash += " below"
	}
	return false
}

func (v *Viewer) indexOf(id int) int {
	for i, it := range v.items {
		if it.id == id {
			return i
		}
	}
	return -1
}
