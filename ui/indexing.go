package ui

import (
	"context"
	"sync"

	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/index"
)

// updating is the index being brought up to the logs on disk, in the
// background, from the picker's start: the picker shows the rows it
// knows at once, and the content search searches what it holds already.
type updating struct {
	cancel context.CancelFunc
	listed chan []catalog.Item // the logs as found on disk, when the picker's first frame was the index's rows

	progress chan index.Progress // the latest only: a slow screen skips some
	done     chan error
	wg       sync.WaitGroup
}

// listedMsg brings the logs as found on disk (Index.Listed), for the
// picker drawn from the index's rows.
type listedMsg struct{ sessions []catalog.Item }

// progressMsg is how far the update is.
type progressMsg struct{ p index.Progress }

// updatedMsg says the update ended: the content search's query is
// searched again, now over every log.
type updatedMsg struct{ err error }

// startUpdate brings the index up to the logs under roots in the
// background; first, when list says so, it lists them as the picker shows
// them (Index.Listed), for a picker drawn from the index's rows.
func startUpdate(ix *index.Index, roots []catalog.Root, list bool) *updating {
	ctx, cancel := context.WithCancel(context.Background())
	u := &updating{cancel: cancel, listed: make(chan []catalog.Item), progress: make(chan index.Progress, 1), done: make(chan error, 1)}
	u.wg.Add(1)
	go func() {
		defer u.wg.Done()
		if list {
			select { // taken before any progress, so never lost behind the update's end
			case u.listed <- ix.Listed(ctx, roots):
			case <-ctx.Done():
				u.done <- ctx.Err()
				return
			}
		}
		_, err := ix.Update(ctx, roots, func(p index.Progress) {
			select { // replace what the screen has not taken yet
			case <-u.progress:
			default:
			}
			u.progress <- p
		})
		u.done <- err
	}()
	return u
}

// next waits for the update's next word.
func (u *updating) next() tea.Cmd {
	return func() tea.Msg {
		select {
		case l := <-u.listed:
			return listedMsg{l}
		case err := <-u.done:
			return updatedMsg{err}
		case p := <-u.progress:
			return progressMsg{p}
		}
	}
}

// stop cancels the update and waits for it to end, so the index can be
// closed.
func (u *updating) stop() {
	if u != nil {
		u.cancel()
		u.wg.Wait()
	}
}
