package golden

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/stats"
	"github.com/deck-tui/deck/theme"
)

// A session folder in format v5, plain or zstd, draws the same cards as
// the same scenario recorded in v0 (rc.8). The two recordings are two runs
// of the scenario (other ids, times, model text and reasoning, a context
// message in one only), so their bytes differ; what must agree is what the
// format decides: the turns, the prompt, each tool call's name, status,
// card kinds and result, the answer and how each turn ended. The plain and
// the zstd v5 folder hold the same log, so those two render byte for byte
// alike.
func TestAV5FolderDrawsAsV0(t *testing.T) {
	for v0, v5 := range map[string]string{
		"fs-read": "fs-read", "fs-edit": "edit", "fs-glob-sampling": "glob", "web-fetch": "web-fetch",
	} {
		t.Run(v5, func(t *testing.T) {
			old := open(t, "testdata/harness/"+v0)
			plainV5 := open(t, "testdata/harness-next/"+v5)
			zstdV5 := open(t, "testdata/generations/v5-zstd/"+v5)
			if plainV5.Header.Version != 5 || zstdV5.Header.Version != 5 {
				t.Fatalf("the v5 folders read as v%d and v%d", plainV5.Header.Version, zstdV5.Header.Version)
			}
			want := cardsThatAgree(old)
			for name, s := range map[string]*session.Session{"plain": plainV5, "zstd": zstdV5} {
				if got := cardsThatAgree(s); got != want {
					t.Errorf("%s v5 draws\n%s\nv0 draws\n%s", name, got, want)
				}
				if n := s.NoticeCount(); n != 0 {
					t.Errorf("%s v5: %d notices: %s", name, n, s.Notices()[0].Text)
				}
			}
			if render(zstdV5, 100, theme.Dark()) != render(plainV5, 100, theme.Dark()) {
				t.Error("the zstd v5 folder renders unlike the plain one")
			}
		})
	}
}

// The same session converted from v0 to v5 (generations/v0-to-v5.py:
// its chunks become the messages' embedded streams) has the same figures
// and each entry the same time: a v5 entry is stamped when its block's
// stream began, as v0's first chunk stamped it, not when its message was
// committed.
func TestAV5SessionKeepsTheTimesOfItsV0(t *testing.T) {
	old := open(t, "testdata/harness/live/session-logs/tools/session.jsonl")
	want, wantTimes := stats.Of(old), entryTimes(old)
	if len(wantTimes) < 5 {
		t.Fatalf("the v0 log draws only %d entries", len(wantTimes))
	}
	for _, path := range []string{"testdata/generations/tools-v5", "testdata/generations/v5-zstd/tools"} {
		s := open(t, path)
		if s.Header.Version != 5 || s.NoticeCount() != 0 {
			t.Fatalf("%s reads as v%d with %d notices", path, s.Header.Version, s.NoticeCount())
		}
		if got := stats.Of(s); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s figures\n%+v\nv0 figures\n%+v", path, got, want)
		}
		if got := entryTimes(s); got != wantTimes {
			t.Errorf("%s entry times\n%s\nv0 entry times\n%s", path, got, wantTimes)
		}
	}
}

// entryTimes writes each drawn entry's kind and time, a line each.
func entryTimes(s *session.Session) string {
	var b strings.Builder
	for _, e := range s.Entries {
		if m, ok := e.(*session.UserMessage); ok && m.Role == session.RoleSystemPrompt {
			continue // v0 kept it in request/header, which deck does not draw (cardsThatAgree)
		}
		fmt.Fprintf(&b, "%T %d\n", e, session.Base(e).Time)
	}
	return b.String()
}

// cardsThatAgree writes what two recordings of one scenario must share, a
// card a line: turn starts and ends (with the reason), the user's prompt,
// each tool call (name, status, call and result card kinds, a result or
// none) and the answer. Reasoning, the harness's context messages and the
// system prompt are left out: one recording has them where the other has
// not (v0 kept its system prompt in request/header, which deck does not
// draw; v3 on it is a system/message, a card).
func cardsThatAgree(s *session.Session) string {
	var b strings.Builder
	for _, e := range s.Entries {
		switch x := e.(type) {
		case *session.TurnStart:
			b.WriteString("turn\n")
		case *session.UserMessage:
			if x.Role != session.RoleContext && x.Role != session.RoleSystemPrompt {
				fmt.Fprintf(&b, "prompt %v\n", x.Role)
			}
		case *session.ToolCall:
			fmt.Fprintf(&b, "call %s %v %T %T result=%v\n", x.Name, x.Status(), x.Call, x.View, x.Result != nil)
		case *session.AssistantText:
			b.WriteString("answer\n")
		case *session.TurnEnd:
			fmt.Fprintf(&b, "end %s\n", x.Reason)
		}
	}
	return b.String()
}

// TestGenerationsGolden pins the session folders of testdata/generations
// that deck reads, as the folder opens them, at 100 columns: the folder of
// two generations (its v5) and the v5 whose header says v4 (the notice at
// the top). The too-new and superseded ones print only their header and a
// message, which ui/cli's tests pin.
func TestGenerationsGolden(t *testing.T) {
	for _, name := range []string{"two", "misnamed"} {
		t.Run(name, func(t *testing.T) {
			out := render(open(t, "testdata/generations/"+name), 100, theme.Dark())
			t.Run("w100-plain", func(t *testing.T) { golden.RequireEqual(t, plain(out)) })
			t.Run("w100-dark", func(t *testing.T) { golden.RequireEqual(t, out) })
		})
	}
}
