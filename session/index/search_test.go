package index_test

import (
	"context"
	"fmt"
	"github.com/deck-tui/deck/session/cardtext"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/catalog/catalogtest"
	"github.com/deck-tui/deck/session/index"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// plantedTree is the corpus's three agents' sessions, and a word planted
// in the prompt of one harness session and of one Claude Code session.
func plantedTree(t *testing.T) tree {
	t.Helper()
	tr := newTree(t)
	copyTo := func(src, dst string, hoursAgo int) {
		catalogtest.CopyFile(t, sessiontest.Testdata+"/"+src, dst, hoursAgo)
	}
	copyTo("corpus/claude-code/d-kimuson_claude-code-viewer__1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl", tr.claudePath("1af7fc5e-8455-4414-9ccd-011d40f70b2a"), 5)
	copyTo("corpus/codex/AcidicSoil_codex-session-view__rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl",
		tr.dir+"/codex/2025/11/17/rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl", 4)
	copyTo("harness/bash-tool-turn/session.jsonl", tr.harnessPath("s-bash"), 3)
	write(t, tr.harnessPath("planted"), harnessLog([2]string{"please check the quokkaberry module", "done"}), 2*time.Hour)
	write(t, tr.claudePath("planted"), claudePrompt("planted", "u1", "where is quokkaberry defined?"), 1*time.Hour)
	return tr
}

// A word planted in one harness prompt and one Claude Code prompt is found
// there and nowhere else, newest session first, each hit naming the
// entry that holds it in the session as the viewer reads it.
func TestAPlantedWordIsFoundOnlyWhereItIs(t *testing.T) {
	tr := plantedTree(t)
	ix := open(t, t.TempDir())
	update(t, ix, tr)
	hits := find(t, ix, index.Query{Text: "quokkaberry"})
	if got := where(hits); !reflect.DeepEqual(got, []string{"planted.jsonl#1:prompt", "planted#1:prompt"}) {
		t.Fatalf("hits: %v", got)
	}
	for _, h := range hits {
		s, err := source.Open(h.Session.Path)
		if err != nil {
			t.Fatal(err)
		}
		m, ok := s.Entries[h.Entry].(*session.UserMessage)
		if !ok || !strings.Contains(session.TextOf(m.Content), "quokkaberry") {
			t.Errorf("%s: entry %d is %T", h.Session.Path, h.Entry, s.Entries[h.Entry])
		}
		if !strings.Contains(h.Snippet[h.Match[0]:h.Match[1]], "quokkaberry") {
			t.Errorf("the snippet %q marks %v", h.Snippet, h.Match)
		}
	}
	if hits[0].Session.Agent != catalog.AgentClaude || hits[1].Session.Agent != catalog.AgentHarness || hits[1].Turn != 1 {
		t.Errorf("hits: %+v", hits)
	}
}

// Smart case, as the viewer's search: no capital ignores case, a capital
// matches it; a \ query is a regular expression.
func TestSmartCase(t *testing.T) {
	tr := newTree(t)
	write(t, tr.harnessPath("lower"), harnessLog([2]string{"the zebra crossing", "ok"}), 2*time.Hour)
	write(t, tr.harnessPath("upper"), harnessLog([2]string{"The Zebra Crossing", "ok"}), time.Hour)
	ix := open(t, t.TempDir())
	update(t, ix, tr)
	for q, want := range map[string][]string{
		"zebra":          {"upper#1:prompt", "lower#1:prompt"},
		"Zebra":          {"upper#1:prompt"},
		"zEBRA":          nil, // a capital: exactly
		`\zeb.a\s+cross`: {"upper#1:prompt", "lower#1:prompt"},
		`\Z.bra`:         {"upper#1:prompt"},
		"ze":             {"upper#1:prompt", "lower#1:prompt"}, // shorter than a trigram: every text is tried
	} {
		if got := where(find(t, ix, index.Query{Text: q})); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %v, want %v", q, got, want)
		}
	}
}

// The filters: kind, agent, folder, time; and the limit.
func TestFilters(t *testing.T) {
	tr := plantedTree(t)
	ix := open(t, t.TempDir())
	update(t, ix, tr)
	count := func(q index.Query) int { q.Text = "e"; return len(find(t, ix, q)) }
	all := count(index.Query{})
	if all < 50 {
		t.Fatalf("only %d texts hold an e", all)
	}
	for name, c := range map[string]struct {
		q     index.Query
		check func(index.Hit) bool
	}{
		"kind":  {index.Query{Kinds: []cardtext.Kind{cardtext.KindCall, cardtext.KindOutput}}, func(h index.Hit) bool { return h.Kind == cardtext.KindCall || h.Kind == cardtext.KindOutput }},
		"agent": {index.Query{Agent: catalog.AgentCodex}, func(h index.Hit) bool { return h.Session.Agent == catalog.AgentCodex }},
		"cwd":   {index.Query{Cwd: "/w"}, func(h index.Hit) bool { return h.Session.Cwd == "/w" || strings.HasPrefix(h.Session.Cwd, "/w/") }},
		"since": {index.Query{Since: time.Now().Add(-90 * time.Minute)}, func(h index.Hit) bool { return strings.Contains(h.Session.Path, "planted") }},
	} {
		q := c.q
		q.Text = "e"
		hits := find(t, ix, q)
		if len(hits) == 0 || len(hits) == all {
			t.Errorf("%s: %d of %d hits", name, len(hits), all)
		}
		for _, h := range hits {
			if !c.check(h) {
				t.Errorf("%s: a hit it does not keep: %s %s", name, h.Session.Path, h.Kind)
				break
			}
		}
	}
	if got := count(index.Query{Limit: 7}); got != 7 {
		t.Errorf("--limit 7: %d hits", got)
	}
	// the span meets the planted sessions' (the Claude Code one began in
	// 2025 and was written an hour ago), and no other's
	span := find(t, ix, index.Query{Text: "e", Until: time.Now().Add(-90 * time.Minute), Since: time.Now().Add(-150 * time.Minute)})
	sessions := map[string]bool{}
	for _, h := range span {
		sessions[h.Session.Path] = true
	}
	if len(sessions) != 2 || !sessions[tr.harnessPath("planted")] || !sessions[tr.claudePath("planted")] {
		t.Errorf("the sessions of a span: %v", sessions)
	}
}

