package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A status bar too narrow for its facts keeps the answer to the key just
// pressed: it comes first, and the facts are cut after it.
func TestANarrowStatusBarKeepsTheFlash(t *testing.T) {
	v := readViewer(t, demoLog(t))
	v.resize(60, 30)
	press(v, "w")
	status := ansi.Strip(v.statusBar())
	if !strings.Contains(status, "long lines cut") || ansi.StringWidth(status) > 60 {
		t.Fatalf("at 60 columns the status bar reads %q", status)
	}
	v.resize(120, 30)
	if status := ansi.Strip(v.statusBar()); !strings.HasSuffix(status, "· long lines cut") {
		t.Fatalf("at 120 columns the status bar reads %q", status)
	}
}
