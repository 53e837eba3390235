package viewer

import (
	"strings"
	"time"
)

// stampWidth is the column each card's time takes when T shows them: the
// time and a space.
const stampWidth = len("15:04:05 ")

// timeWidth is the cells the time column takes: none when the times are
// hidden or the screen is too narrow to spare them.
func (v *Viewer) timeWidth() int {
	if !v.times || v.width < 40 {
		return 0
	}
	return stampWidth
}

// stamp is what the time column shows beside row r of card i: the time of
// the event that made the card on its first row, blanks elsewhere and when
// the log has no time.
func (v *Viewer) stamp(i, r int) string {
	w := v.timeWidth()
	if w == 0 {
		return ""
	}
	if ms := v.items[i].time; r == 0 && ms > 0 {
		return v.th.Faint.Render(time.UnixMilli(ms).Format("15:04:05")) + " "
	}
	return strings.Repeat(" ", w)
}
