package live

import (
	"maps"
	"sync"
)

// ignoredFrames counts the downlink messages deck has no use for, by name
// (a frame's type or method, or a message's kind): a newer host's frames
// (the protocol grows) are skipped, never an error, and counted so that
// what was skipped can be told.
type ignoredFrames struct {
	mu     sync.Mutex
	byType map[string]int
}

// The names are the host's: at most maxIgnoredNames of them are kept, none
// longer than maxIgnoredName bytes, and any other frame is counted as
// otherFrames, so that a host sending frames of ever new names grows nothing.
const (
	maxIgnoredNames = 64
	maxIgnoredName  = 64
	otherFrames     = "(other)"
)

func (n *ignoredFrames) add(name string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.byType == nil {
		n.byType = map[string]int{}
	}
	if _, ok := n.byType[name]; !ok && (len(name) > maxIgnoredName || len(n.byType) >= maxIgnoredNames) {
		name = otherFrames
	}
	n.byType[name]++
}

// Ignored is how many frames of each name the watch skipped since it
// began: kinds, types and methods deck has no use for, a newer host's
// among them.
func (w *Watch) Ignored() map[string]int {
	w.ignored.mu.Lock()
	defer w.ignored.mu.Unlock()
	return maps.Clone(w.ignored.byType)
}
