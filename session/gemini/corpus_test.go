package gemini_test

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/go-json-experiment/json/jsontext"
)

// corpusChats are Gemini CLI's real chats and deck's fixture home's.
func corpusChats(t testing.TB) []string {
	paths, _ := filepath.Glob(sessiontest.Testdata + "/corpus/gemini-cli/*.json*")
	home, _ := filepath.Glob(sessiontest.Testdata + "/gemini/.gemini/tmp/*/chats/*.jsonl")
	sub, _ := filepath.Glob(sessiontest.Testdata + "/gemini/.gemini/tmp/*/chats/*/*.jsonl")
	paths = append(append(paths, home...), sub...)
	if len(paths) != 6 {
		t.Fatalf("found %d Gemini CLI chats", len(paths))
	}
	return paths
}

// Every chat reads without a notice, every line accounted for after every
// line, every call with its result; an older chat written on one line
// reads as its pretty-printed document does.
func TestCorpusChatsReadWhole(t *testing.T) {
	for _, p := range corpusChats(t) {
		b := sessiontest.ReadFile(t, p)
		s := read(t, string(b))
		if n := s.NoticeCount(); n != 0 {
			t.Errorf("%s: %d notices: %s", filepath.Base(p), n, s.Notices()[0].Text)
		}
		for _, c := range sessiontest.Calls(s) {
			if c.Result == nil {
				t.Errorf("%s: call %s has no result", filepath.Base(p), c.CallID)
			}
		}
		if filepath.Ext(p) != ".json" {
			continue
		}
		compact := jsontext.Value(bytes.Clone(b))
		if err := compact.Compact(); err != nil {
			t.Fatal(err)
		}
		one := read(t, string(compact)+"\n")
		if a, b := sessiontest.Shape(one), sessiontest.Shape(s); a != b {
			t.Errorf("%s on one line reads otherwise:\n%s\n%s", filepath.Base(p), a, b)
		}
		if one.Title != s.Title || one.Usage != s.Usage || len(sessiontest.Of[*session.TurnStart](one)) != len(sessiontest.Of[*session.TurnStart](s)) {
			t.Errorf("%s on one line: title %q usage %+v", filepath.Base(p), one.Title, one.Usage)
		}
	}
}
