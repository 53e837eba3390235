package kit

import (
	"fmt"

	"github.com/deck-tui/deck/cards"
)

// OneLine makes untrusted text safe for a one-line slot (the status bar,
// the window title): controls and invisible characters as visible marks.
func OneLine(s string) string { return cards.Safe(s) }

// MB is a size in bytes for a person: KB, MB or GB.
func MB(n int64) string {
	switch {
	case n < 1<<20:
		return fmt.Sprintf("%.0f KB", float64(n)/1024)
	case n < 1<<30:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.2f GB", float64(n)/(1<<30))
}
