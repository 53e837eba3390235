package acp

import (
	"encoding/hex"
	"strings"
	"time"

	"github.com/deck-tui/deck/session"
	"github.com/go-json-experiment/json/jsontext"

	acp "github.com/coder/acp-go-sdk"
)

// sessionState is one ACP session of the log. A log may hold several (a
// client's many sessions, or captures joined together), interleaved; each
// has its own calls, turns, text runs and plan.
type sessionState struct {
	id     string
	cwd    string
	title  string
	header *session.Event // the line saying where the session starts
	last   session.Entry  // the entry most recently added for it
	run    *run
	plan   *session.Plan
	turn   int
	mode   string            // the current mode's id
	modes  map[string]string // mode id → name
	calls  []*call           // in the order they came
	usage  session.TokenUsage
}

// session returns the session with this id; its first appearance adds a
// header line (id, cwd, title).
func (d *Decoder) session(id string) *sessionState {
	ss := d.sessions[id]
	if ss == nil {
		ss = &sessionState{id: id, modes: map[string]string{}}
		d.sessions[id] = ss
		if d.s.Header.ID == "" {
			d.s.Header.ID = id
			d.s.Header.CreatedAt = uuidV7Time(id)
		}
		ss.header = &session.Event{EntryBase: d.base(), Kind: "session", Summary: ss.describe()}
		d.add(ss, ss.header)
	}
	return ss
}

// primary reports the log's first session, whose id, cwd and title the
// session header shows.
func (d *Decoder) primary(ss *sessionState) bool { return ss.id == d.s.Header.ID }

// describe is the session's header line.
func (ss *sessionState) describe() string {
	parts := []string{"session " + orElse(ss.id, "(no id)")}
	if ss.title != "" {
		parts = append(parts, ss.title)
	}
	if ss.cwd != "" {
		parts = append(parts, "in "+ss.cwd)
	}
	return strings.Join(parts, " · ")
}

// setCwd records a session's working directory.
func (d *Decoder) setCwd(ss *sessionState, cwd string) {
	if cwd == "" || cwd == ss.cwd {
		return
	}
	ss.cwd = cwd
	if d.primary(ss) {
		d.s.Header.Cwd, d.files.Cwd = cwd, cwd
	}
	ss.header.Summary = ss.describe()
	d.touch(ss.header)
}

// setTitle records a session's title.
func (d *Decoder) setTitle(ss *sessionState, title string) {
	title = session.ShortTitle(title)
	if title == ss.title {
		return
	}
	ss.title = title
	if d.primary(ss) {
		d.s.SetTitle(title)
	}
	ss.header.Summary = ss.describe()
	d.touch(ss.header)
}

// setModes records the modes a session offers and the one it is in.
func (ss *sessionState) setModes(m *acp.SessionModeState) {
	if m == nil {
		return
	}
	for _, mode := range m.AvailableModes {
		ss.modes[string(mode.Id)] = mode.Name
	}
	ss.mode = string(m.CurrentModeId)
}

// changeMode shows a change of mode as a line; the mode the session is in
// already is no change.
func (d *Decoder) changeMode(ss *sessionState, id, by string) {
	if id == ss.mode {
		return
	}
	ss.mode = id
	name := orElse(ss.modes[id], id)
	d.add(ss, &session.Event{EntryBase: d.base(), Kind: "mode", Summary: "mode: " + name + by})
}

// initializeReply names the agent (its title, else its name, and version)
// and the protocol version the two sides agreed on.
func (d *Decoder) initializeReply(req *request, result jsontext.Value, fail *acp.RequestError) error {
	if fail != nil {
		d.failed(req, fail)
		return nil
	}
	var r struct {
		ProtocolVersion acp.ProtocolVersion `json:"protocolVersion"`
		AgentInfo       *acp.Implementation `json:"agentInfo"`
	}
	if err := decodeResult(req, result, &r); err != nil {
		return err
	}
	d.s.Header.Version = int64(r.ProtocolVersion)
	if a := r.AgentInfo; a != nil && !d.agentSet {
		name := a.Name
		if a.Title != nil && *a.Title != "" {
			name = *a.Title
		}
		d.s.Agent, d.agentSet = strings.TrimSpace(name+" "+a.Version), true
	}
	return nil
}

// guessAgent names the agent from what only one adapter writes, when the log
// has no initialize to say.
func (d *Decoder) guessAgent(name string) {
	if !d.agentSet && d.s.Agent == "" {
		d.s.Agent = name
	}
}

func (d *Decoder) newSession(m *message, req *request) error {
	var p struct {
		Cwd string `json:"cwd"`
	}
	err := params(m, &p)
	req.cwd = p.Cwd
	return err
}

