package harness

import (
	"fmt"

	"github.com/deck-tui/deck/session"
)

// workingDirectory is working-directory/change {cwd} (persistence change
// 2026-09-13, shipped in 0.2.1-alpha.2, still v4): the session moved to
// another folder. The harness requires a reader to know it (an older one
// refuses the log), since every relative path after it is taken from the
// new folder: a line says where it moved, the calls after it are drawn
// relative to it, and reads resolve in it.
func (d *Decoder) workingDirectory(r *record) (session.Outcome, error) {
	var w struct {
		Cwd *string `json:"cwd"`
	}
	if err := decode(r, &w); err != nil {
		return 0, err
	}
	if w.Cwd == nil || *w.Cwd == "" {
		return 0, fmt.Errorf("`%s` event names no cwd", r.Type)
	}
	d.cwd = *w.Cwd
	d.files.Cwd = d.cwd
	d.s.Cwd = d.callCwd()
	d.s.Add(&session.Event{EntryBase: d.base(r), Kind: r.Type, Summary: "working directory moved to " + d.cwd + ": the paths after this are from there"})
	return session.AsEntry, nil
}

// callCwd is the folder a call made now runs in, when the log moved the
// session away from its header's; "" for the header's own.
func (d *Decoder) callCwd() string {
	if d.cwd == d.s.Header.Cwd {
		return ""
	}
	return d.cwd
}
