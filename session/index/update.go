package index

import (
	"context"
	"path/filepath"
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
	Rows      int   // chunks of text written: an append writes only its last chunk and its new ones
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
	var sum Summary
	var p Progress
	var failed sync.Map // paths that could not be read
	w := newWriter(ix)
	done := func(d doc, rows int) {
		p.Done++
		sum.Rows += rows
		sum.TextBytes += int64(d.bytes)
		if d.rewrite && d.known {
			sum.Rewritten++
		}
		p.DoneBytes += d.s.Size
		sum.Read++
		sum.ReadBytes += d.s.Size
		if progress != nil && p.Sessions > 0 { // not while the listing goes on: how many there are to read is not known yet
			progress(p)
		}
	}
	var early map[string]*Session // the rows written while the logs were listed
	found, stored, err := ix.look(ctx, roots, func(stored []Session) (err error) {
		early, err = ix.readEarly(ctx, w, roots, stored, &failed, done)
		if earlyDone != nil {
			earlyDone(len(early))
		}
		return err
	})
	if err != nil {
		return Summary{}, err
	}
	plan := planUpdate(found, stored, early)
	if err := ix.number(ctx, plan.jobs); err != nil {
		return Summary{}, err
	}
	sum.Sessions, sum.Removed = len(found), len(plan.gone)
	p.Sessions += len(plan.jobs)
	for _, j := range plan.jobs {
		p.Bytes += j.item.Size
	}
	for _, s := range early {
		p.Sessions++
		p.Bytes += s.Size
	}
	if progress != nil && p.Sessions > 0 {
		progress(p)
	}
	if len(early) == 0 && len(plan.jobs) == 0 && len(plan.gone) == 0 && len(plan.touched) == 0 {
		ix.mu.Lock()
		damaged := ix.listDamaged
		ix.mu.Unlock()
		if damaged {
			return sum, w.keepList(ctx)
		}
		return sum, nil
	}
	docs := newQueue()
	go readAll(ctx, plan.jobs, docs, &failed)
	bulk := len(stored) == 0 && len(plan.jobs) > 0
	if err := w.merging(ctx, !bulk); err != nil {
		docs.drain()
		return sum, err
	}
	if err := w.remove(ctx, plan.gone); err != nil {
		docs.drain()
		return sum, err
	}
	if err := w.touch(ctx, plan.touched); err != nil {
		docs.drain()
		return sum, err
	}
	err = w.write(ctx, docs, done)
	failed.Range(func(any, any) bool { sum.Failed++; return true })
	if err == nil && bulk {
		err = w.merging(ctx, true)
	}
	w.follow()
	if err == nil {
		err = w.keepList(ctx)
	}
	return sum, err
}

// job is a log to read, what the index holds of it (nil: nothing), and
// the id its session is to have.
type job struct {
	item   catalog.Item
	before *Session
	id     int64
}

type updatePlan struct {
	jobs    []job
	gone    []Session
	touched []Session // as the index holds them but for their folders' mtimes
}

// planUpdate compares the logs on disk with the index: a log is read when
// the index has no row for it, when its size, time or inode changed, or
// when it was read while still being written and has stopped being
// written since (its last line, perhaps half then, is whole now). early
// are the rows this update wrote while the logs were listed, by path: a
// log is compared with what was written of it, not with what the index
// held before, and read again if it changed since (it may have grown
// after the early look, or been looked at by the listing before it).
func planUpdate(found []catalog.Item, stored []Session, early map[string]*Session) updatePlan {
	befores, listed := rowsOf(found, stored)
	var plan updatePlan
	for i, it := range found {
		before := befores[i]
		if s, ok := early[it.Path]; ok {
			before = s
		}
		if before != nil && current(it, before) {
			if it.FolderMod != before.file.folderMod {
				s := *before
				s.file.folderMod = it.FolderMod
				plan.touched = append(plan.touched, s)
			}
			continue
		}
		plan.jobs = append(plan.jobs, job{item: it, before: before})
	}
	for i := range stored {
		if !listed[i] {
			plan.gone = append(plan.gone, stored[i])
		}
	}
	// oldest first (of one time, in the reverse of the list's order): the
	// newest sessions get the highest ids (number)
	sort.Slice(plan.jobs, func(i, j int) bool {
		a, b := plan.jobs[i].item, plan.jobs[j].item
		if !a.Mod.Equal(b.Mod) {
			return a.Mod.Before(b.Mod)
		}
		return a.Path > b.Path
	})
	return plan
}

// rowsOf pairs each log found with the index's row of its path (nil:
// none), and says which rows a log was found for. Both lists are newest
// first, by the same time and path, so the row of a log not changed since
// is met as the two are walked together, with no map of ten thousand
// paths; the few others are paired by a map of the rows left.
func rowsOf(found []catalog.Item, stored []Session) (rows []*Session, listed []bool) {
	rows, listed = make([]*Session, len(found)), make([]bool, len(stored))
	var left []int // logs whose row the walk did not meet
	j := 0
	for i := range found {
		mod, path := found[i].Mod.UnixNano(), found[i].Path
		for j < len(stored) && (stored[j].file.mtime > mod || stored[j].file.mtime == mod && stored[j].Path < path) {
			j++ // a row newer than the log: a changed log's, paired below
		}
		if j < len(stored) && stored[j].Path == path {
			rows[i], listed[j] = &stored[j], true
			j++
			continue
		}
		left = append(left, i)
	}
	if len(left) == 0 {
		return rows, listed
	}
	byPath := map[string]int{}
	for k := range stored {
		if !listed[k] {
			byPath[stored[k].Path] = k
		}
	}
	for _, i := range left {
		if k, ok := byPath[found[i].Path]; ok {
			rows[i], listed[k] = &stored[k], true
			delete(byPath, found[i].Path) // a path is one log's
		}
	}
	return rows, listed
}

