// Package viewer draws one session: its cards, read in the background or
// followed as the log grows, and every way a person moves through them
// (scrolling, search, the filter, the outline, pages, copy, $EDITOR). A
// session on a harness host adds a prompt box, the host's queue and its
// dialogs. It draws nothing itself: every card comes from package cards.
package viewer

import (
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/follow"
	"github.com/deck-tui/deck/theme"
)

// item is one entry of the transcript as the viewer holds it: what
// navigation needs to know of it, read under the session's lock, and a
// clone of it, taken then or once something needs it (entry).
type item struct {
	id, rev   int
	seq, time int64         // its event's seq (-1 if none) and time (0 if unknown)
	kind      kind          // what kind of entry it is, for the filter and the counts
	at        int           // where it was in the session's entries when described
	e         session.Entry // nil until taken (entry), or the session's own once it is final
	tool      bool          // a tool call: ] and [ stop here
	failed    bool          // an error or a failed call: e and E stop here
	code      bool          // worth highlighting, off the update loop
	huge      bool          // a huge text: previewed first (preview.go)
	// header, for the card that stands for a log's header, is what it
	// draws (cards.Header): a log not shown as understood or current
	header *session.Session
	// nested are the entries nested in a call (a subagent's work), each
	// followed by its own, as its card draws them: ] and e step into them
	nested []item
	// members, for a group line of Compact (modes.go), are the ids of the
	// cards it stands for
	members []int
}

// pos is a place in the transcript: a row of the card at idx, counting the
// blank row after each card.
type pos struct{ idx, row int }

func (p pos) before(q pos) bool { return p.idx < q.idx || (p.idx == q.idx && p.row < q.row) }

// Viewer is the full-screen transcript of one session: a list of entries
// with a place in it, never one giant string. Only the cards on screen are
// drawn, each once per (entry, revision, width, theme, expansion, wrap).
type Viewer struct {
	src  *Feed
	keys keyMap
	help help.Model

	th         *theme.Theme
	themeFixed bool // --theme: do not follow the terminal's background
	width      int
	height     int

	all      []item // every entry; items are those the filter shows
	items    []item
	filter   filter
	times    bool // each card's time beside it (T)
	count    int  // a count typed before a key (10G, 3j); 0: none
	title    string
	Label    string // said before the title: why this session is on screen (the demo)
	cwd      string // the header's: the folder the cards' paths are from
	where    string // the folder the session is in now, for the where bar
	model    string
	fork     string // whose format the log is, when its number is a fork's (forkFormat)
	usage    session.TokenUsage
	children []session.Subagent // the session's catalog of subagents (never changed in place)
	tools    int
	failures int
	notices  int
	notShown string // why the log is not shown as understood or current; "" when it is

	nestedTools, nestedFailures int // the calls and errors nested in calls (a subagent's), counted apart

	cache     *renderCache
	counts    rowCounts  // every card's rows, for the percentage and the sideways scroll's end
	drawUntil time.Time  // how long this update may wait for cards to be drawn
	late      []lateDraw // cards drawn on in the background, for prepare to wait on

	top     pos
	focus   int
	nested  nestedFocus  // the entry nested in the focused card that ] or e went to
	starts  nestedStarts // where the last card stepped into draws its nested entries
	follow  bool         // watching the log for what is appended
	pinned  bool         // at the bottom while following: stays there as the log grows
	unseen  int          // cards added below while following and reading above
	hold    *spot        // the place a change of layout or G keeps as late cards are drawn; nil after a move
	screen  []pos        // what each content row of the last frame shows
	expand  map[int]bool
	allOpen bool
	mode    mode         // Compact, Detailed or Expanded (modes.go)
	opened  map[int]bool // Compact's group lines opened, by their ids
	nowrap  bool
	scroll  map[int]int    // entry id → cells scrolled sideways
	limits  cards.Collapse // how much collapsed cards keep (the config file's)

	search   search
	replies  *replyRows // the plain rows of the replies searches drew, kept for the next
	showHelp bool
	pages    []*page // the changes or stats view over the cards; esc closes the top one
	flash    string  // a word in the status bar after an action

	live *liveState // a session on a harness host; nil for a log
	pics pictures   // what the terminal draws of a gallery's images (pictures.go)

	landing *landing // where a content search's hit opens it, until read that far

	resets  int          // the source's resets at the last sync
	reading follow.State // the log's reading at the last sync (no session): the status bar says what the cards show
	synced  syncedFrom   // the session the items were taken from (sync.go)
	// itemsGen grows each time the items change (a sync took something, the
	// filter changed): what was built from them is built again
	itemsGen int
}

