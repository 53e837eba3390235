package session

import "slices"

// Subagent is a child session the session made, as its subagent/catalog
// record says (its id, label, mode and start), and, when deck found the
// child's own log and read it, what that log says (Log).
type Subagent struct {
	ID, Label, Mode string
	CreatedAt       int64
	Log             *SubagentLog // nil while its log was not found or not read
}

// External reports a child that ran elsewhere, with no session of its own
// beside the parent's (subagent/catalog payload version 2).
func (a Subagent) External() bool { return a.Mode == "external" }

// SubagentLog is what a child's own log says of it, as the harness's web
// client shows each child of its catalog: whether its last turn still
// runs (has no end), or ended completed; every token its model reported;
// how long its turns took (the one still running up to its latest work).
type SubagentLog struct {
	Running, Completed bool
	Tokens             int64
	Duration           int64 // ms
}

// AddSubagent records a child of the catalog; a record of a child already
// there replaces it, keeping what its log said. The catalog is replaced,
// never changed in place: a reader may hold the one it took.
func (b *Builder) AddSubagent(a Subagent) {
	all := slices.Clone(b.Subagents)
	if i := slices.IndexFunc(all, func(had Subagent) bool { return had.ID == a.ID }); i >= 0 {
		if a.Log == nil {
			a.Log = all[i].Log
		}
		all[i] = a
	} else {
		all = append(all, a)
	}
	b.Subagents = all
	b.Rev++
}

// SetSubagentLog records what the child's own log says.
func (b *Builder) SetSubagentLog(id string, l SubagentLog) {
	all := slices.Clone(b.Subagents)
	for i := range all {
		if all[i].ID == id {
			all[i].Log = &l
		}
	}
	b.Subagents = all
	b.Rev++
}
