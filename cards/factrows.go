package cards

import (
	"strings"

	"github.com/deck-tui/deck/theme"
)

// factRows adds facts under the header with a dot between them, each whole
// on its row: a fact that does not fit after the last starts the next row
// (a row never ends in half of "5.9k in · 115 out tokens"); one wider than
// a row alone is wrapped as prose.
func (c *card) factRows(facts []string, st theme.Style) {
	const dot = " · "
	room, sep := c.o.Width-indent, Width(dot)
	var row []string
	used := 0
	for _, f := range facts {
		w := c.safeLine(f, st).width() // as drawn: the sanitiser may widen it
		if len(row) > 0 && used+sep+w <= room {
			row, used = append(row, f), used+sep+w
			continue
		}
		if len(row) > 0 {
			c.body(c.safeLine(strings.Join(row, dot), st))
		}
		row, used = []string{f}, w
	}
	if len(row) > 0 {
		c.body(c.safeLine(strings.Join(row, dot), st))
	}
}
