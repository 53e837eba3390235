package viewer

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
	"github.com/deck-tui/deck/ui/config"
)

// four turns, each with its prompt, calls and time
const resumed = testdata + "/harness/live/session-logs/plain-resumed/session.jsonl"

// t lists the turns with their prompts, calls, errors and times, and the
// session's model, tokens and folder above them; enter jumps to the picked
// turn, and a count before t jumps to that turn at once.
func TestOutlineJumpsToATurn(t *testing.T) {
	x := start(t, Options{Path: resumed, Follow: new(false)}, 120, 30)
	x.waitFor("card 1 of ")
	x.keys("t")
	s := x.waitFor("≡ outline · 4 turns", "turn 1  Please read hello.txt and then run a bash command.", "turn 2  Second turn on a resumed session.",
		"turn 4  /nonexistent-command", "2 calls · 817ms", "pick a turn")
	if !regexp.MustCompile(`tokens`).MatchString(s) || !strings.Contains(s, "in /") {
		t.Errorf("the outline does not say the session's tokens and folder:\n%s", s)
	}
	if !strings.Contains(s, "▌turn 1") {
		t.Errorf("the first turn is not picked:\n%s", s)
	}
	x.keys("j", "enter")
	x.waitUntil("turn 2 at the top, focused", func(s string) bool {
		return strings.HasPrefix(s, "▌── turn 2 · 14:52:23") && !strings.Contains(s, "≡ outline")
	})
	x.keys("4", "t")
	x.waitFor("▌── turn 4 ·")
	x.keys("9", "t")
	x.waitFor("no turn 9")
	x.keys("t")
	x.waitFor("≡ outline")
	x.keys("t") // the key that opened it closes it
	x.waitUntil("the cards again", func(s string) bool { return !strings.Contains(s, "≡ outline") })
	x.quit()
}

// A count before a key repeats it or, before g and G, names the card, as
// in less; ctrl+d/u/f/b move as d, u, space and b do.
func TestCountsAndLessKeys(t *testing.T) {
	x := start(t, Options{Demo: true}, 100, 30)
	x.waitFor("card 1 of 29")
	x.keys("4", "]") // as ] four times: todo, grep, glob, read
	x.waitFor("✓ Read server/health.go", "card 11 of 29")
	x.keys("1", "0", "G")
	x.waitFor("card 10 of 29")
	x.keys("2", "g")
	x.waitFor("card 2 of 29")

	// the cards on screen, not which is focused: one long scroll may leave
	// the focus elsewhere than short ones do
	cardsOf := func(s string) string {
		rows := strings.Split(strings.ReplaceAll(s, "▌", " "), "\n")
		return strings.Join(rows[:len(rows)-2], "\n")
	}
	same := func(what string, a, b []string) {
		t.Helper()
		x.keys("g")
		x.waitFor("card 1 of 29")
		x.keys(a...)
		want := cardsOf(x.settled(fmt.Sprint(a), anything))
		x.keys("g")
		x.waitFor("card 1 of 29")
		x.keys(b...)
		if got := cardsOf(x.settled(fmt.Sprint(b), anything)); got != want {
			t.Errorf("%s: %v and %v differ:\n%s\n---\n%s", what, a, b, want, got)
		}
	}
	same("3j", []string{"j", "j", "j"}, []string{"3", "j"})
	same("ctrl+d", []string{"d"}, []string{"ctrl+d"})
	same("ctrl+f", []string{"space"}, []string{"ctrl+f"})
	same("2 ctrl+d", []string{"d", "d"}, []string{"2", "ctrl+d"})
	same("ctrl+u", []string{"space", "space", "u"}, []string{"space", "space", "ctrl+u"})
	same("ctrl+b", []string{"space", "space", "b"}, []string{"space", "space", "ctrl+b"})
	x.quit()
}

// v shows one kind of card, or hides one, and the status bar says which;
// the turn headers stay, and the focused card stays in view.
func TestFilterByKind(t *testing.T) {
	x := start(t, Options{Demo: true}, 100, 30)
	x.waitFor("card 1 of 29")
	x.keys("v")
	s := x.waitFor("only tool calls", "card 1 of 15", "── turn 1")
	if strings.Contains(s, "∴ thinking") || strings.Contains(s, "› GET /healthz") {
		t.Errorf("only tool calls shows other cards:\n%s", s)
	}
	x.keys("v")
	x.waitFor("only errors", "card 1 of 3")
	x.keys("tab")
	x.waitFor("▌✗ $ go test ./...", "card 2 of 3")
	x.keys("v")
	s = x.waitFor("thinking hidden", "card 12 of 24", "▌✗ $ go test ./...") // still on the test run
	if strings.Contains(s, "∴ thinking") {
		t.Errorf("thinking shows:\n%s", s)
	}
	x.keys("g")
	s = x.waitFor("thinking hidden", "card 1 of 24", "runtime context")
	if strings.Contains(s, "∴ thinking") {
		t.Errorf("thinking shows:\n%s", s)
	}
	x.keys("v")
	s = x.waitFor("injected context hidden", "∴ thinking", "› GET /healthz")
	if strings.Contains(s, "runtime context") {
		t.Errorf("the injected context shows:\n%s", s)
	}
	x.keys("v")
	x.waitUntil("every card again", func(s string) bool { return strings.Contains(s, "card 1 of 29") && !strings.Contains(s, "hidden") })
	x.quit()
}

