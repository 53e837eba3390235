package viewer

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/textarea"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/live"
	"github.com/deck-tui/deck/ui/kit"
)

// liveState is what the viewer holds of a session on a harness host: the
// prompt box, the host's queue, the approvals and questions waiting for an
// answer, and what the status bar says of the host and the connection.
type liveState struct {
	client    *live.Client
	sessionID string

	prompt   textarea.Model
	typing   bool     // the prompt box has the keys (else the transcript)
	sent     []string // earlier prompts, oldest first, for ↑
	recall   int      // which earlier prompt ↑ shows; len(sent) when none
	draft    string   // what was typed before ↑ recalled an earlier prompt
	running  bool     // a turn is running on the host
	queue    []live.QueueItem
	conn     live.Connection
	approval []live.ApprovalRequest // in the order they came; the first is asked
	question []*questionForm
	tokens   live.TokenUsage
	context  live.ContextPressure
	title    string // the host's title projection, until a session/title event
	cwd      string // the session's folder as the host listed it, for its events carry no header
	older    bool   // an older page is being fetched
}

func newLiveState(c *live.Client, sessionID string) *liveState {
	ta := textarea.New()
	ta.Placeholder = "a prompt for the agent · enter sends · alt+enter new line"
	ta.ShowLineNumbers = false
	ta.Prompt = "› "
	ta.SetHeight(promptRows)
	ta.KeyMap.InsertNewline.SetKeys("alt+enter", "shift+enter", "ctrl+j")
	ta.Focus()
	return &liveState{client: c, sessionID: sessionID, prompt: ta, typing: true}
}

// promptRows is how many rows the prompt box shows.
const promptRows = 3

// panelHeight is the rows the live panel takes under the cards: the queue,
// a rule, the prompt box.
func (l *liveState) panelHeight() int { return len(l.queue) + 1 + promptRows }

// Messages from the calls the viewer makes to the host.
type (
	promptSentMsg struct{ err error }
	cancelSentMsg struct{ err error }
	answerSentMsg struct {
		receipt live.Receipt
		err     error
	}
	olderPageMsg struct{ err error }
)

// applyLive takes one update of the host session that is not its events.
func (v *Viewer) applyLive(u live.Update) {
	l := v.live
	switch u := u.(type) {
	case live.Events: // events go into the session (source.readLive); never here
	case live.ProjectionChanged:
		l.project(u)
	case live.QueueChanged:
		l.queue = u.Items
		v.resize(v.width, v.height)
	case live.ApprovalAsked:
		l.approval = append(l.approval, u.Request)
	case live.ApprovalSettled:
		for i, a := range l.approval {
			if a.ApprovalID == u.ApprovalID { // answered here, elsewhere, or cancelled
				l.approval = append(l.approval[:i:i], l.approval[i+1:]...)
				break
			}
		}
	case live.QuestionAsked:
		l.question = append(l.question, newQuestionForm(u.Request))
	case live.QuestionSettled:
		for i, q := range l.question {
			if q.req.RPCID == u.RPCID {
				l.question = append(l.question[:i:i], l.question[i+1:]...)
				break
			}
		}
	case live.Running:
		l.running = u.Running
	case live.Connection:
		l.conn = u
	case live.Problem:
		v.flash = kit.OneLine(u.Text)
	}
}

// project keeps the projections the status bar shows.
func (l *liveState) project(p live.ProjectionChanged) {
	v, ok := p.Read()
	if !ok {
		return
	}
	switch v := v.(type) {
	case live.TokenUsage:
		l.tokens = v
	case live.ContextPressure:
		l.context = v
	case string:
		l.title = v
	}
}

// facts are what the status bar says of the host session.
func (l *liveState) facts(model string) []string {
	host := strings.TrimPrefix(strings.TrimPrefix(l.client.URL(), "http://"), "https://")
	var out []string
	if n := len(l.approval) + len(l.question); n > 0 {
		out = append(out, fmt.Sprintf("%d waiting for you", n))
	}
	switch {
	case l.conn.Live:
		out = append(out, "● live on "+host)
	case l.conn.Err != nil && l.conn.RetryIn > 0:
		out = append(out, fmt.Sprintf("○ %s: reconnecting in %s", host, l.conn.RetryIn.Round(100*time.Millisecond)))
	default:
		out = append(out, "○ connecting to "+host)
	}
	if model != "" {
		out = append(out, kit.OneLine(model))
	}
	if l.running {
		out = append(out, "working")
	}
	t := l.tokens // the host's tokenUsage projection: the web client's own figures
	if pill := cards.UsagePill(session.TokenUsage{Input: t.Uncached, CacheRead: t.CacheRead, CacheWrite: t.CacheWrite, Output: t.Output, Recorded: session.RecordedCache}); pill != "" {
		out = append(out, pill)
	}
	used := l.context.Projected
	if used == 0 {
		used = l.context.Pressure
	}
	if used > 0 && l.context.Window > 0 {
		out = append(out, fmt.Sprintf("context %d%%", used*100/l.context.Window))
	}
	return out
}
