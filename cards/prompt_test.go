package cards

import (
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// hugePrompts are prompts of every shape a lazy card lays out: one line of
// megabytes, words, many short lines, and injected text, collapsed or not.
func hugePrompts(n int) map[string]*session.UserMessage {
	text := func(s string) []session.ContentBlock { return []session.ContentBlock{{Type: "text", Text: s}} }
	return map[string]*session.UserMessage{
		"one line": {Role: session.RoleHuman, Content: text(strings.Repeat("p", n))},
		"words":    {Role: session.RoleHuman, Content: text(strings.Repeat("a prompt of words, ", n/19))},
		"lines":    {Role: session.RoleHuman, Content: text(strings.Repeat("a line\n\ttabbed ünïcode 日本語 line\n", n/40))},
		"injected": {Role: session.RoleInjected, Source: "a hook", Content: text(strings.Repeat("injected words ", n/15))},
		"context":  {Role: session.RoleContext, Content: text(strings.Repeat("<env>\n", n/6))},
	}
}

// A lazy prompt's rows are Render's first rows however far it is laid
// out, and Render's rows once whole, the display cap's note included.
func TestALazyPromptIsRendersCard(t *testing.T) {
	for name, m := range hugePrompts(600 << 10) {
		for _, o := range []Options{{Width: 38}, {Width: 118, Expanded: true}} {
			o.Theme = theme.Dark()
			whole := Render(m, o)
			z := NewLazy(m, o)
			if z == nil {
				t.Fatalf("%s: a prompt of %d bytes is not laid out lazily", name, textBytes(m.Content))
			}
			for n := 1; !z.Whole(); n += 997 {
				rows := z.Rows(n)
				if len(rows) < min(n, len(whole)) || !slices.Equal(rows, whole[:len(rows)]) {
					t.Fatalf("%s, width %d: asked for %d rows, the lazy card's %d rows are not Render's first", name, o.Width, n, len(rows))
				}
			}
			if !slices.Equal(z.All(), whole) {
				t.Errorf("%s, width %d: the whole lazy card is not Render's", name, o.Width)
			}
		}
	}
}

// A prompt over the display cap draws the cap's rows, each the rows the
// whole text would draw, and says how much of its text it did not draw.
func TestAHugePromptDrawsWhatTheCapShows(t *testing.T) {
	th := theme.Dark()
	o := Options{Width: 40, Theme: th}
	for name, m := range hugePrompts(2 << 20) {
		if m.Role == session.RoleContext {
			continue // one row, collapsed
		}
		rows := Render(m, o)
		if len(rows) != maxCardRows+1 {
			t.Fatalf("%s: %d rows", name, len(rows))
		}
		if note := rows[maxCardRows]; !strings.Contains(note, "MB of text more not drawn") {
			t.Errorf("%s: the last row: %q", name, note)
		}
	}
	words := hugePrompts(2 << 20)["words"]
	whole := newText(th, 4)
	whole.add(session.TextOf(words.Content), th.Text)
	want := whole.line().wrapWords(38)
	rows := Render(words, o)
	for i := range maxCardRows {
		if got, want := rows[i], line(append(line{{"  ", theme.Style{}}}, want[i]...)).String(); i > 0 && got != want {
			t.Fatalf("row %d: %q, the whole text's %q", i, got, want)
		}
	}
}

// A lazy prompt lays out only the rows it is asked for: a screen of a
// 10 MB prompt costs a screen, not its text.
func TestALazyPromptLaysOutOnlyWhatIsRead(t *testing.T) {
	for name, m := range hugePrompts(10 << 20) {
		z := NewLazy(m, Options{Width: 120, Theme: theme.Dark(), Expanded: true})
		z.Rows(50)
		if made := z.l.card().made; made > 60 {
			t.Errorf("%s: asked for 50 rows, laid out %d", name, made)
		}
	}
}

// allocated is how many bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// A line of many tabs, or of characters drawn as marks of many cells, is
// made in its size: each piece of one style was joined to the span before
// it by copying the span (quadratic: a prompt of a megabyte of "a\t" took
// minutes). A card makes a line of marks only as far as the cells its cap
// shows: it was sanitised to the cap's characters, three times as many
// cells here.
func TestALineOfTabsOrMarksCostsItsSize(t *testing.T) {
	th := theme.Dark()
	for _, unit := range []string{"a\t", "a\u202e"} {
		per := func(n int) float64 {
			text := strings.Repeat(unit, n)
			return float64(allocated(func() { safeText(th, text, th.Text) })) / float64(n)
		}
		if small, large := per(10000), per(40000); large > 1.5*small {
			t.Errorf("%q: %.0f bytes a character among 40,000, %.0f among 10,000", unit, large, small)
		}
	}
	c := newCard(Options{Width: 40, Theme: th})
	marks := strings.Repeat("a\u202e", 1<<20)
	if l, _ := c.shown(marks, th.Text, false); l.width() > maxCardRows*40+len("⟨RLO⟩") || c.unread == 0 {
		t.Errorf("a line of marks was made to %d cells, %d bytes left out; the cap shows %d cells", l.width(), c.unread, maxCardRows*40)
	}
	m := &session.UserMessage{Role: session.RoleHuman, Content: []session.ContentBlock{{Type: "text", Text: marks}}}
	if rows := Render(m, Options{Width: 40, Theme: th}); !strings.Contains(rows[len(rows)-1], "MB of text more not drawn") {
		t.Errorf("the last row: %q", rows[len(rows)-1])
	}
}