// newSessionReply starts the session the agent made, in the cwd asked for.
func (d *Decoder) newSessionReply(req *request, result jsontext.Value, fail *acp.RequestError) error {
	if fail != nil {
		d.failed(req, fail)
		return nil
	}
	var r struct {
		SessionId acp.SessionId          `json:"sessionId"`
		Modes     *acp.SessionModeState  `json:"modes"`
		Models    *acp.SessionModelState `json:"models"`
	}
	if err := decodeResult(req, result, &r); err != nil {
		return err
	}
	ss := d.session(string(r.SessionId))
	d.setCwd(ss, req.cwd)
	ss.setModes(r.Modes)
	if r.Models != nil && d.primary(ss) {
		d.s.Model = string(r.Models.CurrentModelId)
	}
	return nil
}

// loadSession starts a session loaded (or resumed) by id; a load replays the
// session's history as updates before its response.
func (d *Decoder) loadSession(m *message, req *request) error {
	var p struct {
		SessionId acp.SessionId `json:"sessionId"`
		Cwd       string        `json:"cwd"`
	}
	if err := params(m, &p); err != nil {
		return err
	}
	req.session = d.session(string(p.SessionId))
	d.setCwd(req.session, p.Cwd)
	return nil
}

func (d *Decoder) loadSessionReply(req *request, result jsontext.Value, fail *acp.RequestError) error {
	if fail != nil {
		d.failed(req, fail)
		return nil
	}
	var r struct {
		Modes  *acp.SessionModeState  `json:"modes"`
		Models *acp.SessionModelState `json:"models"`
	}
	if err := decodeResult(req, result, &r); err != nil || req.session == nil {
		return err
	}
	req.session.setModes(r.Modes)
	if r.Models != nil && d.primary(req.session) {
		d.s.Model = string(r.Models.CurrentModelId)
	}
	return nil
}

func (d *Decoder) setMode(m *message, req *request) error {
	var p acp.SetSessionModeRequest
	if err := params(m, &p); err != nil {
		return err
	}
	req.session = d.session(string(p.SessionId))
	d.changeMode(req.session, string(p.ModeId), " (set by the client)")
	return nil
}

func (d *Decoder) setModel(m *message, req *request) error {
	var p struct {
		SessionId acp.SessionId `json:"sessionId"`
		ModelId   acp.ModelId   `json:"modelId"`
	}
	if err := params(m, &p); err != nil {
		return err
	}
	req.session = d.session(string(p.SessionId))
	if d.primary(req.session) {
		d.s.Model = string(p.ModelId)
	}
	d.add(req.session, &session.Event{EntryBase: d.base(), Kind: "model", Summary: "model: " + string(p.ModelId)})
	return nil
}

// addUsage keeps a session's token counts (each report is the session's
// total so far) and sums the sessions into the log's.
func (d *Decoder) addUsage(ss *sessionState, u *acp.Usage) {
	if u == nil {
		return
	}
	ss.usage = session.TokenUsage{Input: int64(u.InputTokens), Output: int64(u.OutputTokens),
		Recorded: session.Recorded(u.CachedReadTokens != nil || u.CachedWriteTokens != nil, u.ThoughtTokens != nil)}
	if u.CachedReadTokens != nil {
		ss.usage.CacheRead = int64(*u.CachedReadTokens)
	}
	if u.CachedWriteTokens != nil {
		ss.usage.CacheWrite = int64(*u.CachedWriteTokens)
	}
	if u.ThoughtTokens != nil {
		ss.usage.Reasoning = int64(*u.ThoughtTokens)
	}
	var sum session.TokenUsage
	for _, s := range d.sessions {
		sum.Add(s.usage)
	}
	d.s.SetUsage(sum)
}

// uuidV7Time is the creation time (epoch ms) a UUIDv7 session id holds in
// its first 48 bits, or 0 for any other id.
func uuidV7Time(id string) int64 {
	if len(id) != 36 || id[8] != '-' || id[13] != '-' || id[18] != '-' || id[23] != '-' ||
		id[14] != '7' || !strings.ContainsRune("89ab", rune(id[19])) {
		return 0
	}
	b, err := hex.DecodeString(strings.ReplaceAll(id, "-", ""))
	if err != nil || len(b) != 16 {
		return 0
	}
	ms := int64(0)
	for _, c := range b[:6] {
		ms = ms<<8 | int64(c)
	}
	if t := time.UnixMilli(ms); t.Year() < 2020 || t.Year() > 2100 {
		return 0
	}
	return ms
}

// orElse is s, or else when s is empty.
func orElse(s, otherwise string) string {
	if s == "" {
		return otherwise
	}
	return s
}
