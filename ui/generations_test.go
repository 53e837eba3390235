package ui

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/theme"
)

// A log deck does not show as understood or current (too new a format, a
// superseded generation) is shown in place as deck render says it: why,
// naming the file, and none of its entries.
func TestTheViewerShowsWhyALogIsNotShown(t *testing.T) {
	for path, says := range map[string]string{
		"../golden/testdata/generations/too-new":           "session.v9.jsonl is session log format v9, newer than deck reads (v6 at most)",
		"../golden/testdata/generations/two/session.jsonl": "two/session.jsonl is session log format v0, superseded by session.v5.jsonl",
	} {
		v := openViewer(path, false)
		untilLoaded(v)
		v.src.stop()
		if len(v.items) != 1 {
			t.Fatalf("%s: %d cards, want one that says why", path, len(v.items))
		}
		n, ok := v.items[0].e.(*session.Notice)
		if !ok || !strings.Contains(n.Text, says) {
			t.Errorf("%s: the card is %#v, want a notice saying %q", path, v.items[0].e, says)
		}
		if v.title == "" {
			t.Errorf("%s: the header's title is not shown", path)
		}
	}
}

// A too-new log's row is marked ⚠ in the picker and in deck ls, before its
// live mark.
func TestATooNewRowIsMarked(t *testing.T) {
	item := catalog.Item{Agent: "deepseek-harness", Path: "/s/session.v9.jsonl", Title: "future", Started: time.Unix(1796000000, 0),
		Scanned: true, Live: true, NotShown: "session.v9.jsonl is session log format v9, newer than deck reads (v6 at most)"}
	if row := ansi.Strip(sessionRow(theme.Dark(), item, false, layoutColumns([]catalog.Item{item}, 100))); !strings.HasPrefix(row, "  ⚠ future") {
		t.Errorf("picker row %q", row)
	}
	var b bytes.Buffer
	WriteList(&b, []catalog.Item{item}, theme.Dark(), 100)
	if out := ansi.Strip(b.String()); !strings.HasPrefix(out, "⚠ future\n  format newer than deck reads · ") || !strings.Contains(out, "deepseek-harness · /s/session.v9.jsonl") {
		t.Errorf("deck ls %q", out)
	}
}
