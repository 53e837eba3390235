package viewer

import (
	"strconv"
	"strings"

	"github.com/deck-tui/deck/session"
)

// The conversation modes of the harness's web client (Compact, Detailed,
// Expanded), cycled by a key, mapped onto deck's cards: Compact draws the
// process content of a turn (its tool calls, thinking and plans, a run of
// them between a prompt, a reply or the turn's bounds) as one group line,
// which enter opens; Detailed draws the cards as they are, long ones
// collapsed to their head; Expanded draws every card whole. The modes
// share the cards: a mode is how they are shown, never what they are.
type mode uint8

const (
	detailed mode = iota
	compact
	expandedAll
	modes // how many there are
)

// String is what the status bar says; "" for the cards as they are.
func (m mode) String() string {
	return [...]string{"", "compact view", "expanded view"}[m]
}

// name is what the status bar says when the key chose the mode.
func (m mode) name() string {
	return [...]string{"detailed view", "compact view", "expanded view"}[m]
}

// next is the mode after m: compact, detailed, expanded, compact again.
func (m mode) next() mode {
	return [...]mode{detailed: expandedAll, compact: detailed, expandedAll: compact}[m]
}

// process reports the cards Compact draws as a group: tool calls, the
// model's thinking, and the plans its todo calls wrote.
func process(it item) bool {
	return it.kind == kindCall || it.kind == kindReasoning || it.kind == kindPlan
}

// groupID is the id of the group line whose first card is first: below
// the ids deck gives its own lines (-1, -2), and apart for every card.
func groupID(first int) int { return -16 - first }

// group is the items as m shows them: in Compact, each run of process
// cards that is not opened (by its group's id) as one group line.
func (m mode) group(items []item, opened map[int]bool) []item {
	if m != compact {
		return items
	}
	out := make([]item, 0, len(items))
	for i := 0; i < len(items); {
		if !process(items[i]) {
			out = append(out, items[i])
			i++
			continue
		}
		j := i
		for j < len(items) && process(items[j]) {
			j++
		}
		if opened[groupID(items[i].id)] {
			out = append(out, items[i:j]...)
		} else {
			out = append(out, groupLine(items[i:j]))
		}
		i = j
	}
	return out
}

// groupLine is the item that stands for a run of process cards: a line
// that counts them, drawn by cards.ProcessGroup. Its revision follows its
// cards', so it is drawn again when one changes or joins.
func groupLine(run []item) item {
	calls, thoughts, plans, failed, rev := 0, 0, 0, 0, 0
	members := make([]int, len(run))
	for k, it := range run {
		members[k] = it.id
		rev += it.rev
		switch it.kind {
		case kindCall:
			calls++
		case kindPlan:
			plans++
		default:
			thoughts++
		}
		if it.failed {
			failed++
		}
	}
	var parts []string
	if calls > 0 {
		parts = append(parts, plural(calls, "tool call"))
	}
	if thoughts > 0 {
		parts = append(parts, "thinking")
		if thoughts > 1 {
			parts[len(parts)-1] += " ×" + strconv.Itoa(thoughts)
		}
	}
	if plans > 0 {
		parts = append(parts, plural(plans, "plan"))
	}
	if failed > 0 {
		parts = append(parts, strconv.Itoa(failed)+" failed")
	}
	first := run[0]
	id := groupID(first.id)
	e := &session.Event{EntryBase: session.EntryBase{ID: id, Rev: rev + len(run), Seq: first.seq, Time: first.time},
		Kind: "process", Summary: strings.Join(parts, " · "), Failed: failed > 0}
	return item{id: id, rev: e.Rev, seq: first.seq, time: first.time, kind: kindEvent, at: -1, e: e,
		tool: calls > 0, failed: failed > 0, members: members}
}

// setMode shows the cards as m does, every card's own choice forgotten:
// Expanded opens them all, the others close them; the focused card (or
// the group that holds it) stays in view.
func (v *Viewer) setMode(m mode) {
	focusID := -1
	if v.focus < len(v.items) {
		focusID = v.items[v.focus].id
		if ms := v.items[v.focus].members; len(ms) > 0 {
			focusID = ms[0]
		}
	}
	v.mode, v.opened = m, map[int]bool{}
	v.expand, v.allOpen = map[int]bool{}, m == expandedAll
	v.items = v.shown()
	v.itemsGen++
	v.focus = v.nearest(focusID)
	v.scrollTo(pos{v.focus, 0})
	v.flash = m.name()
}

// openGroup shows the cards of the group line at i in its place, the
// first of them focused.
func (v *Viewer) openGroup(i int) {
	it := v.items[i]
	v.opened[it.id] = true
	v.items = v.shown()
	v.itemsGen++
	v.focus = v.nearest(it.members[0])
	v.scrollTo(pos{v.focus, 0})
}

// shown is the items the filter keeps, as the mode shows them.
func (v *Viewer) shown() []item { return v.mode.group(v.filter.apply(v.all), v.opened) }
