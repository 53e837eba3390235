package ui

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

// Counts of one say it in the singular: "1 call", "copied 1 line".
func TestCountsOfOneAreSingular(t *testing.T) {
	off := false
	x := start(t, Options{Path: testdata + "/harness/bash-tool-turn/session.jsonl", Follow: &off}, 100, 24)
	s := x.waitFor("$ echo TERMINAL_OK")
	if m := regexp.MustCompile(`\b1 (calls|errors|matches)\b`).FindString(s); m != "" {
		t.Errorf("the status bar says %q", m)
	}
	x.waitFor("1 call")
	x.keys("g", "y")
	x.waitFor("copied 1 line")
	if s := x.screen(); strings.Contains(s, "copied 1 lines") {
		t.Errorf("a plural of one:\n%s", s)
	}
	x.quit()
}
