// Package cards draws session entries as styled lines: each card is a pure
// function of (entry, options) — width, theme, session context — to rows no
// wider than the width. It knows no program; the viewer and `deck render`
// both print what it returns.
package cards

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/human"
	"github.com/deck-tui/deck/theme"
)

// Options are what a card needs besides its entry.
type Options struct {
	Width    int
	Theme    *theme.Theme
	Cwd      string // the session's working directory, to shorten paths
	Expanded bool   // draw long cards whole; collapsed, they show their head

	// NoHighlight draws code in the text colour, skipping chroma: the same
	// rows, sooner. The viewer shows it while the highlighted card renders.
	NoHighlight bool
	// NoWrap cuts long code and output lines at the width, with a mark
	// (›), after skipping Scroll cells, instead of wrapping them; a line
	// scrolled past has a mark (‹) over its first cell in view.
	NoWrap bool
	Scroll int
	// Uncut, with NoWrap, leaves code and output lines whole, neither
	// scrolled nor cut: one row a line, as the viewer shows them, with what
	// lies past the edge (what search reads).
	Uncut bool
	// ExpandHint makes collapsed cards say how to expand them (the viewer).
	ExpandHint bool
	// Collapse overrides how much collapsed cards keep, by kind.
	Collapse Collapse
	// Plain draws the rows without styles, for search: the text
	// ansi.Strip gives of the drawn rows, row for row, made many times
	// sooner (plain.go); a picture's rows are blank (no text to find in
	// them). Code is not highlighted.
	Plain bool
	// Pictures draws the pictures of a gallery (read_image) where the
	// terminal can; nil draws none.
	Pictures Pictures
}

// Render draws one entry. A panic while drawing becomes a notice in the
// entry's place with the entry's text under it, so it still shows and
// search still finds it.
func Render(e session.Entry, o Options) (rows []string) {
	return render(e, o, false)
}

// render is Render, its rows led by a blank one when led and there are
// any: the blank row between two cards, made with the card, not by
// copying its rows after it.
func render(e session.Entry, o Options, led bool) (rows []string) {
	if o.Width < 1 {
		o.Width = 1
	}
	if o.Theme == nil {
		o.Theme = theme.Dark()
	}
	defer func() {
		if r := recover(); r != nil {
			rows = undrawable(e, o, r, debug.Stack())
			if led && len(rows) > 0 {
				rows = append([]string{""}, rows...)
			}
		}
	}()
	c := pooledCard(o)            // not put back should drawing panic
	c.rows = make([]string, 0, 8) // most cards are a few rows: grown once, not at 1, 2 and 4
	if led {
		c.rows = append(c.rows, "")
	}
	draw(c, e)
	c.capNote()
	if o.Plain {
		stripRows(c.rows)
	}
	rows = c.rows
	if led && len(rows) == 1 {
		rows = nil
	}
	c.release()
	return rows
}

// CountRows is the sum of count over the card's plain rows (Options.Plain),
// as over Render's, without keeping them: what a search of a long session
// reads each card by. A row passed to count is valid only during the call.
// Once stop (if not nil) says so, the card is cut short between two rows
// and the sum is of no use: a cancelled search waits for no card.
func CountRows(e session.Entry, o Options, count func(row string) int, stop func() bool) (n int) {
	o.Plain = true
	if o.Width < 1 {
		o.Width = 1
	}
	if o.Theme == nil {
		o.Theme = theme.Dark()
	}
	defer func() {
		if r := recover(); r != nil {
			n = 0
			for _, row := range undrawable(e, o, r, debug.Stack()) {
				n += count(row)
			}
		}
	}()
	c := newCard(o)
	c.count = func(row string) {
		if stop != nil && stop() {
			c.stopped = true
			return
		}
		if strings.IndexByte(row, 0x1b) >= 0 {
			row = ansi.Strip(row)
		}
		n += count(row)
	}
	draw(c, e)
	c.capNote()
	return n
}

// undrawable is the card of an entry whose drawing panicked: what went
// wrong, then the entry's text, plain and wrapped.
func undrawable(e session.Entry, o Options, r any, stack []byte) []string {
	return undrawn(o, r, stack, func() string {
		text := Text(e, o.Cwd)
		if t, ok := e.(*session.ToolCall); ok {
			text = strings.TrimSpace(t.Name+" "+callTitle(t)) + "\n" + text
		}
		return text
	})
}

// contain draws a card that is no entry (a session's header, its footer) as
// Render draws an entry: a panic becomes the notice and the card's text.
func contain(o Options, text func() string, draw func() []string) (rows []string) {
	defer func() {
		if r := recover(); r != nil {
			rows = undrawn(o, r, debug.Stack(), text)
		}
	}()
	return draw()
}

