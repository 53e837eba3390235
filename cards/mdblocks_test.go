package cards

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/theme"
)

// No break character is left alone on a row, at any width its word fits
// in: a list item from a Task card in the corpus whose `.` reached a full
// row (a lone `.` at 114 columns, the card's at 120), a JSON code block
// whose `,` did (a lone `,`), prose and a quote whose ` - ` did. Every row
// fits. (Under 30 columns a word can be wider than the row: it is cut.)
func TestNoBreakCharacterIsLeftAloneOnARow(t *testing.T) {
	texts := map[string]string{
		"list item": "1. **TodoItem** (`/path/to/Demo/components/TodoItem.tsx`) - Displays individual todos.\n" +
			"2. **AddTodo** (`/path/to/Demo/components/AddTodo.tsx`) - Input form with validation that prevents empty todo submission. " +
			"Includes a text input and submit button with disabled state handling and form reset after submission.\n",
		"code": "```json\n{\n  \"description\": \"## Problem\\nSpotter has no automated code quality checks. Developers must manually " +
			"verify code style, type correctness, and dependency security with separate commands.\\n- mix.exs - add quality alias\"\n}\n```\n",
		"prose": "Run the three tools in order - credo, dialyzer, deps.audit - and stop at the first failure; " +
			"each step - however slow - reports what it checked, where, and why.\n",
		"quote": "> Install via `mix igniter.install`, generate the config - then add a unified alias, " +
			"a plan; a check; a report + a note | a table.\n",
	}
	lone := regexp.MustCompile(`^[,.;:+|-]$`)
	for name, text := range texts {
		for w := 30; w <= 120; w++ {
			for _, r := range markdown(theme.Dark(), text, w, false) {
				if Width(r) > w {
					t.Errorf("%s at width %d: a row of %d cells: %q", name, w, Width(r), ansi.Strip(r))
				}
				if v := strings.Trim(ansi.Strip(r), " │"); lone.MatchString(v) {
					t.Errorf("%s at width %d: %q alone on a row", name, w, v)
				}
			}
		}
	}
}

// A list item's rows hang under its text, whatever its mark: a bullet,
// a number of one digit or two, a task box; a nested item's under its own
// text, which starts under its parent's; in a quote, under the bar.
func TestListItemsHangUnderTheirText(t *testing.T) {
	text := "- alpha beta gamma delta epsilon zeta eta\n" +
		"  - nested alpha beta gamma delta epsilon\n" +
		"    - deeper alpha beta gamma delta\n\n" +
		"9. nine alpha beta gamma delta\n10. ten alpha beta gamma delta epsilon\n\n" +
		"- [ ] a task alpha beta gamma delta\n- [x] done alpha beta gamma delta\n\n" +
		"> - quoted alpha beta gamma delta epsilon\n>   1. inner alpha beta gamma delta\n"
	want := []string{
		"• alpha beta gamma delta",
		"  epsilon zeta eta",
		"  • nested alpha beta gamma",
		"    delta epsilon",
		"    • deeper alpha beta",
		"      gamma delta",
		"",
		"9. nine alpha beta gamma",
		"   delta",
		"10. ten alpha beta gamma",
		"    delta epsilon",
		"",
		"[ ] a task alpha beta gamma",
		"    delta",
		"[✓] done alpha beta gamma",
		"    delta",
		"",
		"│ • quoted alpha beta gamma",
		"│   delta epsilon",
		"│   1. inner alpha beta",
		"│      gamma delta",
	}
	if got := strings.Split(plainMarkdown(text, 28), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// At every width, every row of a list item's text starts where the item's
// text starts on its first row, and no word is lost: bullets, numbers up
// to 12, lists nested three deep, tasks, lists in a quote. Each item's
// words carry its tag (`c3`, `c3xx`), so a row's first word says whose
// row it is.
func TestListContinuationsStartUnderTheItemsText(t *testing.T) {
	var b strings.Builder
	words := 0
	item := func(indent string, mark string, tag string) {
		b.WriteString(indent + mark + " ")
		for i := range 14 {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(tag + strings.Repeat("x", i%5))
			words++
		}
		b.WriteByte('\n')
	}
	item("", "-", "a0")
	item("  ", "-", "b1")
	item("    ", "-", "c2")
	item("", "-", "d3")
	b.WriteByte('\n')
	for i := range 12 {
		item("", fmt.Sprintf("%d.", i+1), fmt.Sprintf("e%d", i+4))
	}
	b.WriteByte('\n')
	item("", "- [ ]", "f16")
	item("", "- [x]", "g17")
	b.WriteString("\n")
	item("> ", "-", "h18")
	item(">   ", "1.", "i19")
	item(">      ", "-", "j20")
	text := b.String()

	word := regexp.MustCompile(`\b[a-j]\d+x*\b`)
	for w := 18; w <= 100; w++ {
		start := map[string]int{} // an item's tag → where its text starts
		n := 0
		for _, r := range strings.Split(plainMarkdown(text, w), "\n") {
			found := word.FindAllStringIndex(r, -1)
			n += len(found)
			if len(found) == 0 {
				continue
			}
			first := r[found[0][0]:found[0][1]]
			tag := strings.TrimRight(first, "x")
			col := Width(r[:found[0][0]])
			if at, ok := start[tag]; !ok {
				start[tag] = col
			} else if col != at {
				t.Errorf("width %d: %q starts at column %d, its item's text at %d", w, r, col, at)
			}
		}
		if n != words {
			t.Errorf("width %d: %d words drawn, %d written", w, n, words)
		}
	}
}

// An item's blocks keep their place: the lines of a tight item's text
// flow as one paragraph, a loose item's paragraphs and code sit under its
// text a blank row apart, never run together, and a quote in an item is
// under its text.
func TestAnItemsBlocksSitUnderItsText(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"- one\n  two\n- three\n", "• one two\n• three"},
		{"1. first\n\n   second\n\n   ```\n   code\n   ```\n2. next\n", "1. first\n\n   second\n\n   code\n2. next"},
		{"- item\n  > quoted\n", "• item\n  │ quoted"},
	} {
		if got := plainMarkdown(c.text, 40); got != c.want {
			t.Errorf("%q:\ngot\n%s\nwant\n%s", c.text, got, c.want)
		}
	}
}

// BenchmarkMarkdownOfManyItems: a list of thousands of short items, a
// piece's worth (30 KiB), costs glamour a call per item's paragraph.
func BenchmarkMarkdownOfManyItems(b *testing.B) {
	text := strings.Repeat("- item with `code` and **bold**\n", 30<<10/32)
	b.ReportAllocs()
	for b.Loop() {
		markdown(theme.Dark(), text, 100, false)
	}
}
