package harness

import (
	"fmt"
	"slices"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// imageOffload is image/offload {targets:[{seq, imageIndexes}]} (the
// harness's compaction-image-offload plugin, note 2026-09-10; required on
// read, no surfaceOp): the model no longer sees the listed images. Each
// target names the user/message or tool/result event holding them, and
// each index counts that message's images depth first, nested tool results
// and images offloaded before included. The images stay in the transcript,
// each marked offloaded where it is; a target deck did not see, or an
// index that is no image of it, is a line saying so, never dropped.
func (d *Decoder) imageOffload(r *record) (session.Outcome, error) {
	var o struct {
		Targets []struct {
			Seq          jsonline.Number   `json:"seq"`
			ImageIndexes []jsonline.Number `json:"imageIndexes"`
		} `json:"targets"`
	}
	if err := decode(r, &o); err != nil {
		return 0, err
	}
	if len(o.Targets) == 0 {
		return session.AsBookkeeping, nil // it offloads nothing
	}
	var missed []string
	for _, t := range o.Targets {
		seq, ok := jsonline.Int(t.Seq)
		var indexes []int64
		for _, n := range t.ImageIndexes {
			if i, ok := jsonline.Int(n); ok && i >= 0 {
				indexes = append(indexes, i)
			}
		}
		if !ok || d.offload(d.images[seq], indexes) < len(t.ImageIndexes) {
			missed = append(missed, fmt.Sprintf("%s of event %s", indexList(t.ImageIndexes), t.Seq))
		}
	}
	if len(missed) == 0 {
		return session.AsMerge, nil // each image says so where it is
	}
	d.s.Add(&session.Event{EntryBase: d.base(r), Kind: r.Type,
		Summary: "images offloaded that deck did not find in this log: " + strings.Join(missed, ", ")})
	return session.AsEntry, nil
}

// indexList words a target's image indexes: "image 2", "images 0, 3".
func indexList(ns []jsonline.Number) string {
	var parts []string
	for _, n := range ns {
		parts = append(parts, string(n))
	}
	if len(parts) == 1 {
		return "image " + parts[0]
	}
	return "images " + strings.Join(parts, ", ")
}

// holdsImages remembers an entry whose event's message holds images, by
// the event's seq, for an image/offload to find.
func (d *Decoder) holdsImages(r *record, e session.Entry, content []session.ContentBlock) {
	seq, ok := jsonline.Int(r.Seq)
	if !ok || !hasImage(content) {
		return
	}
	if d.images == nil {
		d.images = map[int64]session.Entry{}
	}
	d.images[seq] = e
}

func hasImage(blocks []session.ContentBlock) bool {
	for _, b := range blocks {
		if b.Type == "image" || hasImage(b.Content) {
			return true
		}
	}
	return false
}

// offload marks images of an entry offloaded, on new copies of its
// blocks: a viewer may hold the old ones. It reports how many of the
// indexes it found an image at (one offloaded before counts).
func (d *Decoder) offload(e session.Entry, indexes []int64) int {
	switch x := e.(type) {
	case *session.UserMessage:
		content, found, changed := offloaded(x.Content, indexes)
		if changed {
			x.Content = content
			d.s.Touch(x)
		}
		return found
	case *session.ToolCall:
		if x.Result == nil {
			return 0
		}
		content, found, changed := offloaded(x.Result.Content, indexes)
		if changed {
			r := *x.Result
			r.Content = content
			x.Result = &r
			if v, isGeneric := x.View.(session.GenericResultView); isGeneric && len(v.Content) > 0 {
				v.Content, _, _ = offloaded(v.Content, indexes)
				x.View = v
			}
			d.s.Touch(x)
		}
		return found
	case nil, *session.AssistantText, *session.Reasoning, *session.TurnStart, *session.TurnEnd,
		*session.Plan, *session.Event, *session.Notice: // no event of the harness holds an image there
	}
	return 0
}

// offloaded is blocks with the images at indexes (depth first) marked
// offloaded, how many of the indexes are images, and whether any image
// was not marked before.
func offloaded(blocks []session.ContentBlock, indexes []int64) (out []session.ContentBlock, found int, changed bool) {
	next := int64(0)
	var visit func([]session.ContentBlock) []session.ContentBlock
	visit = func(bs []session.ContentBlock) []session.ContentBlock {
		out := slices.Clone(bs)
		for i := range out {
			switch {
			case out[i].Type == "image":
				if slices.Contains(indexes, next) {
					found++
					changed = changed || !out[i].Offloaded
					out[i].Offloaded = true
				}
				next++
			case len(out[i].Content) > 0:
				out[i].Content = visit(out[i].Content)
			}
		}
		return out
	}
	return visit(blocks), found, changed
}
