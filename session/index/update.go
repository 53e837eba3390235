package index

import (
	"context"
	"runtime"
	"sort"
	"sync"

	"github.com/deck-tui/deck/session/catalog"
)

// Progress is how far an update has come.
type Progress struct {
	Sessions, Done   int   // logs to read, and read
	Bytes, DoneBytes int64 // their bytes
}

// Summary says what an update did.
type Summary struct {
	Sessions  int // on disk now
	Read      int // logs read: new, or changed since the index read them
	Removed   int // gone from disk, so from the index
	Failed    int // could not be read now (and are tried again next time)
	ReadBytes int64
	Rewritten int   // read as rewritten, not appended to: their rows replaced whole
	Rows      int   // text rows written: an append writes only its new or changed entries'
	TextBytes int64 // the text of the logs read, as the cards show it: what is indexed
}

// Update brings the index up to the sessions under roots: each log is
// looked at (its size, time and inode), and read only when it is new or
// changed since the index read it; a session no longer on disk leaves the
// index. progress, if not nil, is told as logs are read. The index holds
// the sessions of the roots it was last updated with, and no others.
func (ix *Index) Update(ctx context.Context, roots []catalog.Root, progress func(Progress)) (Summary, error) {
	sum, err := ix.update(ctx, roots, progress)
	if ix.remake(err) {
		return ix.update(ctx, roots, progress)
	}
	return sum, err
}

func (ix *Index) update(ctx context.Context, roots []catalog.Root, progress func(Progress)) (Summary, error) {
	var found []catalog.Item
	listed := make(chan struct{})
	go func() { // the files are looked at while the index is read
		defer close(listed)
		found = catalog.Find(roots)
	}()
	stored, err := ix.sessions(ctx)
	<-listed
	if err != nil {
		return Summary{}, err
	}
	plan := planUpdate(found, stored)
	sum := Summary{Sessions: len(found), Removed: len(plan.gone)}
	var total int64
	for _, j := range plan.jobs {
		total += j.item.Size
	}
	p := Progress{Sessions: len(plan.jobs), Bytes: total}
	if progress != nil && len(plan.jobs) > 0 {
		progress(p)
	}
	if len(plan.jobs) == 0 && len(plan.gone) == 0 {
		return sum, nil
	}
	docs := make(chan doc, 4)
	var failed sync.Map // paths that could not be read
	go readAll(ctx, plan.jobs, docs, &failed)
	w := writer{ix: ix}
	bulk := len(stored) == 0 && len(plan.jobs) > 0
	if err := w.merging(ctx, !bulk); err != nil {
		drain(docs)
		return sum, err
	}
	if err := w.remove(ctx, plan.gone); err != nil {
		drain(docs)
		return sum, err
	}
	err = w.write(ctx, docs, func(d doc, rows int) {
		p.Done++
		sum.Rows += rows
		sum.TextBytes += int64(d.bytes)
		if d.rewrite && d.known {
			sum.Rewritten++
		}
		p.DoneBytes += d.s.Size
		sum.Read++
		sum.ReadBytes += d.s.Size
		if progress != nil {
			progress(p)
		}
	})
	failed.Range(func(any, any) bool { sum.Failed++; return true })
	if err == nil && bulk {
		err = w.optimize(ctx)
	}
	return sum, err
}

// job is a log to read, and what the index holds of it (nil: nothing).
type job struct {
	item   catalog.Item
	before *Session
}

type updatePlan struct {
	jobs []job
	gone []Session
}

// planUpdate compares the logs on disk with the index: a log is read when
// the index has no row for it, when its size, time or inode changed, or
// when it was read while still being written and has stopped being
// written since (its last line, perhaps half then, is whole now).
func planUpdate(found []catalog.Item, stored []Session) updatePlan {
	byPath := make(map[string]*Session, len(stored))
	for i := range stored {
		byPath[stored[i].Path] = &stored[i]
	}
	var plan updatePlan
	for _, it := range found {
		before := byPath[it.Path]
		delete(byPath, it.Path)
		if before != nil && current(it, before) {
			continue
		}
		plan.jobs = append(plan.jobs, job{it, before})
	}
	for _, s := range byPath {
		plan.gone = append(plan.gone, *s)
	}
	// oldest first: the newest sessions, read last, get the newest ids
	sort.SliceStable(plan.jobs, func(i, j int) bool { return plan.jobs[i].item.Mod.Before(plan.jobs[j].item.Mod) })
	return plan
}

// current reports whether the index's row still says what the log on
// disk holds, as catalog.Find saw the log a moment ago.
func current(it catalog.Item, s *Session) bool {
	if it.Unreadable != "" || s.Unreadable != "" {
		return it.Unreadable == s.Unreadable && it.Mod.UnixNano() == s.file.mtime
	}
	if s.file.headLen < 0 || it.Size != s.file.size || it.Mod.UnixNano() != s.file.mtime || int64(it.Inode) != s.file.inode {
		return false
	}
	return s.file.closed || live(s.file.mtime)
}

// readAll reads the jobs on every core, in order of the jobs as far as
// the cores allow, and closes docs when done.
func readAll(ctx context.Context, jobs []job, docs chan<- doc, failed *sync.Map) {
	defer close(docs)
	work := make(chan job)
	var wg sync.WaitGroup
	for range max(runtime.GOMAXPROCS(0), 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				d, err := read(j.item, j.before)
				if err != nil {
					failed.Store(j.item.Path, err)
					d = unread(j.item) // listed as before, untitled, and read again next time
				}
				d.prepare()
				select {
				case docs <- d:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	for _, j := range jobs {
		select {
		case work <- j:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
	}
	close(work)
	wg.Wait()
}

// drain empties docs after the writer gave up, so the readers end.
func drain(docs <-chan doc) {
	for range docs {
	}
}

// unread is the row of a log that could not be read now (its permissions,
// say): listed, with nothing in it, and read again at the next update.
func unread(it catalog.Item) doc {
	s := Session{Path: it.Path, Agent: it.Agent, Size: it.Size, Mod: it.Mod}
	s.file = fileState{size: it.Size, mtime: it.Mod.UnixNano(), headLen: -1}
	return doc{s: s, rewrite: true}
}
