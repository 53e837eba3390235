// Package golden renders session logs through deck's cards at fixed widths
// and compares them with golden files reviewed by eye. Run
// `go test ./golden -update` to rewrite them, then read the diff.
package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/golden/loggen"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/harness"
	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/session/stats"
	"github.com/deck-tui/deck/theme"
	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

func TestMain(m *testing.M) {
	time.Local = time.UTC // cards show wall-clock times; goldens must not depend on the machine
	os.Exit(m.Run())
}

// fixture is one session log to render.
type fixture struct {
	name string // as it names its goldens: harness/fs-read, live/plain, fixtures/bash
	path string
}

// fixtures lists every log under testdata: the harness's scenarios, the live
// host's logs (plain twins only: the zstd twins must render the same, which
// TestZstdTwinsRenderAlike checks), deck's own fixtures, and the one in a
// harness home of its own (client-cards).
func fixtures(t testing.TB) []fixture {
	var out []fixture
	add := func(pattern string, name func(path string) string) {
		paths, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range paths {
			out = append(out, fixture{name(p), p})
		}
	}
	add("testdata/harness/*/session.jsonl", func(p string) string { return "harness/" + filepath.Base(filepath.Dir(p)) })
	add("testdata/harness/live/session-logs/*/session.jsonl", func(p string) string { return "live/" + filepath.Base(filepath.Dir(p)) })
	// a harness home in small: its log beside its attachment store (the
	// images read_image returned), as the 0.2 harness lays them out
	add("testdata/client-cards/sessions/*/*/session.v4.jsonl", func(p string) string { return "client-cards/" + filepath.Base(filepath.Dir(p)) })
	add("testdata/fixtures/*.jsonl*", func(p string) string {
		return "fixtures/" + strings.TrimSuffix(strings.TrimSuffix(filepath.Base(p), ".zstd"), ".jsonl")
	})
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	if len(out) < 40 {
		t.Fatalf("found %d fixtures; the testdata is incomplete", len(out))
	}
	return out
}

// corpusFixtures lists the other agents' real logs under testdata/corpus:
// ACP transcripts, Claude Code and Codex sessions (each folder's README says
// where they came from).
func corpusFixtures(t testing.TB) []fixture {
	paths, err := filepath.Glob("testdata/corpus/*/*")
	if err != nil {
		t.Fatal(err)
	}
	var out []fixture
	for _, p := range paths {
		base := filepath.Base(p)
		if base == "README.md" {
			continue
		}
		base = strings.TrimSuffix(strings.TrimSuffix(base, ".jsonl"), ".json")
		name := "corpus/" + filepath.Base(filepath.Dir(p)) + "/" + base
		if log, err := source.Resolve(p); err == nil { // a session folder (Grok Build's): its log
			p = log
		}
		out = append(out, fixture{name, p})
	}
	if len(out) < 14 {
		t.Fatalf("found %d corpus logs; the testdata is incomplete", len(out))
	}
	return out
}