// undrawn is the card for a drawing that panicked: the notice, then the
// text, sanitised and wrapped; the notice alone should the text panic too.
func undrawn(o Options, r any, stack []byte, text func() string) []string {
	c := newCard(o)
	c.lead(line{{"✗ ", o.Theme.MarkFailed}}, line{{"deck could not draw this entry; its text:", o.Theme.Error}})
	c.body(c.safeLine(fmt.Sprint(r), o.Theme.Muted)) // a panic's message may quote the input
	if s := firstFrame(stack); s != "" {
		c.note(s)
	}
	if t := textOrNothing(text); t != "" {
		for _, l := range strings.Split(t, "\n") {
			if c.full() {
				c.skip(1)
				continue
			}
			c.body(c.safeText(l, o.Theme.Text))
		}
	}
	c.capNote()
	return c.rows
}

// callTitle is what a call's view says it does: a command, an edit's title.
func callTitle(t *session.ToolCall) string {
	switch v := t.Call.(type) {
	case session.TerminalCallView:
		return v.Title
	case session.DiffCallView:
		return v.Title
	case session.GenericCallView:
		return v.Title
	case nil:
	}
	return ""
}

// textOrNothing is text(), or "" should that panic too.
func textOrNothing(text func() string) (t string) {
	defer func() {
		if recover() != nil {
			t = ""
		}
	}()
	return text()
}

// draw picks the card of an entry; a variable so a test can make it panic.
// It is set in init because a card may draw entries nested in it.
var draw func(*card, session.Entry)

func init() { draw = drawEntry }

func drawEntry(c *card, e session.Entry) {
	switch e := e.(type) {
	case *session.UserMessage:
		userMessage(c, e)
	case *session.AssistantText:
		assistantText(c, e)
	case *session.Reasoning:
		reasoning(c, e)
	case *session.ToolCall:
		toolCall(c, e)
	case *session.TurnStart:
		turnStart(c, e)
	case *session.TurnEnd:
		turnEnd(c, e)
	case *session.Plan:
		plan(c, e)
	case *session.Event:
		event(c, e)
	case *session.Notice:
		notice(c, e)
	}
}

// firstFrame picks the panicking function out of a stack trace.
func firstFrame(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "panic(") && i+2 < len(lines) {
			return "at " + strings.TrimSpace(lines[i+2])
		}
	}
	return ""
}

// status is a tool call's state as a mark and its style.
func status(th *theme.Theme, s session.CallStatus) span {
	switch s {
	case session.CallDone:
		return span{"✓", th.MarkDone}
	case session.CallFailed:
		return span{"✗", th.MarkFailed}
	case session.CallStopped:
		return span{"■", th.MarkStopped}
	case session.CallNotStarted:
		return span{"○", th.MarkStopped} // never ran
	case session.CallOutcomeUnknown:
		return span{"?", th.MarkStopped}
	case session.CallPreparing:
		return span{"⋯", th.MarkPreparing} // its arguments still arriving
	case session.CallDenied:
		return span{"⊘", th.MarkDenied}
	}
	return span{"◌", th.MarkPending}
}

// header is a card's first row: a mark, the title, and facts at the right.
// When the row is too narrow for both, the least important facts (the last)
// go first, so the title keeps at least half the row; then the title is cut.
// It says what the row showed, so the body need not repeat it.
func (c *card) header(mark span, title line, facts ...line) headerShown {
	left := append(append(make(line, 0, 2+len(title)), mark, span{" ", theme.Style{}}), title...)
	for len(facts) > 0 {
		room := c.o.Width - factsWidth(facts) - 2
		if left.width() <= room || room >= min(left.width(), c.o.Width/2) {
			break
		}
		facts = facts[:len(facts)-1]
	}
	right := joinFacts(c.th, facts)
	c.lined = appendJoinLR(c.lined[:0], left, right, c.o.Width, c.th.Muted) // made into a row at once: a line reused
	c.row(c.lined)
	return headerShown{whole: left.width()+right.width()+2 <= c.o.Width, facts: len(facts)}
}

// headerShown is what a header row showed: whether its title is whole, and
// how many of its facts (the first ones) it kept.
type headerShown struct {
	whole bool
	facts int
}

// joinFacts puts facts in a row with dots between them.
func joinFacts(th *theme.Theme, facts []line) line {
	n := max(len(facts)-1, 0)
	for _, f := range facts {
		n += len(f)
	}
	l := make(line, 0, n)
	for i, f := range facts {
		if i > 0 {
			l = append(l, span{" · ", th.Faint})
		}
		l = append(l, f...)
	}
	return l
}

// factsWidth is joinFacts(facts).width(), without joining them.
func factsWidth(facts []line) int {
	w := 3 * max(len(facts)-1, 0) // " · " between two
	for _, f := range facts {
		w += f.width()
	}
	return w
}

// plural says "1 line", "2 lines".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%s %s", thousands(n), many)
}

// thousands writes n with a comma between each group of three digits:
// the one rule, human's, under the name the cards use for their ints.
var thousands = human.Thousands[int]

// byteSize writes a size for people: 930 B, 12.4 KB, 3.1 MB.
var byteSize = human.Bytes[int64]
