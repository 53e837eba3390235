// Package ui is deck's full-screen program: it runs the tea.Program, opens
// the first page (a session's viewer, the picker of the sessions on disk, a
// harness host's picker) and routes between the pages. What a page asks for
// (open this session) comes here as a message: the app opens the viewer,
// and goes back to the picker on esc. The pages are packages of their own
// (ui/viewer, ui/picker, ui/attach) and never import one another.
package ui

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/demo"
	"github.com/deck-tui/deck/session/follow"
	"github.com/deck-tui/deck/session/index"
	"github.com/deck-tui/deck/session/live"
	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/theme"
	"github.com/deck-tui/deck/ui/attach"
	"github.com/deck-tui/deck/ui/config"
	"github.com/deck-tui/deck/ui/kit"
	"github.com/deck-tui/deck/ui/picker"
	"github.com/deck-tui/deck/ui/search"
	"github.com/deck-tui/deck/ui/termimage"
	"github.com/deck-tui/deck/ui/viewer"
)

// Options say what to open and how.
type Options struct {
	Path   string         // a log file or session folder; "" for the picker
	Stdin  io.Reader      // a log to read from a stream (deck -)
	Demo   bool           // the built-in demo session
	Last   bool           // the newest session on disk
	Follow *bool          // follow the log; nil: when it is still being written
	Theme  string         // "dark" or "light"; "" follows the terminal's background
	Roots  []catalog.Root // where the sessions are; nil for DefaultRoots()
	// Host is a harness host to attach to (deck attach): its sessions in
	// the picker, each opened live. "" for the files on disk.
	Host *live.Client

	// Input and Output replace the terminal (tests); with Stdin, the
	// keyboard is read from /dev/tty unless Input says otherwise.
	Input  io.Reader
	Output io.Writer

	// Index is the index of sessions the picker's content search reads;
	// nil to read the logs themselves, NoIndex saying why (--no-index, a
	// cache folder deck may not write).
	Index   *index.Index
	NoIndex string

	// Config is what the config file says of wrapping, collapsing and keys
	// (its theme is in Theme, after the flags).
	Config config.File
}

// app holds the model on screen: the picker, then the viewer it opened.
type app struct {
	o      Options
	host   *live.Client // deck attach
	th     *theme.Theme
	fixed  bool
	model  tea.Model
	width  int
	height int
	// picker is the picker of the sessions on disk, nil when deck opened
	// a session directly; results is its content search, once asked for.
	picker  *picker.Picker
	results *search.Page
	roots   []catalog.Root
	// back is the page a viewer was opened from (the picker or the
	// content search): esc or backspace in the viewer goes back to it.
	// nil when deck opened a session directly.
	back tea.Model
	// update brings the index up to the logs behind the picker; progress
	// is how far it is, nil when none runs
	update   *updating
	progress *index.Progress
	// opened counts the viewers opened: a message one of them asked for
	// reaches only that one, never a viewer opened after it.
	opened int
	// err is what Run returns: the input deck was opened on is no session
	// log at all (a README), which is an error, as for deck render.
	err error
}

// scopedMsg is a message a viewer's command brought back, with the viewer's
// number.
type scopedMsg struct {
	viewer int
	msg    tea.Msg
}

// newApp builds the program's model for the options.
func newApp(o Options) (tea.Model, error) {
	a := &app{o: o, th: theme.Dark()}
	if o.Theme != "" {
		th, err := theme.ByName(o.Theme)
		if err != nil {
			return nil, err
		}
		a.th, a.fixed = th, true
	}
	if o.Host != nil {
		return a.attach(o.Host)
	}
	roots := o.Roots
	if roots == nil {
		roots = catalog.DefaultRoots()
	}
	a.roots = roots
	switch {
	case o.Demo:
		a.model = a.viewerOf(viewer.LogFeed(follow.Stream("demo", bytes.NewReader(demo.Log()))))
	case o.Stdin != nil:
		a.model = a.viewerOf(viewer.LogFeed(follow.Stream("stdin", o.Stdin)))
	case o.Path != "":
		if _, err := source.Resolve(o.Path); err != nil && !(errors.Is(err, fs.ErrNotExist) && o.Follow != nil && *o.Follow) {
			return nil, err // a log followed is waited for until it is there (an empty session folder's too); anything else is an error
		}
		a.model = a.viewerOf(viewer.LogFeed(follow.File(o.Path, o.Path, followDefault(o.Follow, o.Path))))
	default:
		var sessions []catalog.Item
		fromIndex := o.Index != nil && !o.Last
		if fromIndex { // the first frame at once, from the index's rows; the logs looked at behind it
			sessions = o.Index.Rows(context.Background(), roots)
		}
		if len(sessions) == 0 {
			sessions, fromIndex = listed(o.Index, roots), false
		}
		switch {
		case len(sessions) == 0 && o.Last:
			return nil, fmt.Errorf("no sessions in %s", catalog.Describe(roots))
		case len(sessions) == 0:
			v := a.viewerOf(viewer.LogFeed(follow.Stream("demo", bytes.NewReader(demo.Log()))))
			v.Label = "demo" // no sessions were found
			a.model = v
		case o.Last:
			path := sessions[0].Opens()
			a.model = a.viewerOf(viewer.LogFeed(follow.File(path, path, followDefault(o.Follow, path))))
		default:
			if o.Index != nil {
				a.update, a.progress = startUpdate(o.Index, roots, fromIndex), &index.Progress{}
				// the picker shows the progress from its first frame
			}
			a.picker = picker.New(a.th, catalog.Describe(roots), sessions)
			if o.Index != nil {
				a.picker.Note(o.Index.Notes()...) // made again on opening
			}
			if a.progress != nil {
				a.picker.Indexing(*a.progress)
			}
			a.model = a.picker
		}
	}
	return a, nil
}

