package kit

// ListStep is how far a key moves the cursor of a list that shows page
// rows of total: a row (up, down, ctrl+p, ctrl+n), a page (pgup, pgdown)
// or to an end (home, end); ok is false for any other key.
func ListStep(key string, page, total int) (step int, ok bool) {
	switch key {
	case "up", "ctrl+p":
		return -1, true
	case "down", "ctrl+n":
		return 1, true
	case "pgup":
		return -page, true
	case "pgdown":
		return page, true
	case "home":
		return -total, true
	case "end":
		return total, true
	}
	return 0, false
}
