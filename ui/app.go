// Package ui is deck's full-screen program: a picker of the sessions on
// disk, and a viewer that draws a session's cards, follows a log as it
// grows, and lets a person move through it. It draws nothing itself: every
// card comes from package cards.
package ui

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"

	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/demo"
	"github.com/deck-tui/deck/session/follow"
	"github.com/deck-tui/deck/session/live"
	"github.com/deck-tui/deck/theme"
	"github.com/deck-tui/deck/ui/config"
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
}

// New builds the program's model for the options.
func New(o Options) (tea.Model, error) {
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
	switch {
	case o.Demo:
		a.model = a.viewer(logFeed(follow.Stream("demo", bytes.NewReader(demo.Log()))))
	case o.Stdin != nil:
		a.model = a.viewer(logFeed(follow.Stream("stdin", o.Stdin)))
	case o.Path != "":
		if _, err := os.Stat(o.Path); err != nil {
			return nil, err
		}
		a.model = a.viewer(logFeed(follow.File(o.Path, o.Path, followDefault(o.Follow, o.Path))))
	default:
		sessions := catalog.Find(roots)
		switch {
		case len(sessions) == 0 && o.Last:
			return nil, fmt.Errorf("no sessions in %s", catalog.Describe(roots))
		case len(sessions) == 0:
			a.model = a.viewer(logFeed(follow.Stream("demo", bytes.NewReader(demo.Log()))))
		case o.Last:
			s := sessions[0]
			a.model = a.viewer(logFeed(follow.File(s.Path, s.Path, followDefault(o.Follow, s.Path))))
		default:
			a.model = newPicker(a.th, catalog.Describe(roots), sessions)
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

func (a *app) viewer(src *feed) *viewer {
	v := newViewer(src, a.th, a.fixed)
	v.configure(a.o.Config)
	return v
}

func (a *app) Init() tea.Cmd { return a.model.Init() }

func (a *app) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		a.width, a.height = msg.Width, msg.Height
	case openMsg:
		return a, a.open(a.viewer(logFeed(follow.File(msg.path, msg.path, msg.follow))))
	case openLiveMsg:
		v := a.viewer(newLiveSource(a.host, msg.id))
		v.live = newLiveState(a.host, msg.id)
		v.live.title = msg.title
		return a, a.open(v)
	}
	var cmd tea.Cmd
	a.model, cmd = a.model.Update(msg)
	return a, cmd
}

// open puts a viewer on screen, at the screen's size.
func (a *app) open(v *viewer) tea.Cmd {
	a.model = v
	size := tea.WindowSizeMsg{Width: a.width, Height: a.height}
	return tea.Batch(v.Init(), func() tea.Msg { return size })
}

// attach starts on a harness host's sessions. A host that cannot be reached
// or refuses deck is an error that says so, before any screen is taken.
func (a *app) attach(c *live.Client) (tea.Model, error) {
	ctx, cancel := context.WithTimeout(context.Background(), liveCallTimeout)
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
	a.model = newHostPicker(a.th, c, host, sessions)
	return a, nil
}

func (a *app) View() tea.View { return a.model.View() }

// Run runs the program until the user quits.
func Run(o Options) error {
	m, err := New(o)
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
	_, err = tea.NewProgram(m, opts...).Run()
	return err
}
