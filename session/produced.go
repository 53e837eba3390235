package session

// Produced is the files a call wrote or edited, by what its card shows
// (its render intent, as the harness's web client tells a mutation): the
// files of its diffs (its result's, else its call's), or of a generic card
// of the edit kind (an insert). Only a call that finished well produced
// anything: a failed, stopped or pending change produced nothing, and a
// read or a deletion leaves nothing to open.
func (c *ToolCall) Produced() []string {
	if c.Status() != CallDone {
		return nil
	}
	var diffs []FileDiff
	switch v := c.View.(type) {
	case DiffResultView:
		diffs = v.Diffs
	default:
		switch call := c.Call.(type) {
		case DiffCallView:
			diffs = call.Diffs
		case GenericCallView:
			if call.Kind != "edit" {
				return nil
			}
			var paths []string
			for _, l := range call.Locations {
				paths = append(paths, l.Path)
			}
			return paths
		default: // a command: what it wrote, its card does not say
		}
	}
	var paths []string
	for _, d := range diffs {
		paths = append(paths, d.Path)
	}
	return paths
}

// producedSince is the files the calls since the last turn's start (or
// end) produced, each once, in the order they were first produced: what
// the turn ending now leaves behind. The calls of a subagent, nested in
// one of the turn's, are its own.
func (b *Builder) producedSince() []string {
	var calls []*ToolCall
	bounded := false
walk:
	for i := len(b.Entries) - 1; i >= 0; i-- {
		switch e := b.Entries[i].(type) {
		case *TurnStart, *TurnEnd:
			bounded = true
			break walk
		case *ToolCall:
			calls = append(calls, e)
		default: // messages, replies, plans, events, notices produce no file
		}
	}
	if !bounded {
		b.tookAny() // the turn may have begun among the entries taken
	}
	var out []string
	seen := map[string]bool{}
	for i := len(calls) - 1; i >= 0; i-- {
		for _, p := range calls[i].Produced() {
			if p != "" && !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	return out
}
