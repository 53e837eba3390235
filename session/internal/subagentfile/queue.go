package subagentfile

// Queue is what a decoder keeps of the subagents' files it leaves to its
// user. A decoder embeds it: its Defer and TakeFiles are the decoder's.
type Queue struct {
	deferred bool
	wanted   []Later
}

// Defer leaves the subagents' files to the decoder's user (TakeFiles),
// rather than reading each when its call is read.
func (q *Queue) Defer() { q.deferred = true }

// Leave keeps f for the decoder's user when the decoder defers, and says
// so; otherwise the decoder reads it at once.
func (q *Queue) Leave(f Later) bool {
	if q.deferred {
		q.wanted = append(q.wanted, f)
	}
	return q.deferred
}

// TakeFiles returns the subagents' files left since it was last called,
// for the user of a deferring decoder to Read and Show.
func (q *Queue) TakeFiles() []Later {
	out := q.wanted
	q.wanted = nil
	return out
}
