package live

import (
	"maps"
	"sync"
)

// ignoredFrames counts the downlink frames of types deck has no use for,
// by type: a newer host's frames (the protocol grows) are skipped, never an
// error, and counted so that what was skipped can be told.
type ignoredFrames struct {
	mu     sync.Mutex
	byType map[string]int
}

func (n *ignoredFrames) add(frameType string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.byType == nil {
		n.byType = map[string]int{}
	}
	n.byType[frameType]++
}

// Ignored is how many frames of each type the watch skipped since it
// began: types deck has no use for, a newer host's among them.
func (w *Watch) Ignored() map[string]int {
	w.ignored.mu.Lock()
	defer w.ignored.mu.Unlock()
	return maps.Clone(w.ignored.byType)
}
