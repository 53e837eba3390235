package harness

import (
	"slices"
	"sort"
)

// surfaceNodes are the surface's nodes in order, in chunks of a fixed
// size: one slice grown by append was copied at each growth (a million
// messages, some 50 MB allocated and copied, on the one core that applies
// the lines in order); a chunk, once full, is never copied.
type surfaceNodes struct {
	chunks [][]surfaceNode // each full (surfaceChunk nodes) but the last
	n      int
}

const surfaceChunk = 4096

func (s *surfaceNodes) len() int { return s.n }

func (s *surfaceNodes) at(i int) surfaceNode { return s.chunks[i/surfaceChunk][i%surfaceChunk] }

// add puts n last. The first chunk grows as a slice does, so that a short
// session holds no more than it needs.
func (s *surfaceNodes) add(n surfaceNode) {
	if k := len(s.chunks); k == 0 || len(s.chunks[k-1]) == surfaceChunk {
		var next []surfaceNode
		if k > 0 {
			next = make([]surfaceNode, 0, surfaceChunk)
		}
		s.chunks = append(s.chunks, next)
	}
	last := &s.chunks[len(s.chunks)-1]
	*last = append(*last, n)
	s.n++
}

// from is where the first node of seq at least seq is (len when none is).
func (s *surfaceNodes) from(seq int64) int {
	return sort.Search(s.n, func(i int) bool { return s.at(i).seq >= seq })
}

// without is the nodes but those at the places gone, sorted.
func (s *surfaceNodes) without(gone []int) surfaceNodes {
	var kept surfaceNodes
	for i := range s.n {
		if _, shadowed := slices.BinarySearch(gone, i); !shadowed {
			kept.add(s.at(i))
		}
	}
	return kept
}
