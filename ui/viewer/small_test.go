package viewer

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest/v2"
)

// q in the help closes the help, as in less; q then quits.
func TestQInTheHelpClosesIt(t *testing.T) {
	x := start(t, Options{Demo: true}, 100, 30)
	x.waitFor("card 1 of 29")
	x.keys("?")
	x.waitFor("deck — keys")
	x.keys("q")
	x.waitUntil("the help closed and deck still runs", func(s string) bool {
		return !strings.Contains(s, "deck — keys") && strings.Contains(s, "card 1 of 29")
	})
	x.keys("q")
	x.tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
}

// Counts of one say it in the singular: "1 call", "1 line"; a copy says it was sent, for whether the terminal took it cannot be known.
func TestCountsOfOneAreSingular(t *testing.T) {
	x := start(t, Options{Path: testdata + "/harness/bash-tool-turn/session.jsonl", Follow: new(false)}, 100, 24)
	s := x.waitFor("$ echo TERMINAL_OK")
	if m := regexp.MustCompile(`\b1 (calls|errors|matches)\b`).FindString(s); m != "" {
		t.Errorf("the status bar says %q", m)
	}
	x.waitFor("1 call")
	x.keys("g", "y")
	x.waitFor("sent to the clipboard: 1 line")
	if s := x.screen(); strings.Contains(s, "1 lines") {
		t.Errorf("a plural of one:\n%s", s)
	}
	x.quit()
}

// At 60 columns the hint bar drops other hints before `? help` and `q quit`.
func TestTheHintBarKeepsHelpAndQuit(t *testing.T) {
	x := start(t, Options{Demo: true}, 60, 20)
	s := x.waitFor("card 1 of 29")
	rows := strings.Split(s, "\n")
	if bar := rows[len(rows)-1]; !strings.Contains(bar, "? help") || !strings.Contains(bar, "q quit") {
		t.Errorf("the hint bar at 60 columns: %q", bar)
	}
	x.quit()
}

// At 60×20 the help says how many of its lines it cannot show; at 40
// columns its right column is stacked under the left, not cut off.
func TestTheHelpSaysWhatDoesNotFit(t *testing.T) {
	x := start(t, Options{Demo: true}, 60, 20)
	x.waitFor("card 1 of 29")
	x.keys("?")
	x.waitFor("deck — keys", "not shown: a taller terminal shows them")
	x.keys("j")
	x.quit()

	x = start(t, Options{Demo: true}, 40, 80)
	x.waitFor("card 1 of 29")
	x.keys("?")
	x.waitFor("deck — keys", "follow the log", "quit")
	x.keys("j")
	x.quit()
}