// New is a viewer of src in th; themeFixed (--theme) keeps th whatever the
// terminal's background.
func New(src *Feed, th *theme.Theme, themeFixed bool) *Viewer {
	h := help.New()
	return &Viewer{
		src: src, keys: newKeyMap(), help: h, th: th, themeFixed: themeFixed,
		width: 80, height: 24, cache: newRenderCache(cacheBytes),
		expand: map[int]bool{}, scroll: map[int]int{}, opened: map[int]bool{},
		follow: src.following(), pinned: src.following(), search: newSearch(), replies: newReplyRows(),
		reading: follow.State{Loading: true}, // until the first sync
	}
}

// contentHeight is the rows left for cards above the where, status and
// hint bars (and, for a host session, the queue and the prompt box).
func (v *Viewer) contentHeight() int {
	h := v.height - 2 - v.whereHeight()
	if v.live != nil {
		h -= v.live.panelHeight()
	}
	return max(h, 1)
}

// cardWidth is the width cards are drawn at, after the focus gutter and
// the time column.
func (v *Viewer) cardWidth() int { return max(v.width-1-v.timeWidth(), 1) }

// headerID is the id of the card that stands for a log's header.
const headerID = -2

// headerEntry stands for the header card of a log not shown, for what reads
// entries (search, copy): its title; the card drawn is cards.Header.
func headerEntry(s *session.Session) session.Entry {
	return &session.Event{EntryBase: session.EntryBase{ID: headerID, Seq: -1}, Kind: "session", Summary: s.Title}
}

// place names an entry so it can be found again after a sync.
type place struct {
	id  int
	seq int64
}

func (v *Viewer) anchor(i int) place {
	if i >= len(v.items) {
		return place{-1, -1}
	}
	return place{v.items[i].id, v.items[i].seq}
}

// find is the entry's index among items: by id, else by seq, else 0.
func (p place) find(items []item) int {
	for i, it := range items {
		if it.id == p.id {
			return i
		}
	}
	for i, it := range items {
		if p.seq >= 0 && it.seq == p.seq {
			return i
		}
	}
	return 0
}

// describe makes an item of a cloned entry.
func describe(e session.Entry) item {
	b := session.Base(e)
	it := item{id: b.ID, rev: b.Rev, seq: b.Seq, time: b.Time, kind: kindOfEntry(e), at: -1, e: e, huge: isHuge(e)}
	it.tool, it.failed = kindOf(e)
	if x, ok := e.(*session.ToolCall); ok {
		switch x.View.(type) {
		case session.ReadResultView, session.DiffResultView:
			it.code = true
		case nil:
			_, it.code = x.Call.(session.DiffCallView)
		default: // other cards have no code to highlight
		}
		it.nested = nestedItems(x.Nested)
	}
	return it
}

// kindOf says whether an entry is a tool call (] and [ stop there) and
// whether it is an error (e and E do).
func kindOf(e session.Entry) (tool, failed bool) {
	switch x := e.(type) {
	case *session.ToolCall:
		return true, x.Status().Failed()
	case *session.Notice:
		return false, !x.Info // a problem with the log, not a word on what deck did
	case *session.TurnEnd:
		return false, x.Reason == "error"
	case *session.Event:
		return false, x.Failed
	default: // messages, plans, turn starts: neither tools nor errors
		return false, false
	}
}

// expanded says whether a card is drawn whole: the user's choice for it, or
// for all.
func (v *Viewer) expanded(it item) bool {
	if open, ok := v.expand[it.id]; ok {
		return open
	}
	return v.allOpen
}

// options are the card options for an item in the current state.
func (v *Viewer) options(it item) cards.Options {
	return cards.Options{
		Width: v.cardWidth(), Theme: v.th, Cwd: v.cwd,
		Expanded: v.expanded(it), NoWrap: v.nowrap, Scroll: v.scroll[it.id], ExpandHint: true, Collapse: v.limits,
		Pictures: v.pictureDrawer(),
	}
}

// Init starts reading, and asks the terminal for its background colour.
func (v *Viewer) Init() tea.Cmd {
	v.src.start()
	cmds := []tea.Cmd{v.src.wait(), v.src.waitLive(), v.askTerminal()}
	if !v.themeFixed {
		cmds = append(cmds, tea.RequestBackgroundColor)
	}
	return tea.Batch(cmds...)
}