// A query is never FTS5 syntax: its quotes, operators, stars and
// parentheses are text to find, found where they are and nowhere else.
func TestAQueryIsNeverSyntax(t *testing.T) {
	tr := newTree(t)
	texts := []string{`say "hi" there`, `a OR b AND NOT c`, `NEAR(x y)`, `col:value*`, `^start`, `x') OR 1=1 --`, `{a b}:c`, `""""`}
	for i, text := range texts {
		write(t, tr.harnessPath("s"+string(rune('a'+i))), harnessLog([2]string{text, "ok"}), time.Duration(i+1)*time.Hour)
	}
	ix := open(t, t.TempDir())
	update(t, ix, tr)
	for i, q := range texts {
		got := where(find(t, ix, index.Query{Text: strings.ToLower(q)}))
		want := []string{"s" + string(rune('a'+i)) + "#1:prompt"}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %v, want %v", q, got, want)
		}
	}
}

// Searching the files themselves (no index) finds what the index finds,
// in the same order.
func TestSearchFilesIsSearch(t *testing.T) {
	tr := plantedTree(t)
	ix := open(t, t.TempDir())
	update(t, ix, tr)
	for _, q := range []index.Query{{Text: "quokkaberry"}, {Text: "the", Limit: 40}, {Text: "ls", Kinds: []cardtext.Kind{cardtext.KindCall}}, {Text: `\d{4}`, Limit: 30}} {
		var files []index.Hit
		err := index.SearchFiles(context.Background(), tr.roots, q, func(h index.Hit) bool { files = append(files, h); return true })
		if err != nil {
			t.Fatal(err)
		}
		indexed := find(t, ix, q)
		if !reflect.DeepEqual(where(files), where(indexed)) {
			t.Errorf("%q: files %v, index %v", q.Text, where(files), where(indexed))
		}
	}
}

// A search stops when its context is done.
func TestASearchCanBeCancelled(t *testing.T) {
	tr := plantedTree(t)
	ix := open(t, t.TempDir())
	update(t, ix, tr)
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	err := ix.Search(ctx, index.Query{Text: "e"}, func(index.Hit) bool { n++; cancel(); return true })
	if err == nil || n != 1 {
		t.Errorf("cancelled after the first hit: %d hits, %v", n, err)
	}
}

// Hits come newest session first even when a session's place in the
// index is not its place in time: one read first and appended to since is
// the newest, and its hits come first, the others' in their order; so
// when all the candidates are read at once, and when a common query's are
// read as its hits need (here, all but the first). Two characters are
// found as three are, at a text's end too.
func TestHitsComeNewestFirstWhateverTheOrderRead(t *testing.T) {
	for _, ahead := range []int{20000, 1} {
		t.Run(fmt.Sprint(ahead), func(t *testing.T) {
			defer index.ReadAhead(ahead)()
			hitsComeNewestFirst(t)
		})
	}
}

func hitsComeNewestFirst(t *testing.T) {
	tr := newTree(t)
	for i, id := range []string{"a", "b", "c", "d"} {
		write(t, tr.harnessPath(id), harnessLog([2]string{"the heron of " + id, "ok"}), time.Duration(5-i)*time.Hour)
	}
	ix := open(t, t.TempDir())
	update(t, ix, tr)
	appendTo(t, tr.harnessPath("b"), harnessTurn(2, "a heron again", "ok"), 30*time.Minute)
	update(t, ix, tr)
	for q, want := range map[string][]string{
		"heron": {"b#1:prompt", "b#5:prompt", "d#1:prompt", "c#1:prompt", "a#1:prompt"},
		"on":    {"b#1:prompt", "b#5:prompt", "d#1:prompt", "c#1:prompt", "a#1:prompt"},
		"in":    {"b#5:prompt"}, // "again": at the end of its text
	} {
		if got := where(find(t, ix, index.Query{Text: q})); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %v, want %v", q, got, want)
		}
		if got := where(find(t, ix, index.Query{Text: q, Limit: 2})); !reflect.DeepEqual(got, want[:min(2, len(want))]) {
			t.Errorf("%q, two hits: %v", q, got)
		}
	}
}
