package session

// A viewer that follows a growing session takes what changed since it last
// looked rather than comparing every entry, which made reading a log of a
// million events quadratic: the Builder notes each entry it adds or
// touches, and whether it removed or moved one, after which only a look at
// every entry tells what is where.

// maxJournal is how many changes are noted between two looks; past it the
// next look is a whole one, so a journal nobody reads stays small.
const maxJournal = 1 << 16

type journal struct {
	ids   []int // entries added or touched, in order; an id repeats only when touched apart
	whole bool  // entries were removed or moved, or more changed than were noted
}

// TrackChanges makes the session note which entries change, for
// TakeChanges; a session read once needs no notes. The first look is a
// whole one.
func (b *Builder) TrackChanges() {
	if b.notes == nil {
		b.notes = &journal{whole: true}
	}
}

// TakeChanges returns the ids of the entries added or touched since it was
// last called, and whether the caller must look at every entry instead:
// entries were removed or moved, too many changed, or the session does not
// track its changes. The ids are in the order they changed; one may repeat.
// The notes are the Builder's, no part of what the session holds; a
// reader passes them on (source.Reader.TakeChanges).
func (b *Builder) TakeChanges() (ids []int, whole bool) {
	j := b.notes
	if j == nil {
		return nil, true
	}
	ids, whole = j.ids, j.whole
	j.ids, j.whole = nil, false
	if whole {
		return nil, true
	}
	return ids, false
}

// noteChange notes that the entry of id was added or touched.
func (b *Builder) noteChange(id int) {
	j := b.notes
	if j == nil || j.whole {
		return
	}
	if n := len(j.ids); n > 0 && j.ids[n-1] == id {
		return // touched again: one note
	}
	if len(j.ids) >= maxJournal {
		j.ids, j.whole = nil, true
		return
	}
	j.ids = append(j.ids, id)
}

// noteReshape notes that entries were removed or moved.
func (b *Builder) noteReshape() {
	if j := b.notes; j != nil {
		j.ids, j.whole = nil, true
	}
}
