package livetest

import (
	"bytes"
	"slices"
	"strings"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// session is what the fake knows of one session: its whole recorded log,
// and how much of it is committed (served by history) so far.
type session struct {
	id        string
	log       []jsontext.Value
	views     map[int64]jsontext.Value
	committed int64 // -1: none
	attached  bool
	running   bool
	blank     bool
	cwd       string
	preset    string
	updatedAt int64
	proj      map[string]jsontext.Value
	queue     jsontext.Value // the last session/queue items
	inboxSeq  int64          // on a 0.2 host: the seq of the last inbox projection pushed
}

// setUp makes the host as the scenario's recording found it.
func (h *Host) setUp() {
	h.sessions = map[string]*session{}
	sp := h.script.spec
	rows := h.coldRows()
	for id, last := range sp.attached {
		s := h.newSession(id, rows[id])
		s.committed, s.attached = last, true
	}
	if sp.cold {
		for id, row := range rows {
			s := h.newSession(id, row)
			s.committed = row.Projections.AsOfSeq // the log as it was before the resume
		}
	}
}

// listRow is a session.list row as the resume run's list captured it.
type listRow struct {
	SessionID   string `json:"sessionId"`
	UpdatedAt   int64  `json:"updatedAt"`
	Cwd         string `json:"cwd"`
	AgentPreset string `json:"agentPreset"`
	Projections struct {
		AsOfSeq int64                     `json:"asOfSeq"`
		Values  map[string]jsontext.Value `json:"values"`
	} `json:"projections"`
}

// coldRows are the persisted sessions the resume run listed after the restart.
func (h *Host) coldRows() map[string]listRow {
	var v struct {
		Items []listRow `json:"items"`
	}
	_ = jsonline.Unmarshal(h.corpus.runs["web-api-resume"].calls[2].value(), &v)
	rows := map[string]listRow{}
	for _, r := range v.Items {
		rows[r.SessionID] = r
	}
	return rows
}

// newSession registers a session known from the start or just created.
func (h *Host) newSession(id string, row listRow) *session {
	s := &session{id: id, log: h.corpus.logs[id], views: h.corpus.views[id], committed: -1,
		cwd: row.Cwd, preset: row.AgentPreset, updatedAt: row.UpdatedAt, proj: map[string]jsontext.Value{}}
	for k, v := range row.Projections.Values {
		s.proj[k] = v
	}
	h.sessions[id] = s
	return s
}

// freshProjections are a new session's projections, as the first history
// of the plain session saw them.
func (h *Host) freshProjections() map[string]jsontext.Value {
	var v struct {
		Projections struct {
			Values map[string]jsontext.Value `json:"values"`
		} `json:"projections"`
	}
	_ = jsonline.Unmarshal(h.corpus.runs["web-api"].calls[8].value(), &v)
	return v.Projections.Values
}

// commit changes the state as the frame says, before it is pushed. Called
// with h.mu held.
func (h *Host) commit(f *frame) {
	if f.Type == "approval/requested" || f.Type == "question/requested" {
		h.pending[f.RPCID] = f
		h.asked[f.RPCID] = true
		return
	}
	if f.Type == "question/resolved" {
		delete(h.pending, f.QuestionRPCID)
		return
	}
	if f.Type == "approval/resolved" {
		for rpc, p := range h.pending {
			if p.ApprovalID == f.ApprovalID {
				delete(h.pending, rpc)
			}
		}
		return
	}
	s := h.sessions[f.SessionID]
	if s == nil {
		return
	}
	switch f.Type {
	case "session/event":
		s.committed = max(s.committed, f.seq())
		var e struct {
			Time int64 `json:"time"`
		}
		_ = jsonline.Unmarshal(f.Event, &e)
		s.updatedAt = max(s.updatedAt, e.Time)
	case "session/subscribed":
		s.committed = max(s.committed, *f.LastSeq)
		s.attached = true
	case "session/projection":
		s.proj[f.Key] = f.Value
	case "session/queue":
		s.queue = f.Items
	case "host/session-added":
		s.blank = f.Blank != nil && *f.Blank
		s.cwd, s.preset = f.Cwd, f.AgentPreset
	case "host/session-status":
		s.running = *f.Running
		if s.running {
			s.blank = false
		}
	}
}

// push commits a recorded frame and sends it to every open downlink of its
// kind, with the rpcIds it names rewritten; a 0.2 host, as its own
// protocol's frames. Called with h.mu held.
func (h *Host) push(f *frame) {
	if h.proto == V02 {
		h.pushRemote(f, true)
		return
	}
	h.commit(f)
	if f.Type == "session/event" && h.withheld > 0 {
		h.withheld--
		return
	}
	h.broadcast(f.Mux, h.rewrite(f.Msg))
}

// rewrite puts deck's rpcIds where the recording has the captured client's.
func (h *Host) rewrite(msg []byte) []byte {
	if len(h.rewrites) == 0 {
		return msg
	}
	s := string(msg)
	for i := 0; i+1 < len(h.rewrites); i += 2 {
		s = strings.ReplaceAll(s, h.rewrites[i], h.rewrites[i+1])
	}
	return []byte(s)
}

// baseline is what a new mux gets at once: a subscription per attached
// session, the requests still pending, and the queues that hold prompts.
// Called with h.mu held.
func (h *Host) baseline() [][]byte {
	var out [][]byte
	ids := make([]string, 0, len(h.sessions))
	for id, s := range h.sessions {
		if s.attached {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	for _, id := range ids {
		out = append(out, serverRequest(map[string]any{"type": "session/subscribed", "sessionId": id,
			"lastSeq": h.sessions[id].committed}))
	}
	var pending []*frame
	for _, f := range h.pending {
		pending = append(pending, f)
	}
	// Questions first, then approvals, each in the order asked.
	slices.SortFunc(pending, func(a, b *frame) int {
		if a.Type != b.Type {
			return -strings.Compare(a.Type, b.Type)
		}
		return int(a.T - b.T)
	})
	for _, f := range pending {
		out = append(out, h.rewrite(f.Msg))
	}
	for _, id := range ids {
		if q := h.sessions[id].queue; len(q) > 0 && !bytes.Equal(q, []byte("[]")) {
			out = append(out, serverRequest(map[string]any{"type": "session/queue", "sessionId": id,
				"items": jsontext.Value(h.rewrite(q))}))
		}
	}
	return out
}

// serverRequest wraps a payload as a frame with a fresh rpcId.
func serverRequest(payload map[string]any) []byte {
	b, _ := compact(map[string]any{"type": "server-request", "rpcId": newID(), "method": payload["type"],
		"payload": payload})
	return b
}
