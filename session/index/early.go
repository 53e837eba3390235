package index

import (
	"context"
	"path/filepath"
	"strings"
	"sync"

	"github.com/deck-tui/deck/session/catalog"
)

// earlyLooks is how many of the sessions the index holds as changed last
// an update looks at as soon as it has read its list, before the listing
// of every log is done: the logs a person's agents are writing now are
// among them, and one that grew is read and written while the listing
// goes on, not after it (BenchmarkAppendOneMB). A look is a stat or two.
const earlyLooks = 32

// earlyDone, when not nil, is told how many logs an update read while it
// listed, once they are written and before the listing is waited for: a
// test's way in between.
var earlyDone func(read int)

// readEarly looks at the first earlyLooks of stored (newest first) and
// reads and writes those that changed, while the listing goes on: the
// rows it wrote, by path, which the listing's looks are then compared
// with (planUpdate). done is told of each doc written.
func (ix *Index) readEarly(ctx context.Context, w writer, roots []catalog.Root, stored []Session, failed *sync.Map, done func(doc, int)) (map[string]*Session, error) {
	var jobs []job
	for i := range stored[:min(len(stored), earlyLooks)] {
		s := &stored[i]
		if s.Unreadable != "" || !under(roots, s) {
			continue // its folder is listed again (catalog.Again cannot tell); a root not listed now: it leaves the index
		}
		if it, ok := catalog.Again(s.Agent, s.Path, s.file.folderMod); ok && !current(it, s) {
			jobs = append(jobs, job{item: it, before: s, id: s.ID})
		}
	}
	if len(jobs) == 0 {
		return nil, nil
	}
	// the table merges as it goes: an index with sessions is past its build
	if err := w.merging(ctx, true); err != nil {
		return nil, err
	}
	docs := newQueue()
	go readAll(ctx, jobs, docs, failed)
	written := make(map[string]*Session, len(jobs))
	err := w.write(ctx, docs, func(d doc, rows int) {
		s := d.s
		written[s.Path] = &s
		done(d, rows)
	})
	return written, err
}

// under reports a session's log in one of roots, of its agent: Aider's
// root is its one file.
func under(roots []catalog.Root, s *Session) bool {
	for _, r := range roots {
		if r.Agent == s.Agent && r.Dir != "" && (s.Path == r.Dir || strings.HasPrefix(s.Path, r.Dir+string(filepath.Separator))) {
			return true
		}
	}
	return false
}
