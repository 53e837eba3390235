package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// A nested call's line says what it did and where, from the card's
// folder: the file the harness recorded, unless its title names it, and
// the folder a command ran in, unless it is the card's.
func TestANestedCallsLineSaysWhere(t *testing.T) {
	o := Options{Width: 200, Theme: theme.Dark(), Cwd: "/w"}
	for s, want := range map[session.SubCall]string{
		{Name: "bash", Done: true, Title: "go test ./...", Cwd: "/w/pkg"}:               "↳ ✓ bash  go test ./... · in pkg",
		{Name: "bash", Done: true, Title: "ls", Cwd: "/w"}:                              "↳ ✓ bash  ls",
		{Name: "read", Done: true, Title: "Read a.go", Path: "/w/pkg/a.go"}:             "↳ ✓ read  Read a.go · pkg/a.go",
		{Name: "read", Done: true, Title: "Read /w/pkg/a.go", Path: "/w/pkg/a.go"}:      "↳ ✓ read  Read pkg/a.go",
		{Name: "edit", Done: true, IsError: true, Title: "Edit /etc/x", Path: "/etc/x"}: "↳ ✗ edit  Edit /etc/x",
		{Name: "glob"}: "↳ ◌ glob",
	} {
		card := ansi.Strip(strings.Join(Render(&session.ToolCall{Name: "run_code", SubCalls: []session.SubCall{s}}, o), "\n"))
		if !strings.Contains(card, "\n  "+want+"\n") && !strings.HasSuffix(card, "\n  "+want) {
			t.Errorf("%+v: no %q in:\n%s", s, want, card)
		}
	}
}