// followDefault follows a log when asked to, or, when nothing was said,
// when the log changed recently: it is probably still being written.
func followDefault(asked *bool, path string) bool {
	if asked != nil {
		return *asked
	}
	return catalog.Live(path)
}

// viewerOf is a viewer of src in the program's theme and config.
func (a *app) viewerOf(src *viewer.Feed) *viewer.Viewer {
	v := viewer.New(src, a.th, a.fixed)
	v.Configure(a.o.Config)
	return v
}

func (a *app) Init() tea.Cmd {
	if a.update != nil {
		return tea.Batch(a.model.Init(), a.update.next())
	}
	return a.model.Init()
}

func (a *app) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		a.width, a.height = msg.Width, msg.Height
	case tea.ColorProfileMsg: // sent once (or again when the terminal says it has true colour): viewers opened later draw in it too
		a.th = a.th.For(msg.Profile)
	case picker.OpenMsg:
		a.back = a.model
		return a, a.open(a.viewerOf(viewer.LogFeed(follow.File(msg.Path, msg.Path, a.following(msg.Follow)))))
	case search.OpenMsg:
		a.back = a.model
		v := a.viewerOf(viewer.LogFeed(follow.File(msg.Path, msg.Path, a.following(msg.Follow))))
		v.Land(msg.Entry, msg.Nested, msg.Query)
		return a, a.open(v)
	case listedMsg:
		return a, tea.Batch(a.picker.Replace(msg.sessions), a.update.next())
	case progressMsg:
		a.progress = &msg.p
		a.picker.Indexing(msg.p)
		if a.results != nil {
			a.results.Indexing(msg.p)
		}
		return a, a.update.next()
	case updatedMsg:
		a.progress = nil
		a.picker.Indexed()
		if a.o.Index != nil {
			a.picker.Note(a.o.Index.Notes()...) // made again while updating
		}
		if a.results != nil {
			return a, a.results.Indexed(msg.err)
		}
		if msg.err != nil && !errors.Is(msg.err, context.Canceled) {
			a.o.Index, a.o.NoIndex = nil, "the index could not be updated: "+msg.err.Error() // for a search asked later
		}
		return a, nil
	case search.BackMsg:
		a.model = a.picker
		return a, a.resize()
	case picker.ScannedMsg: // the picker goes on reading titles behind a viewer or the search
		if a.picker != nil && a.model != tea.Model(a.picker) {
			_, cmd := a.picker.Update(msg)
			return a, cmd
		}
	case scopedMsg:
		if msg.viewer != a.opened {
			return a, nil // for a viewer closed since
		}
		return a.Update(msg.msg)
	case tea.KeyPressMsg:
		if a.model == tea.Model(a.picker) && msg.String() == "ctrl+s" {
			return a, a.searchInside()
		}
		if v, ok := a.model.(*viewer.Viewer); ok && a.back != nil && a.closes(v) && (msg.String() == "esc" || msg.String() == "backspace") {
			v.Stop()
			a.model, a.back = a.back, nil
			a.opened++ // what the closed viewer still has coming is dropped
			if a.model == tea.Model(a.results) {
				return a, tea.Batch(a.results.Start(""), a.resize())
			}
			return a, a.resize()
		}
	case attach.OpenLiveMsg:
		v := a.viewerOf(viewer.NewLiveSource(a.host, msg.ID))
		v.OnHost(a.host, msg.ID, msg.Title, msg.Cwd)
		return a, a.open(v)
	}
	if search.Owns(msg) && a.results != nil && a.model != tea.Model(a.results) {
		_, cmd := a.results.Update(msg) // the search goes on behind the viewer it opened
		return a, cmd
	}
	var cmd tea.Cmd
	a.model, cmd = a.model.Update(msg)
	v, ok := a.model.(*viewer.Viewer)
	if ok && a.back == nil && v.NotALog() != nil {
		a.err = v.NotALog() // opened on it directly: nothing to go back to
		return a, tea.Quit
	}
	if ok && a.back != nil {
		cmd = scoped(a.opened, cmd)
	}
	return a, cmd
}

