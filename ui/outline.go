package ui

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/stats"
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
func (v *viewer) turns() []turnRow {
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
func (v *viewer) outlinePage() *page {
	if v.notShown != "" {
		return v.notShownPage("≡ outline")
	}
	turns := v.turns()
	model, usage, cwd := v.model, v.usage, v.cwd
	p := &page{name: "outline"}
	p.draw = func(o cards.Options) ([]string, []int) {
		th := o.Theme
		rows := []string{th.Title.Render("≡ outline") + th.Muted.Render(" · "+plural(len(turns), "turn"))}
		if facts := whereFacts(model, usage); facts != "" {
			rows = append(rows, th.Muted.Render(cards.Truncate(facts, o.Width, "…")))
		}
		if cwd != "" {
			rows = append(rows, th.Faint.Render("in ")+th.Path.Render(cards.Truncate(oneLine(cwd), max(o.Width-3, 1), "…")))
		}
		rows = append(rows, "")
		var picks []int
		for _, t := range turns {
			picks = append(picks, len(rows))
			rows = append(rows, t.row(o))
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
		facts = append(facts, oneLine(model))
	}
	if t := tokens(u); t != "" {
		facts = append(facts, t+" tokens")
	}
	return strings.Join(facts, " · ")
}

// row is the turn's line: its number, its prompt, then its calls, errors
// and time at the right.
func (t turnRow) row(o cards.Options) string {
	th := o.Theme
	facts := []string{plural(t.calls, "call") + cards.NestedNote(t.nested.calls)}
	if t.errors > 0 || t.nested.errors > 0 {
		facts = append(facts, plural(t.errors, "error")+cards.NestedNote(t.nested.errors))
	}
	switch {
	case t.ended && t.elapsed > 0:
		facts = append(facts, stats.Measured(t.elapsed).Millis())
	case !t.ended:
		facts = append(facts, "not ended")
	}
	right := "  " + strings.Join(facts, " · ")
	head := fmt.Sprintf("turn %d  ", t.turn)
	prompt := oneLine(t.prompt)
	if prompt == "" {
		prompt = "(no prompt)"
	}
	room := max(o.Width-cards.Width(head)-cards.Width(right), 1)
	prompt = cards.Truncate(prompt, room, "…")
	gap := strings.Repeat(" ", max(room-cards.Width(prompt), 0))
	style := th.Muted
	if t.errors > 0 || t.nested.errors > 0 {
		style = th.Error
	}
	return th.Accent.Render(head) + prompt + gap + style.Render(right)
}

// plural is "1 call", "2 calls".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