// number gives each new session of jobs its id, in the jobs' order, from
// the first the index has not given: so the ids of sessions read together
// fall as the list goes, newest first, whichever core read which first,
// and a search's one stream of candidates by id gives them in the list's
// order (Search). A known session keeps its id.
func (ix *Index) number(ctx context.Context, jobs []job) error {
	var next int64
	err := ix.conn().QueryRowContext(ctx, nextID).Scan(&next)
	for i := range jobs {
		if jobs[i].before != nil {
			jobs[i].id = jobs[i].before.ID
		} else {
			jobs[i].id, next = next, next+1
		}
	}
	return err
}

// nextID is the first id the index has not given a session.
const nextID = `SELECT max(coalesce((SELECT max(id) FROM sessions), 0), coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'sessions'), 0)) + 1`

// current reports whether the index's row still says what the log on
// disk holds, as catalog.Find saw the log a moment ago.
func current(it catalog.Item, s *Session) bool {
	if it.Unreadable != "" || s.Unreadable != "" {
		return it.Unreadable == s.Unreadable && it.Mod.UnixNano() == s.file.mtime
	}
	if it.Stored() { // a store's session: as the store dates and sizes it (readStored)
		return it.Mod.UnixNano() == s.file.mtime && it.Size == s.file.size
	}
	if s.file.headLen < 0 || it.Size != s.file.size || it.Mod.UnixNano() != s.file.mtime || int64(it.Inode) != s.file.inode {
		return false
	}
	return s.file.closed || live(s.file.mtime)
}

// look lists the logs under roots while the index's sessions are read: a
// harness folder not changed since the index listed it, its log only,
// once the index is read (catalog.Known). early, if not nil, is given the
// index's sessions as soon as they are read, and runs while the listing
// goes on (readEarly).
func (ix *Index) look(ctx context.Context, roots []catalog.Root, early func(stored []Session) error) (found []catalog.Item, stored []Session, err error) {
	var folders map[string]*Session
	read, listed := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(listed)
		found = catalog.FindKnown(roots, func(folder string) (string, int64, bool) {
			<-read
			s, ok := folders[folder]
			if !ok {
				return "", 0, false
			}
			return s.Path, s.file.folderMod, true
		})
	}()
	stored, err = ix.sessions(ctx)
	folders = make(map[string]*Session, len(stored))
	for i, s := range stored {
		if s.file.folderMod != 0 {
			folders[filepath.Dir(s.Path)] = &stored[i]
		}
	}
	close(read)
	if err == nil && early != nil {
		err = early(stored)
	}
	<-listed
	return found, stored, err
}

// Listed is the sessions under roots, newest first, each log looked at
// as Update looks: the row the index holds of a log as it was when read
// (its size and time), the log as found for the rest, whose title is not
// read yet. The index is not changed: the first screen of a picker, which
// an Update behind it brings up to date. Without the index's rows (it
// cannot be read), the logs as catalog.Find lists them.
func (ix *Index) Listed(ctx context.Context, roots []catalog.Root) []catalog.Item {
	found, stored, err := ix.look(ctx, roots, nil)
	if err != nil {
		return catalog.Find(roots)
	}
	byPath := make(map[string]*Session, len(stored))
	for i := range stored {
		byPath[stored[i].Path] = &stored[i]
	}
	for i, it := range found {
		s, ok := byPath[it.Path]
		if !ok || it.Unreadable != "" || s.Size != it.Size || !s.Mod.Equal(it.Mod) {
			continue
		}
		row := s.Item()
		row.Live = it.Live
		found[i] = row
	}
	return found
}

// Rows is the sessions the index holds under roots, newest first, as they
// were when last indexed: no file is looked at, so it costs the read of
// the index's list alone (the sessions of the roots' agents it last
// listed). The picker's first frame, which Listed then
// brings up to the files; none when the index cannot be read.
func (ix *Index) Rows(ctx context.Context, roots []catalog.Root) []catalog.Item {
	stored, err := ix.sessions(ctx)
	if err != nil {
		return nil
	}
	agents := map[string]bool{}
	for _, r := range roots {
		agents[r.Agent] = true
	}
	var out []catalog.Item
	for _, s := range stored {
		if agents[s.Agent] { // a store's sessions are not under its root (Crush's projects): by agent
			out = append(out, s.Item())
		}
	}
	catalog.NewestFirst(out)
	return out
}

// readAll reads the jobs on every core, in order of the jobs as far as
// the cores allow, and closes docs when done.
func readAll(ctx context.Context, jobs []job, docs queue, failed *sync.Map) {
	defer close(docs.docs)
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
				d.s.ID = j.id
				d.prepare()
				if docs.put(ctx, d) != nil {
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

// unread is the row of a log that could not be read now (its permissions,
// say): listed, with nothing in it, and read again at the next update.
func unread(it catalog.Item) doc {
	s := Session{Path: it.Path, Agent: it.Agent, Size: it.Size, Mod: it.Mod}
	s.file = fileState{size: it.Size, mtime: it.Mod.UnixNano(), headLen: -1}
	return doc{s: s, rewrite: true}
}
