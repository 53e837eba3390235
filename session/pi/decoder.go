// Package pi reads pi's sessions (badlogic/pi-mono, the coding agent's
// session manager): one JSON Lines file a session, a header and then
// entries that form a tree by id and parentId (format v2 on; v1's form a
// line), so that the person may go back to an earlier entry and go on
// from there. deck draws the branch that was active last (from the root
// to the file's last entry, as pi resumes it) and marks where each other
// branch forks. Tools map onto the harness's cards through
// session/present (tools.go).
package pi

import (
	"bytes"
	"strconv"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// NewestVersion is the newest session format deck knows
// (session-manager.ts, CURRENT_SESSION_VERSION).
const NewestVersion = 3

// entry is one line: the header (type "session") or an entry. Its type
// says which of the fields it has.
type entry struct {
	Type      string  `json:"type"`
	ID        *string `json:"id"`
	ParentID  *string `json:"parentId"`
	Timestamp string  `json:"timestamp"`
	// the header
	Version       *int64 `json:"version"`
	Cwd           string `json:"cwd"`
	ParentSession string `json:"parentSession"`
	BranchedFrom  string `json:"branchedFrom"` // an earlier name of parentSession
	// a message
	Message jsontext.Value `json:"message"`
	// model_change (and v1's header)
	Provider string `json:"provider"`
	ModelID  string `json:"modelId"`
	// compaction, branch_summary
	Summary             string `json:"summary"`
	FirstKeptEntryID    string `json:"firstKeptEntryId"`
	FirstKeptEntryIndex *int64 `json:"firstKeptEntryIndex"` // v1's
	FromID              string `json:"fromId"`
	// session_info
	Name string `json:"name"`
	// custom, custom_message
	CustomType string         `json:"customType"`
	Content    jsontext.Value `json:"content"`
	Display    bool           `json:"display"`
}

// node is an entry of the tree, or a line that is none (its notice, in
// place after the entry before it).
type node struct {
	num     int
	e       *entry
	id      string
	parent  *node  // nil for a root
	missing string // a parent id the file did not name before this entry
	notes   []note // lines after it that could not be read
}

// note is a line that could not be read: its notice.
type note struct {
	num  int
	text string
}

// Decoder reads a pi session (~/.pi/agent/sessions/--<cwd>--/<ts>_<id>.jsonl).
// docs/format.md says what becomes of each entry.
type Decoder struct {
	s       *session.Builder
	version int64 // the header's; v1 names none
	header  bool  // the header was read
	blanks  int   // blank lines, bookkeeping

	headerNum   int
	headerModel [2]string // the provider and model v1's header names

	nodes    []*node
	byID     map[string]*node
	kids     map[*node][]*node // each entry's children in file order; nil's are the roots
	leaf     *node             // the file's last entry: its branch is the one drawn
	headNote []note            // lines before any entry that could not be read

	draw     drawing // what is drawn: the leaf's branch
	budget   int     // how much more drawing redrawing may take (deferred past it)
	deferred bool    // past the budget: drawn once, at the end
}

// New starts a decoder that fills s.
func New(s *session.Builder) *Decoder {
	s.Format = session.FormatPi
	s.Agent = "pi"
	d := &Decoder{s: s, version: 1, byID: map[string]*node{}, kids: map[*node][]*node{}, budget: redrawBudget}
	d.draw.reset()
	return d
}

// redrawBudget is how many entries redrawing may draw beyond each
// entry's first drawing, plus redrawPerEntry for each entry read: going
// back to an earlier entry and on from there redraws the branch, and a
// file that does so on every line must not cost the square of its length.
// Past it, the branch is drawn once, when the file ends.
const (
	redrawBudget   = 1 << 14
	redrawPerEntry = 8
)

// Apply decodes one line (without its newline).
func (d *Decoder) Apply(num int, line []byte) {
	d.s.Account.Lines++
	trimmed := bytes.TrimSpace(line)
	if len(trimmed) == 0 {
		d.blanks++
		d.s.Tally(session.AsBookkeeping, "(blank line)")
		return
	}
	var e entry
	if err := jsonline.Decode(trimmed, "a pi session entry", &e); err != nil {
		d.note(note{num, err.Error()})
		return
	}
	switch {
	case e.Type == "session" && !d.header && len(d.nodes) == 0:
		d.readHeader(num, &e)
	case d.version < 2: // v1: no ids, each entry the next of the one before
		d.add(&node{num: num, e: &e, id: "#" + strconv.Itoa(num), parent: d.leaf})
	case e.ID == nil || *e.ID == "":
		d.note(note{num, "a " + strconv.Quote(e.Type) + " entry with no id: it has no place in the session's tree"})
	default:
		n := &node{num: num, e: &e, id: *e.ID}
		if e.ParentID != nil && *e.ParentID != "" {
			if n.parent = d.byID[*e.ParentID]; n.parent == nil {
				n.missing = *e.ParentID
			}
		}
		d.add(n)
	}
}

// readHeader takes the session's facts from its first line.
func (d *Decoder) readHeader(num int, e *entry) {
	d.header = true
	if e.Version != nil {
		d.version = *e.Version
	}
	h := &d.s.Header
	h.ID, h.Cwd, h.CreatedAt = firstOf(stringOf(e.ID)), e.Cwd, millis(e.Timestamp)
	h.ParentSession = firstOf(e.ParentSession, e.BranchedFrom)
	if e.ModelID != "" { // v1 names the model the session began with
		d.s.Provider, d.s.Model = e.Provider, e.ModelID
	}
	d.headerNum, d.headerModel = num, [2]string{d.s.Provider, d.s.Model}
	d.tallyHeader()
}

// tallyHeader counts the header's line: bookkeeping, or the notice that
// the session is of a format newer than deck reads.
func (d *Decoder) tallyHeader() {
	if d.version <= NewestVersion {
		d.s.Tally(session.AsBookkeeping, "session header")
		return
	}
	d.notice(d.headerNum, "this session is pi's format v"+strconv.FormatInt(d.version, 10)+", newer than deck reads (v"+
		strconv.Itoa(NewestVersion)+" at most): what it cannot read is said where it is")
}

// add puts an entry in the tree. An entry that goes on from the one
// before is drawn at once; one that goes on from another (the person
// went back) makes its branch the one drawn.
func (d *Decoder) add(n *node) {
	if n.id != "" && n.e.Type != "" {
		d.byID[n.id] = n
	}
	d.nodes = append(d.nodes, n)
	d.kids[n.parent] = append(d.kids[n.parent], n)
	linear := n.parent == d.leaf && n.missing == ""
	d.leaf = n
	d.budget += redrawPerEntry
	switch {
	case d.deferred:
	case linear:
		d.draw.path = append(d.draw.path, n)
		d.drawNode(n)
	default:
		d.redraw(false)
	}
}

// note keeps a line that could not be read, after the entry before it.
func (d *Decoder) note(n note) {
	if d.leaf == nil {
		d.headNote = append(d.headNote, n)
	} else {
		d.leaf.notes = append(d.leaf.notes, n)
	}
	if !d.deferred {
		d.notice(n.num, n.text)
	}
}

// Finish draws a branch left to the end, and ends the last turn unless
// its model was still at work (it asked for tools and has not answered).
func (d *Decoder) Finish() {
	if d.deferred {
		d.redraw(true)
	}
	d.endLast()
}

func firstOf(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

func stringOf(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
