package pi

import (
	"strconv"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/present"
)

// drawing is what is drawn of the session: the branch from the root to
// the last entry, and what drawing it left to go on from.
type drawing struct {
	path    []*node         // the branch drawn, root first
	added   []session.Entry // what drawing added, in order: taken back to draw another branch
	turnAt  map[*node]int   // the turn each entry drawn was in
	turn    int
	open    bool     // a turn is open
	steps   int      // the open turn's model calls
	last    *message // the open turn's latest model call
	lastEnd int64    // when it was written
	calls   map[string]*session.ToolCall
	files   *present.FileLines
	stream  int // stream notices added (not of a line)
}

func (w *drawing) reset() {
	*w = drawing{turnAt: map[*node]int{}, calls: map[string]*session.ToolCall{}, files: present.NewFileLines()}
}

// put adds an entry the drawing made.
func (d *Decoder) put(e session.Entry) {
	d.s.Add(e)
	d.draw.added = append(d.draw.added, e)
}

// notice adds a notice for a line, to be taken back with the drawing.
func (d *Decoder) notice(num int, text string) {
	n := len(d.s.Entries)
	d.s.Notice(num, text)
	if len(d.s.Entries) > n {
		d.draw.added = append(d.draw.added, d.s.Entries[len(d.s.Entries)-1])
	}
	if num == 0 {
		d.draw.stream++
	}
}

// branch is the entries from the root to the leaf, root first. A parent
// seen twice on the way (ids that loop) ends it.
func (d *Decoder) branch() []*node {
	var path []*node
	seen := map[*node]bool{}
	for n := d.leaf; n != nil && !seen[n]; n = n.parent {
		seen[n] = true
		path = append(path, n)
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path
}

// redraw takes back what is drawn and draws the leaf's branch from its
// root, with where the others fork. Past the budget it waits for the end
// (final), when it draws at any cost.
func (d *Decoder) redraw(final bool) {
	if !final {
		if len(d.nodes) > d.budget {
			d.deferred = true
			return
		}
		d.budget -= len(d.nodes)
	}
	for i := len(d.draw.added) - 1; i >= 0; i-- {
		d.s.Remove(d.draw.added[i])
	}
	a := &d.s.Account
	a.StreamNotices -= d.draw.stream
	a.Entries, a.Merged, a.Bookkeeping, a.Notices = 0, 0, 0, 0
	clear(d.s.Hidden)
	d.s.Usage = session.TokenUsage{}
	d.s.SetTitle("")
	d.s.Provider, d.s.Model = d.headerModel[0], d.headerModel[1]
	d.draw.reset()
	d.draw.path = d.branch()

	if d.header {
		d.tallyHeader()
	}
	for range d.blanks {
		d.s.Tally(session.AsBookkeeping, "(blank line)")
	}
	for _, n := range d.headNote {
		d.notice(n.num, n.text)
	}
	onPath := make(map[*node]bool, len(d.draw.path))
	for _, n := range d.draw.path {
		onPath[n] = true
	}
	var next *node
	if len(d.draw.path) > 0 {
		next = d.draw.path[0]
	}
	d.forks(nil, next)
	for i, n := range d.draw.path {
		d.drawNode(n)
		for _, x := range n.notes {
			d.notice(x.num, x.text)
		}
		next = nil
		if i+1 < len(d.draw.path) {
			next = d.draw.path[i+1]
		}
		d.forks(n, next)
	}
	for _, n := range d.nodes {
		if !onPath[n] {
			d.s.Tally(session.AsBookkeeping, "entry of another branch")
		}
	}
}

// forks marks each branch that leaves at (after) the entry at and is not
// the one drawn, which goes on with next: how many entries it holds, its
// first prompt, and the lines in it that could not be read. The open turn
// ends there: the person went back. A mark is no work of the agent's, and
// is not dated.
func (d *Decoder) forks(at, next *node) {
	for _, c := range d.kids[at] {
		if c == next {
			continue
		}
		var size int
		var prompt string
		var notes []note
		stack := []*node{c}
		for len(stack) > 0 {
			n := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			size++
			notes = append(notes, n.notes...)
			if p := promptOf(n); prompt == "" && p != "" {
				prompt = p
			}
			kids := d.kids[n]
			for i := len(kids) - 1; i >= 0; i-- { // in file order
				stack = append(stack, kids[i])
			}
		}
		where := "here"
		if at == nil {
			where = "at the start"
		}
		d.endTurnAs("forked") // the person went back from here: its turn ended
		ev := &session.Event{EntryBase: base(c.num, 0), Kind: "fork",
			Summary: "another branch forks " + where + ": " + plural(size, "entry", "entries") + ", not drawn (the branch drawn is the one active last)"}
		if prompt != "" {
			ev.Body = "it goes on with: " + prompt
		}
		d.put(ev)
		for _, x := range notes {
			d.notice(x.num, x.text)
		}
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
