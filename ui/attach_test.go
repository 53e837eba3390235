package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/live"
	"github.com/deck-tui/deck/session/live/livetest"
)

// attachProtocol is the protocol attach's fake host speaks.
var attachProtocol = livetest.RC8

// attachTo starts deck on a fake host replaying a recorded scenario, as
// `deck attach URL` does.
func attachTo(t *testing.T, s livetest.Scenario) (*term, *livetest.Host) {
	t.Helper()
	h := livetest.Start(t, attachProtocol, s)
	c, err := live.New(h.URL(), live.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return start(t, Options{Host: c}, 120, 40), h
}

// quitLive quits with ctrl+c: in a host session, q is a letter of a prompt.
func quitLive(x *term) {
	x.tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	x.tm.WaitFinished(x.t, teatest.WithFinalTimeout(5*time.Second))
}

// newSessionAndPrompt starts a session in the host's directory from the
// picker and sends a prompt from the prompt box.
func newSessionAndPrompt(x *term, h *livetest.Host, prompt string) {
	x.waitFor("the host has no sessions yet: n starts one")
	x.keys("n")
	if attachProtocol == livetest.V02 { // a 0.2 host does not say its folder: one names it (empty: the host's own)
		x.waitFor("new session in:")
		x.typeText("/srv/dsh/work")
	}
	x.waitFor("new session in: /srv/dsh/work")
	x.keys("enter")
	h.Wait(livetest.AwaitingPrompt)
	x.waitFor("● live", "enter send")
	x.typeText(prompt)
	x.keys("enter")
}

// A person starts a session on the host, prompts it, and watches the turn
// stream in: a read, then a shell command, then the turn's end.
func TestAttachCreatePromptAndWatch(t *testing.T) {
	x, h := attachTo(t, livetest.Plain)
	newSessionAndPrompt(x, h, "Please read hello.txt and then run a bash command.")
	h.Wait(livetest.Finished)
	x.waitFor("› Please read hello.txt and then run a bash command.", "✓ Read hello.txt", "Hello from the probe workspace.", "turn 1 done")
	prompts := h.Calls("session.prompt")
	if len(prompts) != 1 || !strings.Contains(string(prompts[0].Payload), `"mode":"queue"`) {
		t.Errorf("prompts sent: %v", prompts)
	}
	quitLive(x)
}

// An approval opens a dialog with the call's card; a allows it once, the
// dialog closes, and the card records the answer.
func TestAttachApprovalAllowed(t *testing.T) {
	x, h := attachTo(t, livetest.Approval)
	newSessionAndPrompt(x, h, "ESCALATE: Please read hello.txt and then run a bash command that needs approval.")
	h.Wait(livetest.AwaitingApproval)
	x.waitFor("bash asks for approval", "a allow once · r reject", "1 waiting for you")
	x.keys("a")
	h.Wait(livetest.Finished)
	s := x.waitFor("· allowed once", "turn 1 done")
	if strings.Contains(s, "asks for approval") {
		t.Errorf("the dialog stayed open:\n%s", s)
	}
	if r := h.Calls("respond"); len(r) != 1 || !strings.Contains(string(r[0].Payload), `allowed-once`) {
		t.Errorf("answers sent: %v", r)
	}
	quitLive(x)
}

// r rejects; the turn goes on, and the card says the call was rejected.
func TestAttachApprovalRejected(t *testing.T) {
	x, h := attachTo(t, livetest.Reject)
	newSessionAndPrompt(x, h, "ESCALATE: Please read hello.txt and then run a bash command (approval gets rejected).")
	h.Wait(livetest.AwaitingApproval)
	x.waitFor("bash asks for approval")
	x.keys("r")
	h.Wait(livetest.Finished)
	x.waitFor("· rejected", "turn 1 done")
	if r := h.Calls("respond"); len(r) != 1 || !strings.Contains(string(r[0].Payload), `rejected`) {
		t.Errorf("answers sent: %v", r)
	}
	quitLive(x)
}

// A question opens a form; enter takes the option under the cursor and
// sends; the card shows the question and its answer.
func TestAttachQuestionAnswered(t *testing.T) {
	x, h := attachTo(t, livetest.Question)
	newSessionAndPrompt(x, h, "ASK me which path to take.")
	h.Wait(livetest.AwaitingAnswer)
	x.waitFor("? Mode · Which path?", "○ Safe — guarded", "○ Fast — short", "your own answer")
	x.keys("enter")
	h.Wait(livetest.Finished)
	x.waitFor("✓ Ask: Which path?", "• Which path? Safe", "turn 1 done")
	if r := h.Calls("respond"); len(r) != 1 || !strings.Contains(string(r[0].Payload), `"selected":["Safe"]`) {
		t.Errorf("answers sent: %v", r)
	}
	quitLive(x)
}

// esc cancels the running turn; its end says so.
func TestAttachCancel(t *testing.T) {
	x, h := attachTo(t, livetest.Cancel)
	newSessionAndPrompt(x, h, "SLOW: stream for a long time so I can cancel.")
	h.Wait(livetest.AwaitingCancel)
	x.waitFor("working", "esc cancel")
	x.keys("esc")
	h.Wait(livetest.Finished)
	x.waitFor("turn 1 cancelled by user")
	if len(h.Calls("session.cancel")) != 1 {
		t.Errorf("cancels sent: %v", h.Calls("session.cancel"))
	}
	quitLive(x)
}

// A dropped connection while an approval waits: deck says it is
// reconnecting, comes back, and the approval is still there to answer,
// once.
func TestAttachReconnectMidApproval(t *testing.T) {
	x, h := attachTo(t, livetest.Reconnect)
	x.waitFor("Scripted probe session") // a session already attached on the host
	x.keys("n")
	x.keys("enter")
	h.Wait(livetest.AwaitingPrompt)
	x.waitFor("● live")
	x.typeText("ESCALATE: Please read hello.txt and then run a bash command that needs approval.")
	x.keys("enter")
	h.Wait(livetest.AwaitingApproval)
	x.waitFor("bash asks for approval")
	h.DropConnections()
	x.waitFor("reconnecting in")
	x.waitFor("● live", "bash asks for approval")
	x.keys("a")
	h.Wait(livetest.Finished)
	x.waitFor("· allowed once", "turn 1 done")
	if r := h.Calls("respond"); len(r) != 1 {
		t.Errorf("answers sent: %v", r)
	}
	quitLive(x)
}

// A host that is not there is said so before the screen is taken.
func TestAttachHostDown(t *testing.T) {
	h := livetest.New(t, livetest.Plain)
	h.Down()
	c, err := live.New(h.URL(), live.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = newApp(Options{Host: c})
	if err == nil || !strings.Contains(err.Error(), h.URL()) {
		t.Fatalf("attaching to a host that is down: %v", err)
	}
}

// An approval answered elsewhere (the web client) closes deck's dialog.
func TestAttachApprovalAnsweredElsewhere(t *testing.T) {
	x, h := attachTo(t, livetest.Approval)
	newSessionAndPrompt(x, h, "ESCALATE: Please read hello.txt and then run a bash command that needs approval.")
	h.Wait(livetest.AwaitingApproval)
	x.waitFor("bash asks for approval")
	other, err := live.New(h.URL(), live.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := other.Watch(ctx, h.SessionID())
	for u := range w.Updates() {
		if a, ok := u.(live.ApprovalAsked); ok {
			if _, err := other.Approve(ctx, a.Request, session.AllowedOnce); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	h.Wait(livetest.Finished)
	x.waitUntil("the dialog closed", func(s string) bool {
		return !strings.Contains(s, "asks for approval") && strings.Contains(s, "turn 1 done")
	})
	quitLive(x)
}

// A restarted host's sessions are cold: the picker lists them with their
// titles; one opens with its history, and a prompt resumes it.
func TestAttachOpensAColdSessionWithItsHistory(t *testing.T) {
	x, h := attachTo(t, livetest.Resume)
	x.waitFor("Scripted probe session", "5 sessions")
	x.keys("/")
	x.typeText(h.SessionID()) // the filter takes a session's id too
	x.keys("enter", "enter")
	x.waitFor("✓ Read hello.txt", "turn 1 done")
	x.typeText("Please read hello.txt and then run a bash command again.")
	x.keys("enter")
	h.Wait(livetest.Finished)
	x.waitFor("turn 2 done")
	quitLive(x)
}

// The host's queue shows above the prompt box, as its snapshots say.
func TestAttachShowsTheQueue(t *testing.T) {
	x, h := attachTo(t, livetest.Plain)
	x.waitFor("n starts one")
	x.keys("n", "enter")
	h.Wait(livetest.AwaitingPrompt)
	x.waitFor("● live")
	item := map[string]any{"id": "m1", "placement": "queued", "message": map[string]any{"id": "m1", "role": "user",
		"source": map[string]any{"kind": "user"}, "content": []any{map[string]any{"type": "text", "text": "later, please"}}}}
	h.Send(map[string]any{"type": "session/queue", "sessionId": h.SessionID(), "items": []any{item}})
	x.waitFor("⋯ queued: later, please")
	h.Send(map[string]any{"type": "session/queue", "sessionId": h.SessionID(), "items": []any{}})
	x.waitUntil("the queue emptied", func(s string) bool { return !strings.Contains(s, "later, please") })
	quitLive(x)
}

// Frames a newer host sends that deck does not use are ignored and counted
// in the status bar, never an error.
func TestUnknownHostFramesAreCounted(t *testing.T) {
	x, h := attachTo(t, livetest.Plain)
	newSessionAndPrompt(x, h, "Please read hello.txt and then run a bash command.")
	h.Wait(livetest.Finished)
	x.waitFor("turn 1 done")
	h.Send(map[string]any{"type": "desktop/status", "ready": true})
	h.Send(map[string]any{"type": "session/future-thing", "sessionId": h.SessionID()})
	h.Send(livetest.Raw(`{"type":"server-notification","method":"session/event","payload":{"sessionId":"` + h.SessionID() + `"}}`))
	h.Send(livetest.Raw(`{"type":"server-request","rpcId":"r","method":"session/jobs","payload":{"sessionId":"` + h.SessionID() + `"}}`))
	x.waitFor("4 frames ignored")
	if s := x.screen(); strings.Contains(s, "error") {
		t.Errorf("an ignored frame shows as an error:\n%s", s)
	}
	quitLive(x)
}