// searchInside puts the content search on screen, the picker's filter as
// its first query. It is the app's key, not a message the picker asks
// with: a message comes back after the keys typed meanwhile, which would
// land in the filter.
func (a *app) searchInside() tea.Cmd {
	if a.results == nil {
		a.results = search.New(a.th, a.o.Index, a.o.NoIndex, a.roots)
		if a.progress != nil {
			a.results.Indexing(*a.progress)
		}
	}
	a.model = a.results
	return tea.Batch(a.results.Start(a.picker.Filter()), a.resize())
}

// following is whether a log opened from a page is followed: as -f or
// --no-follow said, else the page's guess (the log changed lately).
func (a *app) following(guess bool) bool {
	if a.o.Follow != nil {
		return *a.o.Follow
	}
	return guess
}

// closes reports a viewer that esc closes: one at rest, or one the
// content search opened that holds no more than the search it was opened
// with.
func (a *app) closes(v *viewer.Viewer) bool {
	return v.AtRest() || a.back == tea.Model(a.results) && v.Idle()
}

// resize tells the page now on screen the screen's size.
func (a *app) resize() tea.Cmd {
	size := tea.WindowSizeMsg{Width: a.width, Height: a.height} // read here: the command runs off the loop
	return func() tea.Msg { return size }
}

// stop ends what the pages run in the background: the index is closed
// after.
func (a *app) stop() {
	if a.results != nil {
		a.results.Stop()
	}
	a.update.stop()
}

// listed is the sessions under roots: as the index lists them when there
// is one (the rows it holds of logs unchanged since, their titles not read
// again; the update behind the picker reads the rest), else as found.
func listed(ix *index.Index, roots []catalog.Root) []catalog.Item {
	if ix == nil {
		return catalog.Find(roots)
	}
	return ix.Listed(context.Background(), roots)
}

// scoped tags what cmd brings back with the viewer it is for. The program's
// own messages (a batch, quitting, the clipboard) go through as they are.
func scoped(n int, cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() tea.Msg {
		switch msg := cmd().(type) {
		case tea.BatchMsg:
			out := make(tea.BatchMsg, len(msg))
			for i, c := range msg {
				out[i] = scoped(n, c)
			}
			return out
		default:
			if viewer.Scoped(msg) {
				return scopedMsg{n, msg}
			}
			return msg
		}
	}
}

// open puts a viewer on screen, at the screen's size.
func (a *app) open(v *viewer.Viewer) tea.Cmd {
	a.model = v
	a.opened++
	size := tea.WindowSizeMsg{Width: a.width, Height: a.height}
	init := v.Init()
	if a.back != nil {
		init = scoped(a.opened, init)
	}
	return tea.Batch(init, func() tea.Msg { return size })
}

// attach starts on a harness host's sessions. A host that cannot be reached
// or refuses deck is an error that says so, before any screen is taken.
func (a *app) attach(c *live.Client) (tea.Model, error) {
	ctx, cancel := context.WithTimeout(context.Background(), kit.CallTimeout)
	defer cancel()
	host, err := c.Describe(ctx)
	if err != nil {
		return nil, err
	}
	sessions, err := c.Sessions(ctx)
	if err != nil {
		return nil, err
	}
	a.host = c
	a.model = attach.New(a.th, c, host, sessions)
	return a, nil
}

func (a *app) View() tea.View { return a.model.View() }

// Run runs the program until the user quits.
func Run(o Options) error {
	m, err := newApp(o)
	if err != nil {
		return err
	}
	var opts []tea.ProgramOption
	switch {
	case o.Input != nil:
		opts = append(opts, tea.WithInput(o.Input))
	case o.Stdin != nil: // stdin holds the log: the keyboard is the terminal
		tty, err := os.Open("/dev/tty")
		if err != nil {
			return fmt.Errorf("the log comes on stdin, and there is no terminal to read keys from: %w", err)
		}
		defer tty.Close()
		opts = append(opts, tea.WithInput(tty))
	}
	if o.Output != nil {
		opts = append(opts, tea.WithOutput(o.Output))
	}
	final, err := tea.NewProgram(m, opts...).Run()
	if a, ok := m.(*app); ok {
		a.stop()
	}
	out := io.Writer(os.Stdout)
	if o.Output != nil {
		out = o.Output
	}
	termimage.Leave(out) // the pictures the terminal was sent, the copies opened
	if a, ok := final.(*app); ok && err == nil {
		err = a.err
	}
	return err
}