// T shows each card's time beside its first row, and hides it again; the
// status bar names the session's model.
func TestCardTimesAndTheModel(t *testing.T) {
	x := start(t, Options{Demo: true}, 100, 30)
	s := x.waitFor("card 1 of 29", "deepseek-v4-pro")
	if strings.Contains(s, "10:14:03 ── turn 1") {
		t.Fatalf("the times show before T:\n%s", s)
	}
	x.keys("T")
	x.waitFor("▌10:14:03 ── turn 1 · 10:14:03")
	x.waitUntil("the prompt's time, once its card is drawn", regexp.MustCompile(`(?m)^ \d\d:\d\d:\d\d › GET /healthz`).MatchString)
	x.keys("T")
	x.waitFor("▌── turn 1 · 10:14:03")
	x.quit()
}

// The config file names the new actions as it names the others.
func TestConfigBindsTheNavigationKeys(t *testing.T) {
	for _, name := range []string{"outline", "filter", "times"} {
		if _, ok := KeyActions()[name]; !ok {
			t.Errorf("no action %q for the config file", name)
		}
	}
	path := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(path, []byte("[keys]\noutline = [\"O\"]\nfilter = [\"F\"]\ntimes = [\"ctrl+t\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := config.Load(path, false, KeyActions())
	if err != nil {
		t.Fatal(err)
	}
	x := start(t, Options{Demo: true, Config: f}, 100, 30)
	x.waitFor("card 1 of 29")
	x.keys("O")
	x.waitFor("≡ outline · 1 turn")
	x.keys("esc", "F")
	x.waitFor("only tool calls")
	x.tm.Send(tea.KeyPressMsg{Code: 't', Mod: tea.ModCtrl})
	x.waitFor("▌10:14:03 ── turn 1")
	x.quit()
}

// A search under a filter finds only what the filter shows, and finds it
// again when the filter changes.
func TestAFilterSearchesTheCardsItShows(t *testing.T) {
	x := start(t, Options{Demo: true}, 100, 30)
	x.waitFor("card 1 of 29")
	x.keys("/")
	x.typeText("healthz")
	x.keys("enter")
	_, all := x.match()
	x.keys("v")
	re := regexp.MustCompile(`(?m)· (\d+) matches$`) // in the status bar
	s := x.waitUntil("the tool calls' matches", func(s string) bool { return strings.Contains(s, "only tool calls") && re.MatchString(s) })
	tools, _ := strconv.Atoi(re.FindStringSubmatch(s)[1])
	if tools == 0 || tools >= all {
		t.Errorf("%d matches among the tool calls, %d in all", tools, all)
	}
	x.keys("n")
	x.waitFor(fmt.Sprintf("of %d", tools))
	x.quit()
}

// The outline's rows are made of untrusted text: the prompt and the model
// reach the screen sanitised.
func TestTheOutlineIsSanitised(t *testing.T) {
	evil := "\x1b]52;c;cm0gLXJmIH4=\x07\x1b[2Jrun \u202eit"
	items := []item{
		describe(&session.TurnStart{EntryBase: session.EntryBase{ID: 1}, Turn: 1}),
		describe(&session.UserMessage{EntryBase: session.EntryBase{ID: 2}, Role: session.RoleHuman,
			Content: []session.ContentBlock{{Type: "text", Text: evil}}}),
	}
	v := &Viewer{all: items, items: items, model: evil, cwd: evil, th: theme.Dark()}
	p := v.outlinePage()
	rows, _ := p.draw(cards.Options{Width: 80, Theme: theme.Dark()})
	text := strings.Join(rows, "\n")
	for _, bad := range []string{"\x1b]", "\x07", "\x1b[2J", "\u202e"} {
		if strings.Contains(text, bad) {
			t.Errorf("the outline lets %q through:\n%q", bad, text)
		}
	}
	if !strings.Contains(ansi.Strip(text), "run ") {
		t.Errorf("the prompt is lost:\n%s", ansi.Strip(text))
	}
}

// Hiding injected context hides what the harness injected, never a
// person's prompt, a summary, or a message from a source deck does not
// know (not known to be injected).
func TestHidingInjectedContextKeepsWhatIsNotKnownToBeInjected(t *testing.T) {
	for role, kept := range map[session.MessageRole]bool{
		session.RoleHuman:         true,
		session.RoleSummary:       true,
		session.RoleUnknownSource: true,
		session.RoleContext:       false,
		session.RoleInjected:      false,
	} {
		if got := noInjected.keeps(describe(&session.UserMessage{Role: role})); got != kept {
			t.Errorf("role %d: kept %v, want %v", role, got, kept)
		}
	}
}
