package cards

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/deck-tui/deck/theme"
)

// A reply of plain words that fits on a row is drawn without glamour, and
// drawn as glamour draws it: the same bytes, in both themes, dim or not,
// at every width, for words of every character a plain paragraph may hold.
func TestAPlainRowIsWhatGlamourDraws(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	const chars = "abcxyzABCXYZ0123456789,;?'\"-."
	word := func() string {
		var b strings.Builder
		b.WriteByte("aZq"[rnd.IntN(3)])
		for range rnd.IntN(8) {
			b.WriteByte(chars[rnd.IntN(len(chars))])
		}
		return b.String()
	}
	texts := []string{"ok", "ok step 0", "a b", "it's \"quoted\" -- yes... ok?", "a -", "a --", "x 1.", "done.\n", "yes \n\n"}
	for range 400 {
		words := make([]string, 1+rnd.IntN(12))
		for i := range words {
			words[i] = word()
		}
		texts = append(texts, strings.Join(words, " "))
	}
	fast := 0
	for _, th := range []*theme.Theme{theme.Dark(), theme.Light()} {
		for _, dim := range []bool{false, true} {
			for _, text := range texts {
				exact := len(strings.TrimRight(text, " \n")) // the widest text a row holds
				for _, width := range []int{1 + rnd.IntN(100), exact, exact + 1} {
					m := prepareMarkdown(th, text, width, dim)
					got, ok := m.plainRow(m.text)
					if !ok {
						continue
					}
					fast++
					if want := m.glamourRows(m.text); !slices.Equal(got, want) {
						t.Errorf("%s, dim %v, width %d, %q:\n got %q\nwant %q", th.Name, dim, width, text, got, want)
					}
				}
			}
		}
	}
	if fast < 500 {
		t.Errorf("only %d texts were drawn as a plain row", fast)
	}
}

// A text that is not one row of plain words is glamour's to draw.
func TestOnlyARowOfPlainWordsSkipsGlamour(t *testing.T) {
	for _, text := range []string{"two\nlines", "*emphasis*", "`code`", "- a list", "# heading", "www.example.com", "a  b", strings.Repeat("long ", 30), "1. one", "emoji :smile:", "a_b"} {
		m := prepareMarkdown(theme.Dark(), text, 80, false)
		if _, ok := m.plainRow(m.text); ok {
			t.Errorf("%q was drawn as a plain row", text)
		}
	}
}
