package viewer

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/theme"
)

// The outline's columns line up: every turn's prompt starts in the same
// cell whether its number has one digit or two, and its calls end and its
// time starts in the same cells whatever the time says (800ms, 2m05s, not
// ended).
func TestOutlineColumnsLineUp(t *testing.T) {
	var log strings.Builder
	log.WriteString(`{"type":"session","version":0,"id":"outline","createdAt":1796000000000,"cwd":"/w","delegationDepth":0}` + "\n")
	seq, at := 0, int64(1796000000000)
	for n := 1; n <= 11; n++ {
		seq, at = seq+1, at+1000
		fmt.Fprintf(&log, `{"type":"turn/start","seq":%d,"time":%d,"data":{"turn":%d}}`+"\n", seq, at, n)
		if n == 10 {
			continue // a turn not ended
		}
		seq, at = seq+1, at+800+int64(n%2)*124200
		fmt.Fprintf(&log, `{"type":"turn/end","seq":%d,"time":%d,"data":{"turn":%d,"reason":{"kind":"completed"}}}`+"\n", seq, at, n)
	}
	path := filepath.Join(t.TempDir(), "outline.jsonl")
	if err := os.WriteFile(path, []byte(log.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	v := readViewer(t, path)
	rows, picks := v.outlinePage().draw(cards.Options{Width: 100, Theme: theme.Dark()})
	if len(picks) != 11 {
		t.Fatalf("%d turns in the outline, want 11", len(picks))
	}
	var first map[string]int
	for _, i := range picks {
		row := ansi.Strip(rows[i])
		cells := map[string]int{
			"prompt": cellOf(row, "(no prompt)"),
			"calls":  cellOf(row, "calls") + len("calls"),
			"time":   cellOf(row, "calls · ") + len("calls · "),
		}
		if first == nil {
			first = cells
			continue
		}
		for k, n := range cells {
			if n != first[k] {
				t.Errorf("%s at cell %d, the first turn's at %d:\n%s\n%s", k, n, first[k], ansi.Strip(rows[picks[0]]), row)
			}
		}
	}
}

// cellOf is the cell sub starts at in s.
func cellOf(s, sub string) int {
	i := strings.Index(s, sub)
	if i < 0 {
		return -1
	}
	return cards.Width(s[:i])
}

// The outline, the viewer's header, lists the session's subagents as the
// header card does, each row sanitised and cut to the width.
func TestTheOutlineListsTheSubagents(t *testing.T) {
	path := filepath.Join(t.TempDir(), "catalog.jsonl")
	log := `{"type":"session","version":4,"id":"p","createdAt":1796000000000,"cwd":"/w","isSeeded":false,"delegationDepth":0}` + "\n" +
		`{"type":"subagent/catalog","seq":0,"time":1,"data":{"version":1,"childId":"c1","childCreatedAt":1,"mode":"one-shot","label":"tests \u001b]0;x\u0007"}}` + "\n" +
		`{"type":"subagent/catalog","seq":1,"time":2,"data":{"version":2,"childId":"ext-7f3a","childCreatedAt":1,"mode":"external","label":"reviewer"}}` + "\n"
	if err := os.WriteFile(path, []byte(log), 0o644); err != nil {
		t.Fatal(err)
	}
	v := readViewer(t, path)
	rows, _ := v.outlinePage().draw(cards.Options{Width: 40, Theme: theme.Dark()})
	page := strings.Join(rows, "\n")
	for _, want := range []string{"subagents: 2", "  tests  (c1) · one-shot", "  reviewer (ext-7f3a) · external"} {
		if !strings.Contains(ansi.Strip(page), want) {
			t.Errorf("the outline lacks %q:\n%s", want, ansi.Strip(page))
		}
	}
	if strings.Contains(page, "\x1b]0;") || strings.Contains(page, "\x07") {
		t.Errorf("a label's escape reached the screen: %q", page)
	}
}
