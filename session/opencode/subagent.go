package opencode

import (
	"regexp"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// taskID finds the subagent's session in the text a task call gave the
// model, when its metadata does not name it.
var taskID = regexp.MustCompile(`(?:task_id: |<task id=")(ses_[A-Za-z0-9_]+)`)

// nest reads the session a task call ran (metadata.sessionId) into its
// card.
func (d *decoder) nest(c *session.ToolCall, meta map[string]any, out string) {
	if d.child == nil || d.depth >= maxDepth {
		return
	}
	id := jsonline.Str(meta, "sessionId")
	if id == "" {
		if m := taskID.FindStringSubmatch(out); m != nil {
			id = m[1]
		}
	}
	if id == "" {
		return
	}
	recs := d.child(id)
	if len(recs) == 0 {
		return
	}
	b := session.NewBuilder()
	sub := &decoder{s: b, files: d.files.Clone(), child: d.child, depth: d.depth + 1, whole: map[string]string{}}
	sub.decode(recs)
	sub.endLast()
	b.Finish()
	c.Nested = b.Entries
	d.s.CountUsage(b.Usage)
}
