package pi_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// The corpus's sessions read with no notice but the two lines the
// hand-written one holds to test readers (a line that is no JSON, an
// entry of a type of the future); every call has its result, but those
// of a model's message that ended in an error or was aborted, which pi
// never ran.
func TestCorpusSessions(t *testing.T) {
	for name, c := range map[string]struct {
		notices, calls, unrun int
		title                 string
	}{
		"pi-mono-large-session.jsonl":             {0, 391, 18, "/mode"},
		"agent-sessions-stub-provider-v3.jsonl":   {0, 0, 0, "Read hello.py and summarize what it prints without editing files."},
		"agentsview-handwritten-v3-session.jsonl": {2, 1, 0, "Fix the login bug"},
	} {
		s := read(t, string(sessiontest.ReadFile(t, filepath.Join(sessiontest.Testdata, "pi", "corpus", name))))
		if n := s.NoticeCount(); n != c.notices {
			t.Errorf("%s: %d notices: %v", name, n, sessiontest.NoticeTexts(s))
		}
		calls := sessiontest.Calls(s)
		unrun := 0
		for _, call := range calls {
			if call.Result == nil {
				unrun++
			}
		}
		if len(calls) != c.calls || unrun != c.unrun || s.Title != c.title {
			t.Errorf("%s: %d calls, %d without a result, titled %q", name, len(calls), unrun, s.Title)
		}
	}
}

// The large session's edits are diffs numbered with the file's lines:
// pi's numbered diff, placed by its first changed row (the context rows
// before it, pi numbered from 1 after a "..." before November 2025).
func TestEditsKeepTheFilesLineNumbers(t *testing.T) {
	s := read(t, string(sessiontest.ReadFile(t, filepath.Join(sessiontest.Testdata, "pi", "corpus", "pi-mono-large-session.jsonl"))))
	for _, c := range sessiontest.Calls(s) {
		v, ok := c.View.(session.DiffResultView)
		if !ok || c.Name != "edit" || !strings.Contains(v.Diffs[0].NewText, "getThinkingBorderColor(level") {
			continue
		}
		if len(c.DiffStarts) != 1 || c.DiffStarts[0] != 277 {
			t.Errorf("the theme's edit starts at %v, want line 277 (its first added row is 281, after 4 rows of context)", c.DiffStarts)
		}
		return
	}
	t.Error("no edit adds getThinkingBorderColor")
}
