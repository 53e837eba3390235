package cards

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/theme"
)

func plainMarkdown(text string, width int) string {
	return ansi.Strip(strings.Join(markdown(theme.Dark(), text, width, false), "\n"))
}

// A code block holding the backslash line is not lexed at all, at once,
// with a note: fenced with any language, fenced with none (chroma would
// guess Bash from a `#!` line), or indented. The code comes out whole (no
// backslash lost to glamour's escaping) in one style, no token boundary in
// it.
func TestCodeOfBackslashesIsNotLexed(t *testing.T) {
	blocks := map[string]string{
		"no language": "```\n#!/bin/bash\n" + hostileBackslashes + "\n```",
		"indented":    "    #!/bin/bash\n    " + hostileBackslashes,
	}
	for _, lang := range []string{"go", "js", "ts", "json", "bash", "yaml", "toml", "css", "ruby"} {
		blocks[lang] = "> ```" + lang + "\n> " + hostileBackslashes + "\n> ```"
	}
	for name, block := range blocks {
		t.Run(name, func(t *testing.T) {
			within(t, 30*time.Second, func() {
				rows := markdown(theme.Dark(), "Look:\n\n"+block+"\n", 80, false)
				out := strings.Join(rows, "\n")
				has(t, out, hostileBackslashes) // every backslash, in one style
				has(t, ansi.Strip(out), "code not highlighted: too many backslashes in a row")
			})
		})
	}
}

// deepNesting is Markdown nested far past the caps, each way it nests.
func deepNesting() map[string]string {
	var indented strings.Builder
	for i := range 1000 {
		indented.WriteString(strings.Repeat("  ", i) + "- item\n")
	}
	return map[string]string{
		"95 quotes":              strings.Repeat("> ", 95) + "deep",
		"1,000 quotes":           strings.Repeat(">", 1000) + "deep",
		"1,000 list markers":     strings.Repeat("- ", 1000) + "deep",
		"1,000 numbered":         strings.Repeat("1. ", 1000) + "deep",
		"quotes in lists":        strings.Repeat("> - ", 500) + "deep",
		"quotes in a definition": "Term\n: " + strings.Repeat("> ", 1000) + "deep",
		"lists in a definition":  "Term\n: " + strings.Repeat("- ", 1000) + "deep",
		"1,000 indented":         indented.String(),
	}
}

// Quotes and lists nested past the cap are flattened before glamour sees
// them, 95 and 1,000 levels, by markers or by indentation, and the card
// says so; shallow nesting is left alone. (BenchmarkDeepNesting measures
// what they cost.)
func TestDeepNestingIsFlattened(t *testing.T) {
	for name, md := range deepNesting() {
		t.Run(name, func(t *testing.T) {
			flat, _, notes := boundMarkdown(md)
			for _, l := range strings.Split(flat, "\n") {
				if f, changed := flattenLine(l); changed {
					t.Fatalf("a line still past the caps: %.80q → %.80q", l, f)
				}
			}
			if len(notes) != 1 || notes[0] != "quotes and lists nested over 8 deep are flattened" {
				t.Errorf("notes %q", notes)
			}
			if name == "1,000 indented" {
				return // glamour's own cost, linear in its 1,000 items: the benchmark's
			}
			within(t, 30*time.Second, func() {
				has(t, plainMarkdown(md, 80), "deep", "quotes and lists nested over 8 deep are flattened")
			})
		})
	}
	if out := plainMarkdown("> > quoted\n\n- a\n  - b\n", 80); strings.Contains(out, "flattened") {
		t.Errorf("shallow nesting was flattened:\n%s", out)
	}
}

// What the deepest nestings cost to draw, flattened: time and memory.
func BenchmarkDeepNesting(b *testing.B) {
	for name, md := range deepNesting() {
		b.Run(strings.ReplaceAll(name, " ", "-"), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				markdown(theme.Dark(), md, 80, false)
			}
		})
	}
}

