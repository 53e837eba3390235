package viewer

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/golden/loggen"
	"github.com/deck-tui/deck/session"
)

// A huge reply is laid out as far as it is read: its first rows when it
// comes on screen, more as the view pages down it, every row on screen the
// whole card's row at its place (nothing moves as rows are added below),
// and the whole card at the end (G).
func TestAHugeReplyIsLaidOutAsItIsRead(t *testing.T) {
	paragraph := strings.Repeat("words of a long paragraph, ", 60) + `\n\n- a list item\n- and another\n\n` // newlines escaped for JSON
	path, err := loggen.Reply(t.TempDir(), "paragraphs.jsonl", func() string { return strings.Repeat(paragraph, hugeText/len(paragraph)+1) })
	if err != nil {
		t.Fatal(err)
	}
	laidOutAsItIsRead(t, path)
}

// A huge prompt is laid out as far as it is read, as a reply is: a line of
// megabytes, its words wrapped, and many lines.
func TestAHugePromptIsLaidOutAsItIsRead(t *testing.T) {
	for name, text := range map[string]string{
		"words": strings.Repeat("words of a long prompt ", 2*hugeText/23),
		"lines": strings.Repeat(`a line of a prompt\n`, 2*hugeText/20),
	} {
		t.Run(name, func(t *testing.T) {
			path, err := loggen.Prompt(t.TempDir(), name+".jsonl", func() string { return text })
			if err != nil {
				t.Fatal(err)
			}
			laidOutAsItIsRead(t, path)
		})
	}
}

// A tool card of huge Markdown (a web search's answer, drawn whole even
// collapsed) is laid out as far as it is read, as a reply is: it was
// drawn to the display cap before its first rows were shown.
func TestAHugeWebAnswerIsLaidOutAsItIsRead(t *testing.T) {
	path, err := loggen.MarkdownCard(t.TempDir(), "web-answer", 1)
	if err != nil {
		t.Fatal(err)
	}
	laidOutAsItIsRead(t, path)
}

// laidOutAsItIsRead opens a log whose last card is huge, and checks that
// the card is laid out as the view pages down it, every row on screen the
// whole card's row, and whole at the end.
func laidOutAsItIsRead(t *testing.T, path string) {
	t.Helper()
	v := readViewer(t, path)
	v.cache = newRenderCache(cacheBytes) // the first frame again, its drawings taken
	drain(v, v.prepare())
	idx := len(v.items) - 1
	it := v.items[idx]
	whole := cards.Render(it.e, v.options(it))
	c, ok := v.cache.get(v.keyOf(it, v.options(it)))
	if !ok {
		t.Fatalf("the card is not drawn: %d items, %d in flight", len(v.items), len(v.cache.inflight))
	}
	if !c.partial || len(c.rows) > len(whole)/10 || !slices.Equal(c.rows, whole[:len(c.rows)]) {
		t.Fatalf("opened, the card's %d rows of %d are not its first rows laid out lazily (partial %v)", len(c.rows), len(whole), c.partial)
	}
	onScreenAreWhole := func(when string) {
		t.Helper()
		for _, p := range v.screen {
			if rows := v.rows(p.idx); p.idx == idx && p.row < len(rows) && rows[p.row] != whole[p.row] {
				t.Fatalf("%s: row %d on screen is not the whole card's:\n%q\n%q", when, p.row, rows[p.row], whole[p.row])
			}
		}
	}
	onScreenAreWhole("opened")
	top := v.top
	for range 20 {
		press(v, "space")
		onScreenAreWhole("paged down")
		if v.top.before(top) {
			t.Fatalf("paging down moved the view up, from %v to %v", top, v.top)
		}
		top = v.top
	}
	if top.row < 10*v.contentHeight() {
		t.Errorf("twenty pages down reached row %d", top.row)
	}
	press(v, "G")
	if rows := v.rows(idx); !slices.Equal(rows, whole) {
		t.Fatalf("at the end, the card has %d rows, not the whole card's %d", len(rows), len(whole))
	}
	if last := v.screen[len(v.screen)-1]; last.idx != idx || last.row != len(whole) {
		t.Errorf("at the end, the screen's last row is %v, not the blank after the card's %d rows", last, len(whole))
	}
	onScreenAreWhole("at the end")
}

// A search goes to its match deep in a huge reply laid out lazily, the
// rows down to it laid out on the way.
func TestASearchGoesIntoAHugeReply(t *testing.T) {
	paragraph := strings.Repeat("words of a long paragraph, ", 60) + `\n\n- a list item\n- and another\n\n`
	text := strings.Repeat(paragraph, hugeText/len(paragraph)+1) + `NEEDLE in the reply\n\n` + strings.Repeat(paragraph, 20)
	path, err := loggen.Reply(t.TempDir(), "needle.jsonl", func() string { return text })
	if err != nil {
		t.Fatal(err)
	}
	v := readViewer(t, path)
	run := searchFor(v, "NEEDLE")
	drain(v, run.next())
	press(v, "enter")
	if screen := ansi.Strip(v.View().Content); !strings.Contains(screen, "NEEDLE in the reply") || !strings.Contains(screen, "match 1 of 1") {
		t.Errorf("the match is not on screen:\n%s", screen)
	}
}

// The percentage's count never lays a huge reply out in the background:
// that would lay the whole text out at once, which the lazy layout is there
// to avoid (a 10 MB reply's first frame held three times the memory). Until
// the view has laid it out whole there is no percentage.
func TestTheRowCountLeavesAHugeReplyToTheLazyLayout(t *testing.T) {
	paragraph := strings.Repeat("words of a long paragraph, ", 60) + `\n\n` // newlines escaped for JSON
	path, err := loggen.Reply(t.TempDir(), "paragraphs.jsonl", func() string { return strings.Repeat(paragraph, hugeText/len(paragraph)+2) })
	if err != nil {
		t.Fatal(err)
	}
	counted := false
	countCard = func(e session.Entry, o cards.Options, count func(string) int, stop func() bool) int {
		if m, ok := e.(*session.AssistantText); ok && len(m.Text) >= hugeText {
			counted = true
		}
		return cards.CountRows(e, o, count, stop)
	}
	t.Cleanup(func() { countCard = cards.CountRows })
	v := readViewer(t, path)
	v.resize(100, 40) // a new layout: every card is counted again
	for cmd := v.countRows(); cmd != nil; cmd = v.countRows() {
		v.Update(cmd())
	}
	if counted {
		t.Fatal("the huge reply was counted in the background")
	}
	if p := aPercentage.FindString(v.statusBar()); p != "" && !v.drawnToTheEnd() {
		t.Fatalf("a percentage before the huge reply is laid out whole: %s", p)
	}
}
