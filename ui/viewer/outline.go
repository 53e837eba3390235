package viewer

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/stats"
	"github.com/deck-tui/deck/ui/kit"
)

// turnRow is one turn of the outline: where it starts and what it did.
type turnRow struct {
	turn    int
	id      int // its header's entry id
	prompt  string
	calls   int
	errors  int
	elapsed int64 // ms; 0 when the log has no figure
	ended   bool

	nested struct{ calls, errors int } // a subagent's, in its Task card
}

// turns is the outline of the whole session (not only what a filter
// shows), one row a turn in order.
func (v *Viewer) turns() []turnRow {
	var rows []turnRow
	for i, it := range v.all {
		if it.kind == kindTurnStart {
			t := v.take(v.all, i).(*session.TurnStart)
			rows = append(rows, turnRow{turn: t.Turn, id: it.id})
			continue
		}
		if len(rows) == 0 {
			continue // before the first turn: nothing to count it in
		}
		r := &rows[len(rows)-1]
		if r.prompt == "" && (it.kind == kindUser || it.kind == kindEvent) {
			r.prompt = session.PromptLine(v.take(v.all, i))
		}
		if it.tool {
			r.calls++
		}
		if it.failed {
			r.errors++
		}
		for _, n := range it.nested {
			if n.tool {
				r.nested.calls++
			}
			if n.failed {
				r.nested.errors++
			}
		}
		if it.kind == kindTurnEnd {
			end := v.take(v.all, i).(*session.TurnEnd)
			r.elapsed, r.ended = end.Elapsed, true
		}
	}
	return rows
}

// outlinePage lists the session's turns, with where the session is (its
// model, tokens and folder) above them; enter jumps to the picked turn.
func (v *Viewer) outlinePage() *page {
	if v.notShown != "" {
		return v.notShownPage("≡ outline")
	}
	turns := v.turns()
	model, usage, cwd, children := v.model, v.usage, v.cwd, v.children
	p := &page{name: "outline"}
	p.draw = func(o cards.Options) ([]string, []int) {
		th := o.Theme
		rows := []string{th.Title.Render("≡ outline") + th.Muted.Render(" · "+plural(len(turns), "turn"))}
		if facts := whereFacts(model, usage); facts != "" {
			rows = append(rows, th.Muted.Render(cards.Truncate(facts, o.Width, "…")))
		}
		if cwd != "" {
			rows = append(rows, th.Faint.Render("in ")+th.Path.Render(cards.Truncate(kit.OneLine(cwd), max(o.Width-3, 1), "…")))
		}
		rows = append(rows, subagentRows(o, children)...)
		rows = append(rows, "")
		var picks []int
		cols := outlineColumns(turns)
		for _, t := range turns {
			picks = append(picks, len(rows))
			rows = append(rows, t.row(o, cols))
		}
		if len(turns) == 0 {
			rows = append(rows, th.Muted.Render("no turns in this session"))
		}
		return rows, picks
	}
	p.jump = func(pick int) int { return turns[pick].id }
	return p
}

// whereFacts are the session's model and token totals, as render's header
// says them.
func whereFacts(model string, u session.TokenUsage) string {
	var facts []string
	if model != "" {
		facts = append(facts, kit.OneLine(model))
	}
	if pill := cards.UsagePill(u); pill != "" {
		facts = append(facts, pill)
	}
	return strings.Join(facts, " · ")
}

// outlineCells are a turn's columns as text: its number, calls, errors
// ("" when none) and time ("" when the log has no figure).
type outlineCells struct{ turn, calls, errors, time string }

func (t turnRow) cells() outlineCells {
	c := outlineCells{turn: fmt.Sprint(t.turn), calls: plural(t.calls, "call") + cards.NestedNote(t.nested.calls)}
	if t.errors > 0 || t.nested.errors > 0 {
		c.errors = plural(t.errors, "error") + cards.NestedNote(t.nested.errors)
	}
	switch {
	case t.ended && t.elapsed > 0:
		c.time = stats.Measured(t.elapsed).Millis()
	case !t.ended:
		c.time = "not ended"
	}
	return c
}

// outlineColumns is how wide each column of the outline is, its widest
// cell's width, so the turns' prompts, calls, errors and times line up.
func outlineColumns(turns []turnRow) outlineCells {
	var w struct{ turn, calls, errors, time int }
	for _, t := range turns {
		c := t.cells()
		w.turn, w.calls = max(w.turn, cards.Width(c.turn)), max(w.calls, cards.Width(c.calls))
		w.errors, w.time = max(w.errors, cards.Width(c.errors)), max(w.time, cards.Width(c.time))
	}
	blank := func(n int) string { return strings.Repeat(" ", n) }
	return outlineCells{blank(w.turn), blank(w.calls), blank(w.errors), blank(w.time)}
}

// row is the turn's line: its number, its prompt, then its calls, errors
// and time at the right, each in its column (cols: as wide as each).
func (t turnRow) row(o cards.Options, cols outlineCells) string {
	th := o.Theme
	c := t.cells()
	right := "  " + padLeft(c.calls, cols.calls) + after(c.errors, cols.errors) + after(c.time, cols.time)
	head := "turn " + padLeft(c.turn, cols.turn) + "  "
	prompt := kit.OneLine(t.prompt)
	if prompt == "" {
		prompt = "(no prompt)"
	}
	room := max(o.Width-cards.Width(head)-cards.Width(right), 1)
	prompt = cards.Truncate(prompt, room, "…")
	gap := strings.Repeat(" ", max(room-cards.Width(prompt), 0))
	style := th.Muted
	if c.errors != "" {
		style = th.Error
	}
	return th.Accent.Render(head) + prompt + gap + style.Render(right)
}

// padLeft right-aligns s in a column as wide as col.
func padLeft(s, col string) string {
	return strings.Repeat(" ", max(cards.Width(col)-cards.Width(s), 0)) + s
}

// after is a column after the one before it: a dot and s, left-aligned in a
// column as wide as col; blank when s is "", nothing when the column is.
func after(s, col string) string {
	switch {
	case col == "":
		return ""
	case s == "":
		return "   " + col
	}
	return " · " + s + strings.Repeat(" ", max(cards.Width(col)-cards.Width(s), 0))
}

// plural is "1 call", "2 calls".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// subagentRows are the session's catalog of subagents, as the header card
// lists it (cards.SubagentsHead, cards.SubagentFacts), a row each, cut to
// the width; none for a session that made none.
func subagentRows(o cards.Options, children []session.Subagent) []string {
	if len(children) == 0 {
		return nil
	}
	th := o.Theme
	rows := []string{th.Muted.Render(cards.Truncate(cards.SubagentsHead(children), o.Width, "…"))}
	for _, a := range children {
		row := kit.OneLine(cards.SubagentName(a) + " · " + strings.Join(cards.SubagentFacts(a), " · "))
		rows = append(rows, "  "+th.Muted.Render(cards.Truncate(row, max(o.Width-2, 1), "…")))
	}
	return rows
}
