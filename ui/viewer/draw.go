package viewer

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/ui/kit"
	"github.com/deck-tui/deck/ui/termimage"
)

// View draws the frame: the cards on screen behind a one-column focus
// gutter, then the where bar (a log's), the status bar and the hint bar.
// It draws from what Update prepared and never waits.
func (v *Viewer) View() tea.View {
	var b strings.Builder
	switch {
	case v.showHelp:
		b.WriteString(v.helpScreen())
	case len(v.pages) > 0:
		v.writePage(&b)
	case v.live != nil:
		v.writeLive(&b)
	default:
		v.writeCards(&b)
	}
	if v.whereHeight() > 0 {
		b.WriteString(kit.ContainedRow("where bar", v.width, func() string { return v.model + " " + v.cwd }, v.whereBar) + "\n")
	}
	b.WriteString(kit.ContainedRow("status bar", v.width, func() string { return v.title }, v.statusBar))
	b.WriteByte('\n')
	b.WriteString(v.hintBar())
	view := tea.NewView(b.String())
	view.AltScreen = true
	view.MouseMode = tea.MouseModeCellMotion
	view.WindowTitle = "deck · " + kit.OneLine(v.title)
	return view
}

// writeCards writes the content rows.
func (v *Viewer) writeCards(b *strings.Builder) {
	th := v.th
	m, cur := v.search.m, v.currentMatch()
	for _, p := range v.screen {
		rows := v.rows(p.idx) // prepared: cached
		row := ""
		if p.row < len(rows) {
			row = rows[p.row]
		}
		if !m.empty() && !termimage.IsPicture(row) { // a picture's cells are its colour: none is marked
			col := -1
			if cur != nil && cur.id == v.items[p.idx].id && cur.row == p.row {
				col = v.onScreen(*cur)
			}
			row = highlightMatches(row, v.marks(p.idx, p.row, rows), th.Match, col)
		}
		gutter := " "
		if p.idx == v.focus && p.row < len(rows) {
			gutter = th.Accent.Render("▌")
		}
		b.WriteString(gutter + v.stamp(p.idx, p.row) + row + "\n")
	}
	n := len(v.screen)
	if err := v.reading.Err; n == 0 && err != nil { // nothing read: why, whole, not only in the status bar
		for _, l := range cards.SafeRows(err.Error(), max(v.width-3, 1)) {
			if n < v.contentHeight() {
				b.WriteString("  " + th.Error.Render(l) + "\n")
				n++
			}
		}
	}
	if say := v.nothingYet(); n == 0 && say != "" && n < v.contentHeight() {
		b.WriteString("  " + th.Muted.Render(say) + "\n")
		n++
	}
	for i := n; i < v.contentHeight(); i++ {
		b.WriteString("\n")
	}
}

// nothingYet is what the body says of a log read to its end with no card
// to show (no bytes at all, or only its header): that deck waits for its
// first event when following it, that it is empty when not; "" while
// reading, or once there is something to show.
func (v *Viewer) nothingYet() string {
	r := v.reading
	switch {
	case len(v.all) > 0 || r.Loading || r.Waiting || r.Err != nil || r.NotALog != nil:
		return ""
	case v.follow:
		return "waiting for events"
	}
	return "empty: no events to show"
}

// writeLive writes a host session's rows: the cards (a dialog over their
// foot while an approval or a question waits), then the queue and the
// prompt box.
func (v *Viewer) writeLive(b *strings.Builder) {
	var cards strings.Builder
	v.writeCards(&cards)
	rows := strings.Split(strings.TrimSuffix(cards.String(), "\n"), "\n")
	if d := kit.Contained("dialog", v.width, v.dialogText, v.dialog); len(d) > 0 {
		d = d[max(len(d)-len(rows), 0):] // a dialog taller than the screen shows its foot: the answers
		rows = append(rows[:len(rows)-len(d)], d...)
	}
	for _, r := range append(rows, kit.Contained("prompt panel", v.width, v.queueText, v.panel)...) {
		b.WriteString(r + "\n")
	}
}

