package acp

import (
	"sort"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/present"
)

// diffs is an edit call's change, one FileDiff per hunk: from Codex's
// rawInput.changes when it has them (a unified diff per file, whose hunk
// headers say where each hunk starts), else from the ACP diff content (whole
// texts, diffed here), else from the input of Claude Code's Edit or Write.
// starts is nil unless the diffs themselves tell it.
func (c *call) diffs() ([]session.FileDiff, []int) {
	if !c.diffsMade {
		c.diffList, c.diffStarts = c.makeDiffs()
		c.diffsMade = true
	}
	return c.diffList, c.diffStarts
}

func (c *call) makeDiffs() (diffs []session.FileDiff, starts []int) {
	if changes, ok := c.input["changes"].(map[string]any); ok && len(changes) > 0 {
		return changeDiffs(changes)
	}
	for _, x := range c.content {
		if x.diff != nil {
			d, _ := present.TextHunks(x.diff.Path, x.diff.OldText, x.diff.NewText)
			diffs = append(diffs, d...)
		}
	}
	if len(diffs) > 0 {
		return diffs, nil
	}
	file := str(c.input, "file_path")
	switch {
	case file == "":
	case c.input["new_string"] != nil:
		old := str(c.input, "old_string")
		var oldp *string
		if old != "" {
			oldp = &old
		}
		d, _ := present.TextHunks(file, oldp, str(c.input, "new_string"))
		return d, nil
	case c.input["content"] != nil:
		return []session.FileDiff{{Path: file, NewText: str(c.input, "content")}}, nil
	}
	return nil, nil
}

// changeDiffs reads Codex's changes: path → {add|update|delete: {…}}, the
// update with its unified_diff.
func changeDiffs(changes map[string]any) ([]session.FileDiff, []int) {
	paths := make([]string, 0, len(changes))
	for p := range changes {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	var diffs []session.FileDiff
	var starts []int
	for _, p := range paths {
		ch, _ := changes[p].(map[string]any)
		op := ""
		if len(ch) == 1 {
			for k, inner := range ch {
				if m, ok := inner.(map[string]any); ok {
					op, ch = k, m
				}
			}
		}
		switch ud := str(ch, "unified_diff"); {
		case ud != "":
			d, s := present.UnifiedHunks(p, ud)
			diffs, starts = append(diffs, d...), append(starts, s...)
		case op == "delete":
			old := orElse(str(ch, "content"), str(ch, "old_content"))
			diffs, starts = append(diffs, session.FileDiff{Path: p, OldText: &old}), append(starts, 1)
		default:
			text := orElse(str(ch, "content"), str(ch, "new_content"))
			diffs, starts = append(diffs, session.FileDiff{Path: p, NewText: text}), append(starts, 1)
		}
	}
	return diffs, starts
}

// track numbers an edit's hunks from what earlier reads showed of its file
// (or from its own hunk headers), applies a finished edit to that picture
// once, and remembers what a read showed.
func (d *Decoder) track(c *call) {
	t := c.entry
	t.DiffStarts = nil
	switch v := t.View.(type) {
	case session.ReadResultView:
		d.files.Read(v)
	case session.DiffResultView:
		if !c.applied {
			_, starts := c.diffs()
			if starts == nil {
				starts = d.files.Number(v.Diffs)
			}
			d.files.Apply(v.Diffs, starts)
			c.applied, c.starts = true, starts
		}
		t.DiffStarts = c.starts
	case nil:
		if v, ok := t.Call.(session.DiffCallView); ok {
			if _, starts := c.diffs(); starts != nil {
				t.DiffStarts = starts
			} else {
				t.DiffStarts = d.files.Number(v.Diffs)
			}
		}
	default: // other results say nothing of a file's lines
	}
}
