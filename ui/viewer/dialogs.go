package viewer

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/live"
	"github.com/deck-tui/deck/ui/kit"
)

// panel is what the live viewer draws under the cards: the host's queue,
// a rule, the prompt box.
func (v *Viewer) panel() []string {
	th, l := v.th, v.live
	var rows []string
	for _, q := range l.queue {
		what := "queued"
		if q.Placement != "queued" {
			what = q.Placement
		}
		row := th.Faint.Render(" ⋯ "+what+": ") + th.Muted.Render(kit.OneLine(q.Text))
		rows = append(rows, cards.Truncate(row, v.width, "…"))
	}
	hint := "tab: transcript"
	if !l.typing {
		hint = "tab: prompt"
	}
	if l.running {
		hint = "enter queues · ctrl+s steers · esc cancels · " + hint
	}
	rule := strings.Repeat("─", max(v.width-cards.Width(hint)-3, 1))
	rows = append(rows, th.Faint.Render(rule+" ")+th.Muted.Render(hint))
	l.prompt.SetWidth(max(v.width-1, 10))
	for _, r := range strings.Split(l.prompt.View(), "\n") {
		rows = append(rows, " "+r)
	}
	return rows
}

// queueText is the queue's own words, for when the panel cannot be drawn.
func (v *Viewer) queueText() []string {
	var rows []string
	for _, q := range v.live.queue {
		rows = append(rows, "⋯ "+q.Placement+": "+q.Text)
	}
	return rows
}

// dialog is the approval or question waiting for an answer, drawn over the
// foot of the cards; nil when none waits.
func (v *Viewer) dialog() []string {
	l := v.live
	switch {
	case len(l.approval) > 0:
		return v.approvalDialog(l.approval[0])
	case len(l.question) > 0:
		return v.questionDialog(l.question[0])
	}
	return nil
}

// dialogText is the waiting dialog's own words, for when it cannot be drawn.
func (v *Viewer) dialogText() []string {
	l := v.live
	switch {
	case len(l.approval) > 0:
		a := l.approval[0]
		return []string{a.ToolName + " asks for approval: " + a.Reason, "a allow once · r reject"}
	case len(l.question) > 0 && len(l.question[0].req.Questions) > 0:
		q := l.question[0].question()
		rows := []string{"? " + q.Header + " " + q.Text, q.Detail}
		for _, o := range q.Options {
			rows = append(rows, "  "+o.Label+" — "+o.Description)
		}
		return append(rows, "esc declines")
	}
	return nil
}

// approvalDialog shows the call that asks (its command, its diff: its
// card), the reason, and the two answers.
func (v *Viewer) approvalDialog(a live.ApprovalRequest) []string {
	th := v.th
	width := max(v.width-4, 10)
	var rows []string
	rows = append(rows, th.Notice.Render("⚑ ")+th.Title.Render(kit.OneLine(a.ToolName))+th.Notice.Render(" asks for approval"))
	c := v.callOf(a.CallID)
	if c != nil {
		card := cards.Render(c, cards.Options{Width: width, Theme: th, Cwd: v.cwd})
		rows = append(rows, card[:min(len(card), max(v.contentHeight()/2, 4))]...)
	}
	if a.Reason != "" && (c == nil || c.Approval == nil) { // the card says why when it knows
		rows = append(rows, th.Muted.Render("why: ")+kit.OneLine(a.Reason))
	}
	rows = append(rows, th.Success.Render("a")+th.Muted.Render(" allow once · ")+th.Error.Render("r")+th.Muted.Render(" reject"))
	return v.frame(rows)
}

// questionDialog shows the question on screen, its options and one's own
// answer.
func (v *Viewer) questionDialog(f *questionForm) []string {
	th := v.th
	if len(f.req.Questions) == 0 {
		return nil
	}
	q := f.question()
	var rows []string
	head := "? "
	if len(f.req.Questions) > 1 {
		head = fmt.Sprintf("? %d of %d · ", f.at+1, len(f.req.Questions))
	}
	if q.Header != "" {
		head += q.Header + " · "
	}
	rows = append(rows, th.Notice.Render(kit.OneLine(head))+th.Title.Render(kit.OneLine(q.Text)))
	if q.Detail != "" {
		rows = append(rows, th.Muted.Render(kit.OneLine(q.Detail)))
	}
	for i, o := range q.Options {
		cursor := "  "
		if i == f.cursor && !f.input.Focused() {
			cursor = th.Accent.Render("› ")
		}
		mark := "○ "
		if f.picked[f.at][o.Label] {
			mark = "● "
		}
		if q.Multi {
			mark = strings.NewReplacer("○", "☐", "●", "☒").Replace(mark)
		}
		row := cursor + mark + kit.OneLine(o.Label)
		if o.Description != "" {
			row += th.Muted.Render(" — " + kit.OneLine(o.Description))
		}
		rows = append(rows, row)
	}
	cursor := "  "
	if f.cursor == len(q.Options) {
		cursor = th.Accent.Render("› ")
	}
	own := th.Muted.Render("your own answer…")
	if f.input.Focused() {
		own = f.input.View()
	} else if f.custom[f.at] != "" {
		own = kit.OneLine(f.custom[f.at])
	}
	rows = append(rows, cursor+"✎ "+own)
	rows = append(rows, th.Muted.Render("↑/↓ choose · space pick · enter next or send · esc decline"))
	return v.frame(rows)
}

// frame sets dialog rows behind a rail, cut to the width.
func (v *Viewer) frame(rows []string) []string {
	out := make([]string, 0, len(rows)+2)
	bar := v.th.Notice.Render("┃ ")
	out = append(out, v.th.Notice.Render("┏"+strings.Repeat("━", max(v.width-2, 1))))
	for _, r := range rows {
		out = append(out, bar+cards.Truncate(r, max(v.width-2, 1), "…"))
	}
	return append(out, v.th.Notice.Render("┗"+strings.Repeat("━", max(v.width-2, 1))))
}

// callOf is the tool call with a call id, as the viewer last synced it,
// whether or not the filter shows it.
func (v *Viewer) callOf(id string) *session.ToolCall {
	for i := len(v.all) - 1; i >= 0; i-- {
		if v.all[i].kind != kindCall {
			continue
		}
		if c, ok := v.take(v.all, i).(*session.ToolCall); ok && c.CallID == id {
			return c
		}
	}
	return nil
}
