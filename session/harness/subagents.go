package harness

import (
	"cmp"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// localModes are the subagent/catalog modes of a child with a session of
// its own beside the parent's (payload versions 0 and 1; unknown: a child
// whose descriptor the migration could not read).
var localModes = map[string]bool{"one-shot": true, "continuable": true, "unknown": true}

// subagentCatalog is subagent/catalog, the parent's record of a child it
// made (persistence change 2026-09-19): {version, childId, childCreatedAt,
// mode, label?}. Every child is kept in the session's catalog
// (Session.Subagents), which the header card shows. A local child has a session of its own, where its work
// is, and a subagent call that shows it: the record is bookkeeping. An
// external one (payload version 2, mode external, 0.2 on) ran elsewhere
// and has no session here, and nothing else in the log shows it: a line
// says so. So does a mode deck does not know, never dropped.
func (d *Decoder) subagentCatalog(r *record) (session.Outcome, error) {
	var c struct {
		ChildID        string          `json:"childId"`
		ChildCreatedAt jsonline.Number `json:"childCreatedAt"`
		Mode           string          `json:"mode"`
		Label          string          `json:"label"`
	}
	if err := decode(r, &c); err != nil {
		return 0, err
	}
	d.s.AddSubagent(session.Subagent{ID: c.ChildID, Label: strings.TrimSpace(c.Label), Mode: c.Mode, CreatedAt: jsonline.Num(c.ChildCreatedAt)})
	if localModes[c.Mode] {
		return session.AsBookkeeping, nil
	}
	who := c.ChildID
	if label := strings.TrimSpace(c.Label); label != "" {
		who = label + " (" + c.ChildID + ")"
	}
	summary := "external subagent " + who + ": it ran elsewhere, with no session here to open"
	if c.Mode != "external" {
		summary = "subagent " + who + " of a mode deck does not know: " + cmp.Or(c.Mode, "none given")
	}
	d.s.Add(&session.Event{EntryBase: d.base(r), Kind: r.Type, Summary: summary})
	return session.AsEntry, nil
}
