package index

import (
	"context"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/match"
)

// SearchFiles searches the logs under roots themselves, without an index
// (--no-index, or a cache folder deck may not write): each log is read
// whole, newest first, so it takes as long as reading them all, but it
// finds what Search finds, in the same order.
func SearchFiles(ctx context.Context, roots []catalog.Root, q Query, yield func(Hit) bool) error {
	m, err := match.New(q.Text)
	if err != nil || m.Empty() {
		return err
	}
	s := newSearcher(m, q, yield)
	for _, it := range catalog.Find(roots) {
		if err := ctx.Err(); err != nil {
			return err
		}
		// what Find knows is filtered on before reading; the rest after
		if q.Agent != "" && it.Agent != q.Agent || !q.Since.IsZero() && it.Mod.Before(q.Since) {
			continue
		}
		d, err := read(it, nil)
		if err != nil {
			continue // as the index lists it: untitled, nothing in it
		}
		if !s.keeps(d.s) {
			continue
		}
		for _, t := range d.texts {
			if !s.kinds[t.Kind] {
				continue
			}
			if err := s.give(t, d.s); err != nil {
				return s.ended(ctx, err)
			}
		}
	}
	return nil
}
