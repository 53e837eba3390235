package cursor_test

import (
	"path/filepath"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// fixtureHome is deck's Cursor CLI fixture session (its README says what
// it holds).
const fixtureHome = "/cursor/.cursor/projects/work-demo/agent-transcripts/3f6b2c1d-8e4a-4b7c-9d0e-1a2b3c4d5e6f/3f6b2c1d-8e4a-4b7c-9d0e-1a2b3c4d5e6f.jsonl"

// corpusLogs are the corpus's Cursor CLI transcripts and the fixture's.
func corpusLogs(t testing.TB) []string {
	paths, _ := filepath.Glob(sessiontest.Testdata + "/corpus/cursor-cli/*.jsonl")
	paths = append(paths, sessiontest.Testdata+fixtureHome)
	if len(paths) != 3 {
		t.Fatalf("found %d Cursor CLI transcripts", len(paths))
	}
	return paths
}

// Every transcript reads without a notice, as Cursor CLI, every line
// accounted for, every call with its card; the fixture's Task shows its
// subagent's work.
func TestCorpusTranscriptsReadWhole(t *testing.T) {
	for _, p := range corpusLogs(t) {
		s, err := source.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(p)
		if s.Format != session.FormatCursor || s.Title == "" || s.Header.ID == "" {
			t.Errorf("%s: format %q title %q id %q", name, s.Format, s.Title, s.Header.ID)
		}
		if n := s.NoticeCount(); n != 0 {
			t.Errorf("%s: %d notices: %s", name, n, s.Notices()[0].Text)
		}
		if !s.Account.Balanced() {
			t.Errorf("%s: %+v", name, s.Account)
		}
		for _, c := range sessiontest.Calls(s) {
			if c.Call == nil || c.Result == nil && !c.Unfinished {
				t.Errorf("%s: call %q (%s) has no card, or waits", name, c.CallID, c.Name)
			}
			if c.Name == "Task" && len(c.Nested) != 5 {
				t.Errorf("%s: the Task shows %d entries of its subagent", name, len(c.Nested))
			}
		}
	}
}