// Every row ends at its width, even when the width is under a wide
// character's (one wide character goes alone then), and never loops.
func TestNarrowMarkdownAlwaysProgresses(t *testing.T) {
	wide := "漢字 👍 1️⃣ 🇫🇷 👩‍💻 #️⃣ 🏳️‍🌈 abc\n\n- 漢 1️⃣\n> 👍 🇯🇵"
	for w := 1; w <= 24; w++ {
		within(t, 30*time.Second, func() {
			rows := markdown(theme.Dark(), wide, w, false)
			for _, r := range rows {
				if got := Width(r); got > max(w, 2) || (got > w && Width(ansi.Strip(r)) != 2) {
					t.Errorf("width %d: a row of %d cells: %q", w, got, ansi.Strip(r))
				}
			}
			if text := ansi.Strip(strings.Join(rows, "")); !strings.Contains(text, "1️⃣") || !strings.Contains(text, "👩‍💻") {
				t.Errorf("width %d lost characters: %q", w, text)
			}
		})
	}
}

// A keycap is two cells wide: glamour's rows holding one are cut at the
// width without eating the character after it.
func TestKeycapRowsFit(t *testing.T) {
	text := "ab 1️⃣ cd 1️⃣ ef 1️⃣ gh 1️⃣ ij"
	for _, w := range []int{7, 17} {
		rows := markdown(theme.Dark(), text, w, false)
		var got []string
		for _, r := range rows {
			if Width(r) > w {
				t.Errorf("width %d: %q is %d cells", w, ansi.Strip(r), Width(r))
			}
			got = append(got, ansi.Strip(r))
		}
		if joined := strings.Join(strings.Fields(strings.Join(got, " ")), " "); joined != text {
			t.Errorf("width %d: %q", w, joined)
		}
	}
}

// Character references decode after the sanitiser ran: glamour's output is
// marked as any other text is, never raw.
func TestCharacterReferencesAreMarked(t *testing.T) {
	for ref, raw := range map[string]string{
		"&#x202E;": "\u202E", "&#x2066;": "\u2066", "&#x200B;": "\u200B",
		"&#xE0041;": "\U000E0041", "&#x7f;": "\x7f", "&#8238;": "\u202E",
	} {
		out := plainMarkdown("a "+ref+" b", 80)
		if strings.Contains(out, raw) && markFor([]rune(raw)[0]) != "" {
			t.Errorf("%s reached the terminal raw: %q", ref, out)
		}
		if want := plainMarkdown("a "+raw+" b", 80); out != want {
			t.Errorf("%s shows %q, the raw character %q", ref, out, want)
		}
	}
	has(t, plainMarkdown("a &#x202E; b &#x7f;", 80), "⟨RLO⟩", "^?")
}

// Any Markdown at any width from 1 to 8 renders (no panic, no endless
// loop), every row within its width (a wider character alone in its row),
// with no escape but SGR.
func FuzzMarkdownNarrow(f *testing.F) {
	for _, s := range []string{"漢字 👍", "1️⃣ #️⃣ 🇫🇷 👩‍💻 🏳️‍🌈", "> - 1. 漢\n\n```go\n\"\\\\\\\n```", "a &#x202E; b &#x7f; c", "| 漢 | 👍 |\n|---|---|\n| 1️⃣ | x |"} {
		f.Add(s, uint8(1))
	}
	f.Fuzz(func(t *testing.T, text string, w uint8) {
		width := int(w%8) + 1
		for _, r := range markdown(theme.Dark(), text, width, false) {
			if got := Width(r); got > width && got > 2 {
				t.Fatalf("width %d: a row of %d cells: %q", width, got, r)
			}
			if bad := notSGR(r); bad != "" {
				t.Fatalf("escape %q in %q", bad, r)
			}
		}
	})
}

// A tab in code reaches the terminal as spaces to its stop: a raw tab would
// move the cursor past the width its row was measured at.
func TestTabsInMarkdownBecomeSpaces(t *testing.T) {
	out := plainMarkdown("```\nab\tc\n\tx\n```", 40)
	if strings.Contains(out, "\t") || !strings.Contains(out, "ab  c") || !strings.Contains(out, "    x") {
		t.Errorf("%q", out)
	}
}
