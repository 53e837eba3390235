package index

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/cards"
)

// snippetTexts are lines a snippet is cut from: prose, a path, code, a
// long word, wide characters, blanks; each with the queries found in it.
var snippetTexts = []struct{ text, query string }{
	{"The retry limit is read from config.yaml at start-up, and the client gives up after that many attempts, logging each one with its backoff and the error that made it retry again later on", "gives up"},
	{"The retry limit is read from config.yaml at start-up, and the client gives up after that many attempts, logging each one with its backoff and the error that made it retry again later on", "retry again"},
	{"/path/to/Demo/todo-app/node_modules/.pnpm/safe-array-concat@1.1.3/node_modules/safe-array-concat/test/index.js and /path/to/Demo/todo-app/node_modules/.pnpm/next@15.5.2/node_modules/next/dist/server/lib/router-utils/filesystem.js", "concat/test"},
	{"func (s *Server) handleRequest(ctx context.Context, w http.ResponseWriter, r *http.Request) error { return s.router.ServeHTTP(w, r.WithContext(ctx)) } // the one handler every request of the service goes through", "ServeHTTP"},
	{strings.Repeat("supercalifragilistic", 12) + " needle " + strings.Repeat("antidisestablishment", 12), "needle"},
	{strings.Repeat("abcdefghij", 30), "fghijab"},
	{"日本語のテキストの中で、検索された言葉が見つかる場所を示します。長い行は切られて、省略記号が付きます。日本語のテキストの中で、検索された言葉が見つかる場所。", "見つかる"},
	{"    \t  indented with blanks before the words that matter, then a long tail of words after the match that runs on and on past what fits in one row of any terminal at all", "words that"},
	{"short line with the hit", "hit"},
}

// A snippet's ends fall on a word's edge (never between two of a word's
// characters), or at the line's ends, or at the match's own edge when no
// word's edge is within reach; … marks each cut; the match is marked
// where it is.
func TestASnippetIsCutOnWordEdges(t *testing.T) {
	for _, c := range snippetTexts {
		at := strings.Index(c.text, c.query)
		if at < 0 {
			t.Fatalf("%q is not in %q", c.query, c.text)
		}
		span := [2]int{at, at + len(c.query)}
		snip, m := snippet(c.text, span)
		if snip[m[0]:m[1]] != c.query {
			t.Errorf("%q: the snippet %q marks %q", c.query, snip, snip[m[0]:m[1]])
			continue
		}
		body := strings.TrimSuffix(strings.TrimPrefix(snip, ellipsis), ellipsis)
		line := strings.NewReplacer("\t", " ", "\r", " ").Replace(c.text)
		from := strings.Index(line, body)
		if from < 0 {
			t.Errorf("%q: the snippet %q is not a piece of its line", c.query, snip)
			continue
		}
		to := from + len(body)
		if strings.HasPrefix(snip, ellipsis) != (from > 0) || strings.HasSuffix(snip, ellipsis) != (to < len(line)) {
			t.Errorf("%q: the snippet %q marks its cuts wrong (%d–%d of %d)", c.query, snip, from, to, len(line))
		}
		if !(wordEdge(line, from) || from == at) || !(wordEdge(line, to) || to == span[1]) {
			t.Errorf("%q: the snippet %q cuts a word", c.query, snip)
		}
		if len(body) > snippetMost && to > span[1] {
			t.Errorf("%q: the snippet %q is longer than %d bytes", c.query, snip, snippetMost)
		}
	}
}

// Fit cuts a snippet to the row: within the room, the match in sight
// (cut only when it alone is wider than the room), each cut on a word's
// edge or the match's, marked with …; what fits is left whole.
func TestFitCutsOnWordEdgesWithinTheRoom(t *testing.T) {
	for _, c := range snippetTexts {
		at := strings.Index(c.text, c.query)
		snip, m := snippet(c.text, [2]int{at, at + len(c.query)})
		before, hit, after := cards.Safe(snip[:m[0]]), cards.Safe(snip[m[0]:m[1]]), cards.Safe(snip[m[1]:])
		for room := 0; room <= cards.Width(before+hit+after)+2; room++ {
			b, h, a := Fit(before, hit, after, room, cards.Width)
			if w := cards.Width(b + h + a); w > room {
				t.Fatalf("%q at %d: %d cells: %q %q %q", c.query, room, w, b, h, a)
			}
			if cards.Width(before+hit+after) <= room {
				if b != before || h != hit || a != after {
					t.Fatalf("%q at %d: cut though it fits: %q %q %q", c.query, room, b, h, a)
				}
				continue
			}
			if h != hit && (cards.Width(hit) <= room-cards.Width(b) || !strings.HasPrefix(hit, strings.TrimSuffix(h, ellipsis))) {
				t.Fatalf("%q at %d: the match cut though it fits, or not its start: %q of %q", c.query, room, h, hit)
			}
			if rest, cut := strings.CutPrefix(b, ellipsis); cut {
				if !strings.HasSuffix(before, rest) {
					t.Fatalf("%q at %d: %q is not the end of %q", c.query, room, b, before)
				}
				if i := len(before) - len(rest); !wordEdge(before, i) && i != len(before) && before[i-1] != ' ' {
					t.Fatalf("%q at %d: %q cuts a word of %q", c.query, room, b, before)
				}
			} else if b != before && b != "" {
				t.Fatalf("%q at %d: %q cut with no …", c.query, room, b)
			}
			if rest, cut := strings.CutSuffix(a, ellipsis); cut {
				if !strings.HasPrefix(after, rest) {
					t.Fatalf("%q at %d: %q is not the start of %q", c.query, room, a, after)
				}
				if i := len(rest); !wordEdge(after, i) && i != 0 && after[i] != ' ' {
					t.Fatalf("%q at %d: %q cuts a word of %q", c.query, room, a, after)
				}
			} else if a != after && a != "" {
				t.Fatalf("%q at %d: %q cut with no …", c.query, room, a)
			}
		}
	}
}

// The rule on a line of prose: the cuts fall between words, not in one.
func TestFitKeepsWholeWords(t *testing.T) {
	runes := func(s string) int { return len([]rune(s)) }
	for room, want := range map[int]string{
		50: "the client gives up after many [attempts], logging…",
		30: "…many [attempts], logging each…",
		12: "…[attempts],…",
		6:  "…[atte…]",
		1:  "[…]",
	} {
		b, h, a := Fit("the client gives up after many ", "attempts", ", logging each one with its backoff", room, runes)
		if got := b + "[" + h + "]" + a; got != want {
			t.Errorf("at %d: %s, want %s", room, got, want)
		}
	}
}
