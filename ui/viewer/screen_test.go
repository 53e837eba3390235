package viewer

import (
	"bytes"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/demo"
	"github.com/deck-tui/deck/session/follow"
	"github.com/deck-tui/deck/theme"
	"github.com/deck-tui/deck/ui/config"
	"github.com/deck-tui/deck/ui/internal/uitest"
)

// Options say what a test opens, in the terms of the program's options
// (ui.Options) a viewer alone takes: a log or the demo, followed or not,
// in a theme, with the config file's settings.
type Options struct {
	Path   string
	Demo   bool
	Follow *bool // nil: when the log changed lately, as the program does
	Theme  string
	Config config.File
	// Land opens it at a card with a search set, as a content search's
	// hit does (Viewer.Land); nil for the top
	Land *landing
}

// term is a viewer run headlessly (uitest.Term); t and tm are its test
// and its program, for the tests' own ways of reading and driving it.
type term struct {
	*uitest.Term
	t  *testing.T
	tm *teatest.TestModel
}

// start runs a viewer of o at w×h, opened as the program opens it. A nil
// o.Follow follows a log written lately, which is every fixture on a fresh
// checkout: a test that reads from the top says Follow: new(false).
func start(t *testing.T, o Options, w, h int) *term {
	t.Helper()
	return startIn(t, o, w, h, colorprofile.TrueColor)
}

// startIn is start with the terminal's colour profile p.
func startIn(t *testing.T, o Options, w, h int, p colorprofile.Profile) *term {
	t.Helper()
	if o.Theme == "" {
		o.Theme = "dark" // the emulator answers no colour query
	}
	th, err := theme.ByName(o.Theme)
	if err != nil {
		t.Fatal(err)
	}
	src := LogFeed(follow.Stream("demo", bytes.NewReader(demo.Log())))
	if !o.Demo {
		on := catalog.Live(o.Path)
		if o.Follow != nil {
			on = *o.Follow
		}
		src = LogFeed(follow.File(o.Path, o.Path, on))
	}
	v := New(src, th, true)
	v.Configure(o.Config)
	if o.Land != nil {
		v.Land(o.Land.entry, o.Land.nested, o.Land.query)
	}
	x := uitest.Start(t, v, w, h, p)
	return &term{Term: x, t: t, tm: x.TM}
}

func (x *term) screen() string { return x.Screen() }

func (x *term) waitFor(wants ...string) string {
	x.t.Helper()
	return x.WaitFor(wants...)
}

func (x *term) waitUntil(what string, ok func(string) bool) string {
	x.t.Helper()
	return x.WaitUntil(what, ok)
}

func (x *term) keys(keys ...string)   { x.Keys(keys...) }
func (x *term) typeText(s string)     { x.TypeText(s) }
func keyMsg(k string) tea.KeyPressMsg { return uitest.KeyMsg(k) }

func (x *term) quit() {
	x.t.Helper()
	x.Quit()
}
