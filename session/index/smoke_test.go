package index_test

import (
	"context"
	"testing"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/catalog/catalogtest"
	"github.com/deck-tui/deck/session/index"
)

func TestSmoke(t *testing.T) {
	catalogtest.AgentsHome(t)
	ix, err := index.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	sum, err := ix.Update(context.Background(), catalog.DefaultRoots(), nil)
	t.Logf("%+v %v", sum, err)
	ss, _ := ix.Sessions(context.Background())
	for _, s := range ss {
		t.Logf("%d %s %q %s turns=%d calls=%d", s.ID, s.Agent, s.Title, s.Path, s.Turns, s.Calls)
	}
	for _, q := range []string{"the", "README", "ls", `\fo+`} {
		n := 0
		err := ix.Search(context.Background(), index.Query{Text: q, Limit: 5}, func(h index.Hit) bool {
			t.Logf("%q: %s e%d t%d %s %q %v", q, h.Session.Agent, h.Entry, h.Turn, h.Kind, h.Snippet, h.Match)
			n++
			return true
		})
		t.Log(q, n, err)
	}
	sum, err = ix.Update(context.Background(), catalog.DefaultRoots(), nil)
	t.Logf("%+v %v", sum, err)
}
