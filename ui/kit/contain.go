package kit

import (
	"fmt"

	"github.com/deck-tui/deck/cards"
)

// DrawFault is called as each contained part of the screen starts drawing;
// a test sets it to make one part panic.
var DrawFault = func(part string) {}

// Contained draws one part of the screen outside the cards (the status bar,
// a header, a picker row, a dialog). A panic while drawing it becomes a
// notice in its place, then the part's own text, plain and sanitised, cut
// to width: one bad value costs a part its styling, never the program.
func Contained(part string, width int, text func() []string, draw func() []string) (rows []string) {
	defer func() {
		if r := recover(); r != nil {
			rows = undrawn(part, width, r, text)
		}
	}()
	DrawFault(part)
	return draw()
}

// ContainedRow is contained for a part that is one row: the notice, short,
// after the part's text.
func ContainedRow(part string, width int, text func() string, draw func() string) (row string) {
	defer func() {
		if r := recover(); r != nil {
			row = undrawnRow(part, width, r, text)
		}
	}()
	DrawFault(part)
	return draw()
}

// undrawnRow is undrawn on one row.
func undrawnRow(part string, width int, r any, text func() string) (row string) {
	row = "⚠ " + cards.Safe(fmt.Sprintf("deck could not draw the %s (%v)", part, r))
	defer func() {
		if recover() != nil {
			row = cards.Truncate("⚠ deck could not draw the "+part, max(width, 1), "…")
		}
	}()
	return cards.Truncate("⚠ "+cards.Safe(text())+" · "+row[len("⚠ "):], max(width, 1), "…")
}

// undrawn is the notice for a part that panicked and the part's text; the
// notice alone should the text panic too.
func undrawn(part string, width int, r any, text func() []string) (rows []string) {
	notice := cards.Truncate(cards.Safe(fmt.Sprintf("⚠ deck could not draw the %s (%v)", part, r)), max(width, 1), "…")
	rows = []string{notice}
	defer func() {
		if recover() != nil {
			rows = []string{notice}
		}
	}()
	for _, t := range text() {
		rows = append(rows, cards.Truncate(cards.Safe(t), max(width, 1), "…"))
	}
	return rows
}
