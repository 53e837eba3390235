package live

import (
	"maps"
	"testing"

	"github.com/deck-tui/deck/session/live/livetest"
)

// Frames of types deck has no use for, a newer host's (desktop/status) and
// the host stream's it does not act on, are skipped with a count by type,
// never a problem; the turn goes on.
func TestFramesDeckDoesNotKnowAreCountedNotErrors(t *testing.T) {
	h := livetest.New(t, livetest.Plain)
	c, ctx, s := started(t, h)
	id := h.SessionID()
	h.Send(map[string]any{"type": "desktop/status", "ready": true})
	h.Send(map[string]any{"type": "session/future-thing", "sessionId": id, "anything": []int{1, 2}})
	h.Send(map[string]any{"type": "session/future-thing", "sessionId": id})
	prompt(t, ctx, c, id)
	s.until("the turn's end", s.turnEnded)
	s.contiguous(0, 83)
	if len(s.problems) > 0 {
		t.Errorf("problems: %q", s.problems)
	}
	got := s.w.Ignored()
	if got["desktop/status"] != 1 || got["session/future-thing"] != 2 {
		t.Errorf("ignored %v", got)
	}
	for typ := range maps.Keys(got) {
		if usedFrames[typ] {
			t.Errorf("a frame deck uses, %s, counted as ignored", typ)
		}
	}
}
