package viewer

import (
	"context"
	"sync"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
)

// replyRows keeps the plain rows of the replies a search has drawn, for
// the options they were drawn with. A reply is Markdown, which glamour lays
// out slowly: most of a search's time in a long session went there, for
// rows that are few (370 KB at 100 MB). Kept, the next search (the next
// keystroke) counts them at once. Other options (a new width, theme or
// wrap) start it again; past maxReplyBytes it starts again too, so it
// holds no more.
type replyRows struct {
	mu    sync.Mutex
	o     cards.Options
	kept  map[*session.AssistantText]keptReply
	bytes int
}

// keptReply is a reply's rows and the reply they were drawn from.
type keptReply struct {
	from session.AssistantText
	rows []string
}

const maxReplyBytes = 16 << 20

// drawReply draws a reply; a variable so a test can hold a drawing.
var drawReply = func(e *session.AssistantText, o cards.Options) []string { return cards.Render(e, o) }

func newReplyRows() *replyRows { return &replyRows{kept: map[*session.AssistantText]keptReply{}} }

// rowsOf is a reply's plain rows drawn with o: kept, or drawn now and
// kept. A cancelled search does not wait for a drawing (one reply can take
// tens of milliseconds): ok is false, and the drawing, finished in the
// background, is kept for the next search.
func (c *replyRows) rowsOf(ctx context.Context, e *session.AssistantText, o cards.Options) (rows []string, ok bool) {
	if rows, ok := c.get(e, o); ok {
		return rows, true
	}
	from := *e
	drawn := make(chan []string, 1)
	go func() {
		rows := drawReply(&from, o)
		c.put(e, from, o, rows)
		drawn <- rows
	}()
	select {
	case rows := <-drawn:
		return rows, true
	case <-ctx.Done():
		return nil, false
	}
}

func (c *replyRows) get(e *session.AssistantText, o cards.Options) ([]string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	k, ok := c.kept[e]
	if !ok || c.o != o || k.from != *e {
		return nil, false
	}
	return k.rows, true
}

func (c *replyRows) put(e *session.AssistantText, from session.AssistantText, o cards.Options, rows []string) {
	size := 0
	for _, r := range rows {
		size += len(r) + 16
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.o != o || c.bytes+size > maxReplyBytes {
		c.o, c.kept, c.bytes = o, map[*session.AssistantText]keptReply{}, 0
	}
	if size <= maxReplyBytes {
		c.kept[e] = keptReply{from, rows}
		c.bytes += size
	}
}
