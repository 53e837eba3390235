package live

import (
	"context"
	"errors"
	"sync"

	"github.com/deck-tui/deck/session/live/remote"
)

// answerer is what a Watch on a 0.2 host needs to answer the host's
// waterfalls (an approval, a question), from any goroutine: the client id
// of the link's generation, which every answer names, and the waterfalls
// still waiting. The host asks a waterfall again of a new generation, under
// the same event id, until one is answered: across a reconnect an answer
// waits for the next generation, and goes under its id.
type answerer struct {
	mu      sync.Mutex
	client  string            // the generation's client id; "" while there is none
	ready   chan struct{}     // closed while client is set
	pending map[string]bool   // event ids asked and not settled
	giving  map[string]string // event ids deck is answering: the outcome it sent
}

func newAnswerer() *answerer {
	return &answerer{ready: make(chan struct{}), pending: map[string]bool{}, giving: map[string]string{}}
}

// up takes a new generation's client id (its ready item).
func (a *answerer) up(client string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.client == "" {
		close(a.ready)
	}
	a.client = client
}

// down forgets the generation: its link is gone.
func (a *answerer) down() {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.client != "" {
		a.client = ""
		a.ready = make(chan struct{})
	}
}

func (a *answerer) current() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.client
}

func (a *answerer) ask(eventID string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.pending[eventID] = true
}

func (a *answerer) settle(eventID string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	delete(a.pending, eventID)
	delete(a.giving, eventID)
}

// give notes the outcome deck is sending for eventID ("" when the host did
// not take it): the host may end the turn before its answer to deck's
// call arrives, and that turn's end must not settle it as unavailable.
func (a *answerer) give(eventID, outcome string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if outcome == "" {
		delete(a.giving, eventID)
		return
	}
	a.giving[eventID] = outcome
}

// given is the outcome deck sent for eventID, "" if none.
func (a *answerer) given(eventID string) string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.giving[eventID]
}

// wait gives the client id to answer eventID under, once a generation is
// up; pending false when the waterfall is settled already.
func (a *answerer) wait(ctx context.Context, done <-chan struct{}, eventID string) (client string, pending bool, err error) {
	for {
		a.mu.Lock()
		client, pending, ready := a.client, a.pending[eventID], a.ready
		a.mu.Unlock()
		if !pending || client != "" {
			return client, pending, nil
		}
		select {
		case <-ready:
		case <-ctx.Done():
			return "", true, ctx.Err()
		case <-done:
			return "", true, errEnded
		}
	}
}

// answered tells a Watch's loop that deck answered a waterfall: the host
// sends the winner no withdrawal, so the loop settles it.
type answered struct {
	eventID string
	outcome string // an approval's outcome; "answered" or "cancelled" for a question
}

// answer sends deck's answer to one of the waterfalls this Watch announced
// ($events/result), and settles it once the host took it. One settled
// already is not sent: the Receipt says not-pending.
func (w *Watch) answer(ctx context.Context, eventID string, o remote.Outcome, settled string) (Receipt, error) {
	client, pending, err := w.answers.wait(ctx, w.done, eventID)
	if err != nil {
		return Receipt{}, err
	}
	if !pending {
		return Receipt{Reason: "not-pending"}, nil
	}
	args := remote.ResultArgs(client, eventID, o)
	w.answers.give(eventID, settled)
	if err := w.c.again(ctx, func() error { return w.c.invoke(ctx, remote.ResultEndpoint, args, nil) }); err != nil {
		w.answers.give(eventID, "")
		return Receipt{}, err
	}
	select {
	case w.inbox <- answered{eventID: eventID, outcome: settled}:
	case <-w.done:
	case <-ctx.Done():
	}
	return Receipt{Accepted: true}, nil
}

// pass leaves a waterfall deck does not answer to the other clients: the
// host waits for every client's word before it answers one itself.
func (w *Watch) pass(ctx context.Context, client, eventID string) {
	go func() {
		args := remote.ResultArgs(client, eventID, remote.Next())
		err := w.c.again(ctx, func() error { return w.c.invoke(ctx, remote.ResultEndpoint, args, nil) })
		if err != nil && ctx.Err() == nil {
			w.send(ctx, passFailed{err: err})
		}
	}()
}

// passFailed is a pass the host did not take: it may wait for deck.
type passFailed struct{ err error }

// errNoLink is the answer to a 0.2 host's request that came by no Watch.
var errNoLink = errors.New("deck answers a request of this host only on the link it came by: " +
	"watch the session to answer it")
