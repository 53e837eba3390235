package viewer

import (
	"context"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/live"
	"github.com/deck-tui/deck/ui/kit"
)

// liveKey takes a key of a live session before the transcript does: the
// approval or question waiting, else the prompt box when it has the keys.
// handled false leaves the key to the transcript.
func (v *Viewer) liveKey(msg tea.KeyPressMsg) (cmd tea.Cmd, handled bool) {
	l := v.live
	k := msg.String()
	if k == "ctrl+c" {
		return nil, false // quits, whatever has the keys
	}
	if len(l.approval) > 0 {
		switch k {
		case "a":
			return v.approve(l.approval[0], session.AllowedOnce), true
		case "r":
			return v.approve(l.approval[0], session.Rejected), true
		}
		return nil, !isScroll(k) // the dialog waits; the transcript still scrolls
	}
	if len(l.question) > 0 && !isScroll(k) {
		f := l.question[0]
		result, cmd := f.key(msg)
		switch result {
		case formSubmit:
			return v.answer(f), true
		case formDismissed:
			return v.dismiss(f), true
		}
		return cmd, true
	}
	switch {
	case k == "tab":
		l.typing = !l.typing
		if l.typing {
			return l.prompt.Focus(), true
		}
		l.prompt.Blur()
		return nil, true
	case k == "esc" && l.running:
		return v.cancelTurn(), true
	case !l.typing:
		if k == "i" {
			l.typing = true
			return l.prompt.Focus(), true
		}
		return nil, false
	case isScroll(k):
		return nil, false
	case k == "enter":
		return v.send("queue"), true
	case k == "ctrl+enter" || k == "ctrl+s":
		mode := "queue" // an idle session runs the prompt as its next turn
		if l.running {
			mode = "steer"
		}
		return v.send(mode), true
	case k == "up" && l.prompt.Line() == 0:
		l.recallPrompt(-1)
		return nil, true
	case k == "down" && l.prompt.Line() == l.prompt.LineCount()-1 && l.recall < len(l.sent):
		l.recallPrompt(1)
		return nil, true
	}
	var c tea.Cmd
	l.prompt, c = l.prompt.Update(msg)
	return c, true
}

// isScroll reports the keys that scroll the transcript whoever has the
// keys.
func isScroll(k string) bool {
	switch k {
	case "pgup", "pgdown", "ctrl+u", "ctrl+d", "ctrl+home", "ctrl+end":
		return true
	}
	return false
}

// recallPrompt shows an earlier (dir -1) or later (dir 1) prompt in the box;
// past the last, what was being typed.
func (l *liveState) recallPrompt(dir int) {
	if l.recall == len(l.sent) {
		l.draft = l.prompt.Value()
	}
	l.recall = min(max(l.recall+dir, 0), len(l.sent))
	if l.recall == len(l.sent) {
		l.prompt.SetValue(l.draft)
		return
	}
	l.prompt.SetValue(l.sent[l.recall])
}

// send posts the prompt box's text: queued for the next turn, or steering
// the running one.
func (v *Viewer) send(mode string) tea.Cmd {
	l := v.live
	text := strings.TrimSpace(l.prompt.Value())
	if text == "" {
		return nil // the host would start an empty turn
	}
	l.sent = append(l.sent, text)
	l.recall, l.draft = len(l.sent), ""
	l.prompt.Reset()
	v.pinned, v.follow = true, true
	c, id := l.client, l.sessionID
	return kit.Call(func(ctx context.Context) promptSentMsg { return promptSentMsg{c.Prompt(ctx, id, mode, text)} })
}

func (v *Viewer) cancelTurn() tea.Cmd {
	c, id := v.live.client, v.live.sessionID
	v.flash = "cancelling…"
	return kit.Call(func(ctx context.Context) cancelSentMsg { return cancelSentMsg{c.Cancel(ctx, id)} })
}

// approve answers the approval asked; the dialog closes when the host says
// it is settled (approval/resolved), whoever answered.
func (v *Viewer) approve(a live.ApprovalRequest, outcome session.ApprovalOutcome) tea.Cmd {
	c := v.live.client
	v.flash = "sending " + strings.ReplaceAll(string(outcome), "-", " ") + "…"
	return kit.Call(func(ctx context.Context) answerSentMsg {
		r, err := c.Approve(ctx, a, outcome)
		return answerSentMsg{r, err}
	})
}

func (v *Viewer) answer(f *questionForm) tea.Cmd {
	c, req, answers := v.live.client, f.req, f.answers()
	v.flash = "sending the answer…"
	return kit.Call(func(ctx context.Context) answerSentMsg {
		r, err := c.Answer(ctx, req, answers)
		return answerSentMsg{r, err}
	})
}

func (v *Viewer) dismiss(f *questionForm) tea.Cmd {
	c, req := v.live.client, f.req
	v.flash = "declining the question…"
	return kit.Call(func(ctx context.Context) answerSentMsg {
		r, err := c.Dismiss(ctx, req)
		return answerSentMsg{r, err}
	})
}

// loadOlder fetches the page before the first event, once at a time, when
// the view reaches the top of what it holds.
func (v *Viewer) loadOlder() tea.Cmd {
	l := v.live
	if l == nil || l.older || v.top != (pos{}) || !v.src.live.watch.HasOlder() {
		return nil
	}
	l.older = true
	v.flash = "loading older events…"
	w := v.src.live.watch
	return kit.Call(func(ctx context.Context) olderPageMsg { return olderPageMsg{w.LoadOlder(ctx)} })
}

// liveResult takes the outcome of a call to the host.
func (v *Viewer) liveResult(msg tea.Msg) {
	switch msg := msg.(type) {
	case promptSentMsg:
		if msg.err != nil {
			v.flash = "not sent: " + kit.OneLine(msg.err.Error())
		}
	case cancelSentMsg:
		v.flash = "" // the turn's end card says it was cancelled
		if msg.err != nil {
			v.flash = "not cancelled: " + kit.OneLine(msg.err.Error())
		}
	case answerSentMsg:
		switch {
		case msg.err != nil:
			v.flash = "not sent: " + kit.OneLine(msg.err.Error())
		case !msg.receipt.Accepted && msg.receipt.Reason == "not-pending":
			v.flash = "it was already answered"
		case !msg.receipt.Accepted:
			v.flash = "the host refused the answer (" + kit.OneLine(msg.receipt.Reason) + ")"
		default:
			v.flash = ""
		}
	case olderPageMsg:
		v.live.older = false
		v.flash = ""
		if msg.err != nil {
			v.flash = "older events: " + kit.OneLine(msg.err.Error())
		}
	}
}
