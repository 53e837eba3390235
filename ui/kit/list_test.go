package kit

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/theme"
)

// A too-new log's row is marked ⚠ in the picker and in deck ls, before its
// live mark.
func TestATooNewRowIsMarked(t *testing.T) {
	item := catalog.Item{Agent: "deepseek-harness", Path: "/s/session.v9.jsonl", Title: "future", Started: time.Unix(1796000000, 0),
		Scanned: true, Live: true, NotShown: "session.v9.jsonl is session log format v9, newer than deck reads (v7 at most)"}
	if row := ansi.Strip(SessionRow(theme.Dark(), item, false, LayoutColumns([]catalog.Item{item}, 100))); !strings.HasPrefix(row, "  ⚠ future") {
		t.Errorf("picker row %q", row)
	}
	var b bytes.Buffer
	WriteList(&b, []catalog.Item{item}, theme.Dark(), 100)
	if out := ansi.Strip(b.String()); !strings.HasPrefix(out, "⚠ future\n  format newer than deck reads · ") || !strings.Contains(out, "deepseek-harness · /s/session.v9.jsonl") {
		t.Errorf("deck ls %q", out)
	}
}

// deck ls at 60 columns keeps each session's time and size whole, and shows
// the time the list is sorted by (the log's last change, not its start).
func TestListKeepsTheTimeAndSizeAt60Columns(t *testing.T) {
	items := []catalog.Item{{Agent: "deepseek-harness", Path: "/home/someone/.dsh/sessions/--a-long-project--/0123456789/session.jsonl",
		Title: "a title", Cwd: "/home/someone/projects/a-long-project-name", Size: 12 << 20, Scanned: true,
		Started: time.Date(2026, 1, 1, 15, 1, 0, 0, time.UTC), Mod: time.Date(2026, 1, 2, 21, 35, 0, 0, time.UTC)}}
	var b strings.Builder
	if err := WriteList(&b, items, theme.Dark(), 60); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(ansi.Strip(b.String()), "\n")
	if !strings.Contains(lines[1], "2026-01-02 21:35  12.0 MB") || cards.Width(lines[1]) > 60 {
		t.Errorf("deck ls at 60 columns: %q", lines[1])
	}
}

// deck ls in a terminal never cuts a session's file, a person copies it:
// the title and the directory are cut for it, and a file the row cannot
// hold goes on a row of its own, whole, even one wider than the terminal.
func TestListKeepsThePathWhole(t *testing.T) {
	for _, c := range []struct {
		path string
		rows int
	}{
		{"/home/me/.dsh/sessions/--app--/session.jsonl", 2}, // the directory cut for it
		{"/home/someone/.codex/sessions/2026/02/23/rollout-2026-02-23T20-34-25-019c8bfe-ec25-79e0-97d7-bda6a9c575ff.jsonl", 3},
	} {
		items := []catalog.Item{{Agent: "Codex", Path: c.path, Title: strings.Repeat("a long title ", 10),
			Cwd: "/home/someone/projects/a-long-project-name/and/a/folder/deep/in/it", Size: 12 << 20, Scanned: true,
			Mod: time.Date(2026, 1, 2, 21, 35, 0, 0, time.UTC)}}
		var b strings.Builder
		if err := WriteList(&b, items, theme.Dark(), 100); err != nil {
			t.Fatal(err)
		}
		rows := strings.Split(strings.TrimSuffix(ansi.Strip(b.String()), "\n"), "\n")
		if len(rows) != c.rows || !strings.Contains(rows[len(rows)-1], c.path) || !strings.HasSuffix(rows[0], "…") {
			t.Errorf("deck ls at 100 columns, %d rows, want %d, the file whole and the title cut:\n%s", len(rows), c.rows, strings.Join(rows, "\n"))
		}
		for _, r := range rows[:len(rows)-1] {
			if cards.Width(r) > 100 {
				t.Errorf("a row wider than the terminal: %q", r)
			}
		}
	}
}
