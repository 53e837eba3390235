package harness

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
)

// The surface's chunks hold its nodes as one slice would: in order,
// found by seq, and without the nodes a replace shadowed, across the
// chunks' edges.
func TestSurfaceNodesAreTheSliceTheyStandFor(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var got surfaceNodes
	var want []surfaceNode
	seq := int64(0)
	for round := range 40 {
		for range rng.IntN(3 * surfaceChunk) {
			seq += 1 + rng.Int64N(3)
			n := surfaceNode{seq, round}
			got.add(n)
			want = append(want, n)
		}
		if got.len() != len(want) {
			t.Fatalf("round %d: %d nodes, want %d", round, got.len(), len(want))
		}
		for range 50 {
			i := rng.IntN(len(want))
			if got.at(i) != want[i] {
				t.Fatalf("round %d: node %d is %v, want %v", round, i, got.at(i), want[i])
			}
			s := want[i].seq - rng.Int64N(2)
			if w := slices.IndexFunc(want, func(n surfaceNode) bool { return n.seq >= s }); got.from(s) != w {
				t.Fatalf("round %d: seq %d is from %d, want %d", round, s, got.from(s), w)
			}
		}
		var gone []int
		for i := range want {
			if rng.IntN(4) == 0 {
				gone = append(gone, i)
			}
		}
		got = got.without(gone)
		kept := want[:0:0]
		for i, n := range want {
			if _, g := slices.BinarySearch(gone, i); !g {
				kept = append(kept, n)
			}
		}
		want = kept
	}
	for i := range want {
		if got.at(i) != want[i] {
			t.Fatalf("node %d is %v, want %v", i, got.at(i), want[i])
		}
	}
}

// A long surface is allocated about once: a slice grown by append to a
// million nodes allocated some three times their size and copied it.
func TestSurfaceNodesAreNotCopiedAsTheyGrow(t *testing.T) {
	const nodes = 64 * surfaceChunk
	var s surfaceNodes
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := range nodes {
		s.add(surfaceNode{int64(i), i})
	}
	runtime.ReadMemStats(&after)
	size := uint64(nodes) * 16
	if got := after.TotalAlloc - before.TotalAlloc; got > size+size/8 {
		t.Errorf("%d nodes of %d KiB allocated %d KiB", nodes, size>>10, got>>10)
	}
	runtime.KeepAlive(s)
}