// statusBar: the session's title at the left; at the right where the view
// is, the calls and errors, and whether the log is read or followed. A host
// session says first what waits for the person and how the host is.
func (v *Viewer) statusBar() string {
	th := v.th
	if v.search.typing {
		return v.searchPrompt()
	}
	facts := []string{}
	if v.live != nil {
		facts = v.live.facts(v.model)
		if n := v.src.ignoredFrames(); n > 0 {
			facts = append(facts, cards.Plural(n, "frame ignored", "frames ignored"))
		}
	}
	if n := len(v.items); n > 0 {
		facts = append(facts, fmt.Sprintf("card %d of %d", min(v.focus+1, n), n))
		if f := v.nestedFact(); f != "" {
			facts = append(facts, f)
		}
		if p := v.percent(); p != "" {
			facts = append(facts, p)
		}
	}
	if f := v.sidewaysFact(); f != "" {
		facts = append(facts, f)
	}
	if f := v.filter.String(); f != "" {
		facts = append(facts, f)
	}
	if m := v.mode.String(); m != "" {
		facts = append(facts, m)
	}
	facts = append(facts, cards.Plural(v.tools, "call", "calls")+cards.NestedNote(v.nestedTools))
	if v.failures > 0 || v.nestedFailures > 0 {
		facts = append(facts, cards.Plural(v.failures, "error", "errors")+cards.NestedNote(v.nestedFailures))
	}
	if f := v.search.fact(); f != "" {
		facts = append(facts, f)
	}
	r := v.reading
	switch {
	case r.Err != nil:
		facts = append(facts, "error: "+r.Err.Error())
	case r.Waiting:
		facts = append(facts, "waiting for the log to be created")
	case r.Loading && r.Total > 0:
		facts = append(facts, fmt.Sprintf("reading %s of %s · %d%%", kit.MB(r.Read), kit.MB(r.Total), r.Read*100/r.Total))
	case r.Loading:
		facts = append(facts, "reading "+kit.MB(r.Read))
	case v.live != nil: // said first
	case v.follow && v.unseen > 0:
		facts = append(facts, fmt.Sprintf("following · ↓ %d new", v.unseen))
	case v.follow:
		facts = append(facts, "following")
	}
	// room is the title's; under 4 cells the facts are cut. Errors and
	// flashes may name untrusted files. The flash, the answer to the last
	// key, goes first when the facts are cut: it is never cut off.
	room := func(right string) int { return v.width - cards.Width(right) - 3 }
	right := kit.OneLine(strings.Join(facts, " · "))
	if v.flash != "" {
		// a flash that repeats a fact (n after a search that found
		// nothing) is said once, as the flash, which is never cut off
		facts = slices.DeleteFunc(facts, func(f string) bool { return f == v.flash })
		right = kit.OneLine(strings.Join(append(facts, v.flash), " · "))
		if room(right) < 4 {
			right = kit.OneLine(strings.Join(append([]string{v.flash}, facts...), " · "))
		}
	}
	left := kit.OneLine(v.title)
	if left == "" {
		left = "untitled session"
	}
	if v.Label != "" {
		left = v.Label + " · " + left
	}
	if room(right) < 4 {
		return cards.Truncate(th.Muted.Render(right), v.width, "…")
	}
	left = cards.Truncate(left, room(right), "…")
	gap := max(v.width-cards.Width(left)-cards.Width(right)-1, 1)
	return " " + th.Title.Render(left) + strings.Repeat(" ", gap) + th.Muted.Render(right)
}

// hintBar is the one-line reminder of the main keys.
func (v *Viewer) hintBar() string {
	h := v.help
	h.Styles = kit.HelpStyles(v.th)
	h.SetWidth(v.width - 1) // help drops the bindings that do not fit
	switch {
	case len(v.pages) > 0 && !v.showHelp:
		return " " + h.ShortHelpView(v.pages[len(v.pages)-1].hints())
	case v.live != nil && v.live.typing:
		return " " + h.ShortHelpView(promptKeys())
	case v.live != nil:
		return " " + h.ShortHelpView(v.keys.transcriptKeys())
	}
	return " " + fitHints(h, v.keys.ShortHelp(), v.keys.Help, v.keys.Quit)
}

// fitHints is the hints that fit the bar, dropping from the end but keeping
// the ones named last (help and quit), which go only when nothing else is left.
func fitHints(h help.Model, hints []key.Binding, keep ...key.Binding) string {
	kept := func(b key.Binding) bool {
		for _, k := range keep {
			if slices.Equal(k.Keys(), b.Keys()) {
				return true
			}
		}
		return false
	}
	for {
		full := h
		full.SetWidth(0) // measure without the bubble's own dropping
		if cards.Width(full.ShortHelpView(hints)) <= h.Width() {
			break
		}
		i := len(hints) - 1
		for i >= 0 && kept(hints[i]) {
			i--
		}
		if i < 0 {
			break // only the kept ones: the bubble drops what still does not fit
		}
		hints = slices.Delete(slices.Clone(hints), i, i+1)
	}
	return h.ShortHelpView(hints)
}

// widest is the cells of the widest line of s.
func widest(s string) int {
	w := 0
	for _, l := range strings.Split(s, "\n") {
		w = max(w, cards.Width(l))
	}
	return w
}

// helpScreen is the ? overlay: every key, in columns.
func (v *Viewer) helpScreen() string {
	th := v.th
	groups := v.keys.FullHelp()
	h := v.help
	h.Styles = kit.HelpStyles(th)
	body := h.FullHelpView(groups)
	for per := 2; widest(body) > v.width-2 && per >= 1; per-- { // too narrow: fewer columns, stacked
		var parts []string
		for i := 0; i < len(groups); i += per {
			parts = append(parts, h.FullHelpView(groups[i:min(i+per, len(groups))]))
		}
		body = strings.Join(parts, "\n\n")
	}
	lines := []string{"", " " + th.Title.Render("deck — keys"), ""}
	for _, l := range strings.Split(body, "\n") {
		lines = append(lines, " "+l)
	}
	lines = append(lines, "", " "+th.Muted.Render("any key closes this help"))
	room := v.contentHeight()
	if len(lines) > room { // say what does not fit, never drop it unsaid
		hidden := len(lines) - room + 1
		lines = append(lines[:room-1], " "+th.Notice.Render(fmt.Sprintf("… %s not shown: a taller terminal shows them", cards.Plural(hidden, "line", "lines"))))
	}
	var b strings.Builder
	for i := 0; i < room; i++ {
		if i < len(lines) {
			b.WriteString(cards.Truncate(lines[i], v.width, "…"))
		}
		b.WriteByte('\n')
	}
	return b.String()
}