func open(t testing.TB, path string) *session.Session {
	t.Helper()
	s, err := source.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// render draws a session as `deck render` does on stdout: of a log it does
// not show as understood or current, only the header.
func render(s *session.Session, width int, th *theme.Theme) string {
	if s.Header.Unsupported != nil {
		return strings.Join(cards.Header(s.HeaderOnly(), cards.Options{Width: width, Theme: th}), "\n") + "\n"
	}
	return strings.Join(transcript(s, cards.Options{Width: width, Theme: th, Expanded: true}), "\n") + "\n"
}

func plain(ansiText string) string { return theme.Encode(ansiText, colorprofile.NoTTY) }

// TestGolden pins every fixture at 40, 80 and 120 columns, plain and in the
// dark theme's colours, and in the light theme at 80; a few in 256 and 16
// colours too (inEveryProfile).
func TestGolden(t *testing.T) {
	for _, f := range fixtures(t) {
		t.Run(f.name, func(t *testing.T) {
			s := open(t, f.path)
			drawn := func(w int, th *theme.Theme) string {
				if why := s.Header.Unsupported; why != nil {
					return render(s, w, th) + why.Error() + "\n" // what deck render says on stderr
				}
				return render(s, w, th)
			}
			for _, w := range []int{40, 80, 120} {
				out := drawn(w, theme.Dark())
				t.Run(widthName(w, "plain"), func(t *testing.T) { golden.RequireEqual(t, plain(out)) })
				t.Run(widthName(w, "dark"), func(t *testing.T) { golden.RequireEqual(t, out) })
			}
			t.Run("w80-light", func(t *testing.T) { golden.RequireEqual(t, drawn(80, theme.Light())) })
			if inEveryProfile[f.name] {
				for _, th := range []*theme.Theme{theme.Dark(), theme.Light()} {
					for _, p := range []colorprofile.Profile{colorprofile.ANSI256, colorprofile.ANSI} {
						t.Run(fmt.Sprintf("w80-%s-%d", th.Name, colours[p]), func(t *testing.T) {
							golden.RequireEqual(t, theme.Encode(drawn(80, th.For(p)), p))
						})
					}
				}
			}
		})
	}
}

// inEveryProfile are the fixtures also pinned as a terminal of 256 and of 16
// colours shows them, in both themes: a diff's colours are chosen per
// profile (theme.For), the rest downsampled.
var inEveryProfile = map[string]bool{"fixtures/edit-diffs": true}

var colours = map[colorprofile.Profile]int{colorprofile.ANSI256: 256, colorprofile.ANSI: 16}

// TestCorpusGolden pins the other agents' real logs at 100 columns, plain
// and in colour, and checks each reads without a notice.
func TestCorpusGolden(t *testing.T) {
	for _, f := range corpusFixtures(t) {
		t.Run(f.name, func(t *testing.T) {
			s := open(t, f.path)
			if n := s.NoticeCount(); n != 0 {
				t.Errorf("%d notices: %v", n, s.Notices()[0].Text)
			}
			out := render(s, 100, theme.Dark())
			t.Run("w100-plain", func(t *testing.T) { golden.RequireEqual(t, plain(out)) })
			t.Run("w100-dark", func(t *testing.T) { golden.RequireEqual(t, out) })
		})
	}
}

// TestHarnessNextGolden pins the newer harness's logs (testdata/harness-next:
// its own v3 and v5 fixtures, a 0.1.1-rc.2 host's logs) at 100 columns,
// plain and in colour, and checks each reads without a notice and with a
// result for every call.
func TestHarnessNextGolden(t *testing.T) {
	paths, _ := filepath.Glob("testdata/harness-next/*/*.jsonl")
	live, _ := filepath.Glob("testdata/harness-next/live/session-logs/*/session.jsonl")
	if len(paths) < 8 || len(live) < 5 {
		t.Fatalf("found %d fixtures and %d live logs; the testdata is incomplete", len(paths), len(live))
	}
	for _, p := range append(paths, live...) {
		name := strings.TrimPrefix(filepath.Dir(p), "testdata/")
		t.Run(name, func(t *testing.T) {
			s := open(t, p)
			if n := s.NoticeCount(); n != 0 {
				t.Errorf("%d notices: %v", n, s.Notices()[0].Text)
			}
			for _, e := range s.Entries {
				if c, ok := e.(*session.ToolCall); ok && c.Result == nil {
					t.Errorf("call %s (%s) has no result", c.CallID, c.Name)
				}
			}
			out := render(s, 100, theme.Dark())
			t.Run("w100-plain", func(t *testing.T) { golden.RequireEqual(t, plain(out)) })
			t.Run("w100-dark", func(t *testing.T) { golden.RequireEqual(t, out) })
		})
	}
}

func widthName(w int, kind string) string { return fmt.Sprintf("w%d-%s", w, kind) }

// terminalCells is how wide a row is on the wider of the two kinds of terminal: one
// that lays out grapheme clusters (x/vt, mode 2027; x/ansi's StringWidth),
// and one that advances per code point (tmux, and Bubble Tea's renderer
// inside it; x/ansi's StringWidthWc). 👍🏽 is 2 cells on the first, 4 on
// the second.
func terminalCells(row string) int { return max(ansi.StringWidth(row), ansi.StringWidthWc(row)) }

// TestWidthBound renders every fixture at every width from 20 to 160 and
// checks that no row is wider than its width on either kind of terminal
// (terminalCells), that plain output holds no escape byte, and that no layout
// needed its rows cut to fit; and the fixture of keycaps, flags, ZWJ
// sequences, skin tones, Thai, Hangul jamo and Devanagari (in Markdown,
// commands, their output, a file) at every width from 2 to 19 too, where a
// row may be cut to fit but never be wider.
func TestWidthBound(t *testing.T) {
	if raceDetector {
		t.Skip("a layout check gains nothing from -race, ten times slower: make test runs it without")
	}
	wide := open(t, "testdata/fixtures/wide-graphemes.jsonl")
	for w := 2; w < 20; w++ {
		for i, row := range strings.Split(render(wide, w, theme.Dark()), "\n") {
			if got := terminalCells(row); got > w {
				t.Fatalf("wide graphemes at width %d: row %d is %d cells wide:\n%q", w, i+1, got, row)
			}
		}
	}
	before := cards.OverflowCuts()
	for _, f := range fixtures(t) {
		s := open(t, f.path)
		for w := 20; w <= 160; w++ {
			out := render(s, w, theme.Dark())
			for i, row := range strings.Split(out, "\n") {
				if got := terminalCells(row); got > w {
					t.Fatalf("%s at width %d: row %d is %d cells wide:\n%q", f.name, w, i+1, got, row)
				}
			}
			if p := plain(out); strings.ContainsRune(p, 0x1B) {
				t.Fatalf("%s at width %d: plain output holds an escape byte", f.name, w)
			}
		}
	}
	for _, f := range corpusFixtures(t) {
		s := open(t, f.path)
		for _, w := range []int{20, 33, 57, 100, 160} {
			for i, row := range strings.Split(render(s, w, theme.Dark()), "\n") {
				if got := terminalCells(row); got > w {
					t.Fatalf("%s at width %d: row %d is %d cells wide:\n%q", f.name, w, i+1, got, row)
				}
			}
		}
	}
	if cut := cards.OverflowCuts() - before; cut != 0 {
		t.Errorf("%d rows were cut to fit their width: a card laid itself out too wide", cut)
	}
}

// TestZstdTwinsRenderAlike checks that a zstd log and its plain twin give
// the same cards.
func TestZstdTwinsRenderAlike(t *testing.T) {
	zs, _ := filepath.Glob("testdata/harness/live/session-logs/*/session.jsonl.zstd")
	next, _ := filepath.Glob("testdata/harness-next/live/session-logs/*/session.jsonl.zstd")
	zs = append(append(zs, next...), "testdata/fixtures/bash-zstd.jsonl.zstd", "testdata/fixtures/harness-v5-zstd.jsonl.zstd")
	if len(zs) < 14 {
		t.Fatalf("found %d zstd logs", len(zs))
	}
	for _, z := range zs {
		twin := strings.TrimSuffix(z, ".zstd")
		if strings.HasSuffix(z, "-zstd.jsonl.zstd") { // a fixture of deck's own: its plain twin
			twin = strings.TrimSuffix(z, "-zstd.jsonl.zstd") + ".jsonl"
		}
		a, b := render(open(t, z), 100, theme.Dark()), render(open(t, twin), 100, theme.Dark())
		if a != b {
			t.Errorf("%s renders differently from %s", z, twin)
		}
	}
}

// The viewer shows a card drawn without highlighting until the highlighted
// drawing is ready: the two must be the same rows, so nothing moves when
// the colours arrive.
func TestQuickDrawingHasTheSameRows(t *testing.T) {
	for _, f := range append(fixtures(t), corpusFixtures(t)...) {
		s := open(t, f.path)
		for _, w := range []int{40, 100} {
			for _, e := range s.Entries {
				o := cards.Options{Width: w, Theme: theme.Dark(), Cwd: s.Header.Cwd, Expanded: true}
				full := plain(strings.Join(cards.Render(e, o), "\n"))
				o.NoHighlight = true
				quick := plain(strings.Join(cards.Render(e, o), "\n"))
				if full != quick {
					t.Fatalf("%s at %d: the quick drawing differs:\n%s\n---\n%s", f.name, w, full, quick)
				}
			}
		}
	}
}

// Without wrapping, long code lines are cut at the width with a mark, and
// scroll sideways, with a mark over the first cell in view.
func TestNoWrapCutsAndScrolls(t *testing.T) {
	s := open(t, "testdata/fixtures/read-hostile.jsonl")
	var call session.Entry
	for _, e := range s.Entries {
		if _, ok := e.(*session.ToolCall); ok {
			call = e
		}
	}
	o := cards.Options{Width: 40, Theme: theme.Dark(), Cwd: s.Header.Cwd, Expanded: true, NoWrap: true}
	rows := strings.Split(plain(strings.Join(cards.Render(call, o), "\n")), "\n")
	if len(rows) != 10 || !strings.HasPrefix(rows[8], "  8 │ long: 0123") || !strings.HasSuffix(rows[8], "›") || ansi.StringWidth(rows[8]) != 40 {
		t.Fatalf("not cut:\n%s", strings.Join(rows, "\n"))
	}
	o.Scroll = 10
	rows = strings.Split(plain(strings.Join(cards.Render(call, o), "\n")), "\n")
	if !strings.HasPrefix(rows[8], "  8 │ ‹56789") || !strings.HasSuffix(rows[8], "›") {
		t.Fatalf("not scrolled: %q", rows[8])
	}
}

// A card of a million output lines draws up to the display cap and says
// how much it did not draw.
func TestDisplayCap(t *testing.T) {
	out := strings.Repeat("a line of output\n", 1000000)
	args, _ := loggen.Marshal(map[string]string{"command": "yes", "description": "Print forever"})
	res, _ := loggen.Marshal(out)
	log := `{"type":"session","version":0,"id":"s","createdAt":1,"delegationDepth":0}` + "\n" +
		`{"type":"tool/call","seq":0,"time":1,"data":{"turn":1,"step":1,"callId":"c","name":"bash","arguments":` + string(mustJSON(string(args))) + `}}` + "\n" +
		`{"type":"tool/result","seq":1,"time":2,"data":{"turn":1,"step":1,"message":{"source":{"kind":"tool","callId":"c"},"content":[{"type":"tool-result","toolCallId":"c","content":[{"type":"text","text":` + string(res) + `}]}]}}}` + "\n"
	s, err := source.ReadAll(strings.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	rows := cards.Render(s.Call("c"), cards.Options{Width: 80, Theme: theme.Dark(), Expanded: true})
	last := ansi.Strip(rows[len(rows)-1])
	if len(rows) > 10001 || !strings.Contains(last, "more not drawn: the card is over the display cap of 10,000 rows") {
		t.Fatalf("%d rows, the last %q", len(rows), last)
	}
	for _, r := range rows {
		if ansi.StringWidth(r) > 80 {
			t.Fatalf("a row of %d cells", ansi.StringWidth(r))
		}
	}
}

func mustJSON(s string) []byte {
	b, _ := loggen.Marshal(s)
	return b
}

// A live host's events, fed one by one with the views it attached, make the
// same cards as the log it wrote of the same session.
// hostFrame is one session event of a live host's WebSocket capture, with
// the render intent it came with.
type hostFrame struct {
	session   string
	raw, view []byte
	viewFor   string
}

// hostEvent reads a line of a host capture (mux.frames.jsonl); ok is false
// for frames that are no session event.
func hostEvent(line []byte) (e hostFrame, ok bool) {
	var f struct {
		Msg struct {
			Payload struct {
				Type      string         `json:"type"`
				SessionID string         `json:"sessionId"`
				Event     jsontext.Value `json:"event"`
				View      *struct {
					For  string         `json:"for"`
					View jsontext.Value `json:"view"`
				} `json:"view"`
			} `json:"payload"`
		} `json:"msg"`
	}
	if json.Unmarshal(line, &f) != nil || f.Msg.Payload.Type != "session/event" {
		return hostFrame{}, false
	}
	p := f.Msg.Payload
	e = hostFrame{session: p.SessionID, raw: p.Event}
	if p.View != nil {
		e.view, e.viewFor = p.View.View, p.View.For
	}
	return e, true
}

func TestLiveEventsRenderAsTheLog(t *testing.T) {
	bySession := map[string][]hostFrame{}
	data, err := os.ReadFile("testdata/harness/live/web-api/mux.frames.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if e, ok := hostEvent([]byte(line)); ok {
			bySession[e.session] = append(bySession[e.session], e)
		}
	}
	logs, _ := filepath.Glob("testdata/harness/live/session-logs/*/session.jsonl")
	compared := 0
	for _, path := range logs {
		logged := open(t, path)
		events := bySession[logged.Header.ID]
		if len(events) == 0 || len(events) < int(session.Base(logged.Entries[len(logged.Entries)-1]).Seq) {
			continue // a log of a session this capture did not stream whole
		}
		r := harness.NewEvents()
		for _, e := range events {
			r.Write(e.raw, e.view, e.viewFor)
		}
		live := r.Session()
		if n := live.NoticeCount(); n != 0 {
			t.Errorf("%s: %d notices: %s", path, n, live.Notices()[0].Text)
		}
		draw := func(s *session.Session) string {
			var out []string
			for _, e := range s.Entries {
				out = append(out, plain(strings.Join(cards.Render(e, cards.Options{Width: 100, Theme: theme.Dark(), Cwd: logged.Header.Cwd, Expanded: true}), "\n")))
			}
			return strings.Join(out, "\n")
		}
		if a, b := draw(live), draw(logged); a != b {
			t.Errorf("%s: the live events draw differently from the log:\n%s\n---\n%s", path, a, b)
		}
		compared++
	}
	if compared < 4 {
		t.Fatalf("compared %d sessions; the capture holds more", compared)
	}
}

// transcript is a session drawn as deck render draws it, as rows.
func transcript(s *session.Session, o cards.Options) []string {
	var out []string
	cards.EachCard(s, o, func(rows []string) error {
		out = append(out, rows...)
		return nil
	})
	return append(append(out, ""), cards.StatsCard(stats.Of(s), o)...) // deck render's closing stats
}
