// Package acp reads Agent Client Protocol transcripts into a session: the
// JSON-RPC messages between a client and an agent, or the TypeScript SDK's
// recordings of its calls. Tools map onto the harness's cards through
// session/present.
package acp

import (
	"errors"
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/present"
)

// Decoder reads an Agent Client Protocol (ACP v1) transcript: the JSON-RPC
// 2.0 messages between a client and an agent, one a line, or the TypeScript
// SDK's call recordings (pretty-printed {method, args} objects). It knows no
// direction: a response is paired with the latest unanswered request with its
// id. docs/format.md says what becomes of each message.
type Decoder struct {
	s     *session.Builder
	frame framer
	files *present.FileLines

	sessions  map[string]*sessionState
	shown     *sessionState // the session of the last entry added
	calls     map[callKey]*call
	terminals map[callKey]*terminal
	waiting   map[string][]*request // unanswered requests by id
	agentSet  bool                  // initialize named the agent

	// what applying the current value did
	at      int    // the line it starts on
	made    bool   // it added an entry
	changed bool   // it changed one
	hidden  string // what it is, if neither: the bookkeeping kind
}

// callKey names a tool call or terminal: ids are unique within a session only.
type callKey struct{ session, id string }

// New starts a decoder that fills s.
func New(s *session.Builder) *Decoder {
	s.Format = session.FormatACP
	return &Decoder{
		s: s, files: present.NewFileLines(),
		sessions: map[string]*sessionState{}, calls: map[callKey]*call{},
		terminals: map[callKey]*terminal{}, waiting: map[string][]*request{},
	}
}

// Apply reads one physical line. It is accounted once: a line inside a value
// that goes on (a pretty-printed recording) is merged into that value; the
// line that ends a value goes by what the value did (an entry, a merge,
// bookkeeping, or a notice that names what went wrong). A line that ends
// several values goes by the weightiest: notice, then entry, then merge.
func (d *Decoder) Apply(num int, line []byte) {
	d.s.Account.Lines++
	pieces := d.frame.feed(num, line)
	if len(pieces) == 0 {
		if d.frame.open() {
			d.s.Account.Merged++
		} else {
			d.s.Hidden["(blank line)"]++
			d.s.Account.Bookkeeping++
		}
		return
	}
	var problems, hidden []string
	made, changed := false, false
	for _, p := range pieces {
		where := fmt.Sprintf("line %d", p.first)
		if p.last != p.first {
			where = fmt.Sprintf("lines %d–%d", p.first, p.last)
		}
		if p.err != "" {
			problems = append(problems, where+": "+p.err)
			continue
		}
		if err := d.value(p); err != nil {
			problems = append(problems, where+": "+err.Error())
		}
		made, changed = made || d.made, changed || d.changed
		if !d.made && !d.changed {
			hidden = append(hidden, d.hidden)
		}
	}
	switch {
	case len(problems) > 0:
		d.s.Notice(num, strings.Join(problems, "; "))
	case made:
		d.s.Account.Entries++
	case changed:
		d.s.Account.Merged++
	default:
		for _, h := range hidden {
			d.s.Hidden[h]++
		}
		d.s.Account.Bookkeeping++
	}
}

// value applies one whole JSON value.
func (d *Decoder) value(p piece) error {
	d.at, d.made, d.changed, d.hidden = p.first, false, false, ""
	m, err := parse(p.data)
	if err != nil {
		return err
	}
	if m.method != "" {
		return d.request(m)
	}
	return d.response(m)
}

// Finish reports a value the log ended inside of.
func (d *Decoder) Finish() {
	if d.frame.open() {
		d.s.Notice(0, fmt.Sprintf("the log ends inside a JSON value that starts at line %d", d.frame.first))
		d.frame.reset()
	}
}

// base makes the common entry fields: ACP messages carry no time.
func (d *Decoder) base() session.EntryBase { return session.EntryBase{Seq: -1, Line: d.at} }

// add adds an entry for a session (nil for none). When the entries before
// it were another session's, a line says whose the next ones are: a log
// may interleave sessions. Chunks that join a message add nothing, so
// sessions streaming at once do not fill the log with such lines.
func (d *Decoder) add(ss *sessionState, e session.Entry) {
	if ss != nil && d.shown != nil && d.shown != ss && e != session.Entry(ss.header) {
		d.s.Add(&session.Event{EntryBase: d.base(), Kind: "session", Summary: "back to session " + orElse(ss.id, "(no id)")})
	}
	d.s.Add(e)
	d.made = true
	if ss != nil {
		ss.last, d.shown = e, ss
	}
}

// touch records that an entry changed.
func (d *Decoder) touch(e session.Entry) {
	d.s.Touch(e)
	d.changed = true
}

// join joins what went wrong in a message that was otherwise read.
func join(list []string) error {
	if len(list) == 0 {
		return nil
	}
	return errors.New(strings.Join(list, "; "))
}
