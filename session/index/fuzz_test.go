package index_test

import (
	"context"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/index"
	"github.com/deck-tui/deck/session/match"
)

// FuzzSearchIsTheMatcher: whatever the text and the query, the index finds
// the query in the text exactly when deck's matcher does: the trigram
// filter never drops a text that holds it (case folded the two ways, odd
// characters, quotes and FTS5 operators), and its snippet marks the match.
func FuzzSearchIsTheMatcher(f *testing.F) {
	for _, seed := range [][2]string{
		{"hello world", "world"}, {"Hello World", "hello"}, {"Hello World", "Hello"},
		{"\u212Aelvin", "kel"}, {"İstanbul", "i̇st"}, {"ǅemal", "ǆem"}, {"straße", "STRASSE"},
		{`say "x" NEAR(a b)`, `"x" near(`}, {"tab\there", "b\th"}, {"a\x00b\x00c", "b\x00c"},
		{"caf\xe9 bar", "caf"}, {"line one\nline two", `\one\s+line`}, {"ab", "ab"}, {"ΣΊΣΥΦΟΣ", "σίσυφος"},
	} {
		f.Add(seed[0], seed[1])
	}
	ix, err := index.Open(f.TempDir())
	if err != nil {
		f.Fatal(err)
	}
	defer ix.Close()
	f.Fuzz(func(t *testing.T, text, query string) {
		m, err := match.New(query)
		if err != nil || m.Empty() || len(text) > 1<<12 {
			return
		}
		if err := index.Plant(ix, text); err != nil {
			t.Fatal(err)
		}
		text = strings.ToValidUTF8(text, "\uFFFD") // as it is stored
		var hits []index.Hit
		err = ix.Search(context.Background(), index.Query{Text: query}, func(h index.Hit) bool { hits = append(hits, h); return true })
		if err != nil {
			t.Fatalf("%q: %v", query, err)
		}
		span, want := m.First(text) // not Hit, whose cheap test an empty match of a pattern passes
		if (len(hits) == 1) != want || len(hits) > 1 {
			t.Fatalf("%q in %q: %d hits, the matcher says %v", query, text, len(hits), want)
		}
		if want {
			h := hits[0]
			matched, _, _ := strings.Cut(text[span[0]:span[1]], "\n") // a snippet is the match's first line
			if mark := h.Snippet[h.Match[0]:h.Match[1]]; mark != strings.NewReplacer("\t", " ", "\r", " ").Replace(matched) {
				t.Errorf("%q in %q: the snippet %q marks %q", query, text, h.Snippet, mark)
			}
		}
	})
}
