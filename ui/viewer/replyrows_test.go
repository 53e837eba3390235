package viewer

import (
	"context"
	"reflect"
	"runtime"
	"testing"
	"time"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// A cancelled search does not wait for a reply being drawn (glamour can
// take tens of milliseconds over one): the worker returns at once, and
// the drawing, finished in the background, is kept for the next search.
func TestACancelledSearchLeavesAReplyBeingDrawn(t *testing.T) {
	held, release := make(chan struct{}), make(chan struct{})
	draw := drawReply
	drawReply = func(e *session.AssistantText, o cards.Options) []string {
		close(held)
		<-release
		return draw(e, o)
	}
	defer func() { drawReply = draw }()
	replies := newReplyRows()
	reply := &session.AssistantText{Text: "a *reply* to find"}
	o := cards.Options{Width: 40, Theme: theme.Dark(), Plain: true}
	ctx, cancel := context.WithCancel(context.Background())
	got := make(chan bool)
	go func() {
		_, ok := replies.rowsOf(ctx, reply, o)
		got <- ok
	}()
	<-held
	cancel()
	select {
	case ok := <-got:
		if ok {
			t.Fatal("a cancelled search took a reply's rows")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the cancelled search waited for the reply's drawing")
	}
	close(release)
	drawReply = draw
	for { // the drawing lands in the background
		if rows, ok := replies.get(reply, o); ok {
			if want := cards.Render(reply, o); !reflect.DeepEqual(rows, want) {
				t.Fatalf("kept %q, the reply draws %q", rows, want)
			}
			break
		}
		runtime.Gosched()
	}
}

// Kept rows are for the options and the reply they were drawn from: a new
// width or a changed reply draws again.
func TestKeptRepliesAreForTheirOptionsAndText(t *testing.T) {
	replies := newReplyRows()
	reply := &session.AssistantText{Text: "one"}
	o := cards.Options{Width: 40, Theme: theme.Dark(), Plain: true}
	if _, ok := replies.rowsOf(context.Background(), reply, o); !ok {
		t.Fatal("not drawn")
	}
	if _, ok := replies.get(reply, o); !ok {
		t.Fatal("not kept")
	}
	wider := o
	wider.Width = 60
	if _, ok := replies.get(reply, wider); ok {
		t.Error("rows kept at width 40 were taken at 60")
	}
	changed := *reply
	changed.Text = "two"
	*reply = changed
	if _, ok := replies.get(reply, o); ok {
		t.Error("the rows of a changed reply were taken")
	}
}
