package search

import "github.com/deck-tui/deck/session/index"

// group is one session's hits, in the order of its cards. The index gives
// hits newest session first and a session's hits together, so a hit from
// another session than the last starts a group.
type group struct {
	session index.Session
	hits    []index.Hit
}

// results are the hits found so far, grouped by session.
type results struct {
	groups []group
	n      int // hits in all
}

// add takes a hit as it comes.
func (r *results) add(h index.Hit) {
	if k := len(r.groups); k == 0 || r.groups[k-1].session.Path != h.Session.Path {
		r.groups = append(r.groups, group{session: h.Session})
	}
	g := &r.groups[len(r.groups)-1]
	g.hits = append(g.hits, h)
	r.n++
}

// hit is the i-th hit over all groups, and the line it is drawn on (each
// group's session line comes before its hits).
func (r *results) hit(i int) (index.Hit, int, bool) {
	line := 0
	for _, g := range r.groups {
		line++ // the session's line
		if i < len(g.hits) {
			return g.hits[i], line + i, true
		}
		i -= len(g.hits)
		line += len(g.hits)
	}
	return index.Hit{}, 0, false
}

// lines is how many lines the results take: a line per session and per hit.
func (r *results) lines() int { return len(r.groups) + r.n }
