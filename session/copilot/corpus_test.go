package copilot_test

import (
	"path/filepath"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// corpusLogs are the corpus's Copilot CLI logs and deck's fixture home's.
func corpusLogs(t testing.TB) []string {
	paths, _ := filepath.Glob(sessiontest.Testdata + "/corpus/copilot-cli/*.jsonl")
	home, _ := filepath.Glob(sessiontest.Testdata + "/copilot/.copilot/session-state/*/events.jsonl")
	paths = append(paths, home...)
	if len(paths) != 4 {
		t.Fatalf("found %d Copilot CLI logs", len(paths))
	}
	return paths
}

// Every log reads without a notice, as Copilot CLI, every line accounted
// for; every call has its card, and every call but the one a turn's abort
// or the log's end left running has its result.
func TestCorpusLogsReadWhole(t *testing.T) {
	for _, p := range corpusLogs(t) {
		s, err := source.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(filepath.Dir(p)) + "/" + filepath.Base(p)
		if s.Format != session.FormatCopilot || s.Header.ID == "" || s.Header.Cwd == "" || s.Title == "" {
			t.Errorf("%s: format %q header %+v title %q", name, s.Format, s.Header, s.Title)
		}
		if n := s.NoticeCount(); n != 0 {
			t.Errorf("%s: %d notices: %s", name, n, s.Notices()[0].Text)
		}
		if !s.Account.Balanced() {
			t.Errorf("%s: %+v", name, s.Account)
		}
		for _, c := range sessiontest.Calls(s) {
			if c.Call == nil && !c.Orphan || c.Result == nil && !c.Unfinished {
				t.Errorf("%s: call %s (%s) has no card or no result", name, c.CallID, c.Name)
			}
		}
	}
}
