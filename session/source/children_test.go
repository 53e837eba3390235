package source_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/source"
)

// writeLog writes a v4 session log in its session folder under project.
func writeLog(t *testing.T, project, id, body string) string {
	t.Helper()
	dir := filepath.Join(project, id)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "session.v4.jsonl")
	head := `{"type":"session","version":4,"id":"` + id + `","createdAt":1,"cwd":"/w","isSeeded":false,"delegationDepth":0}` + "\n"
	if err := os.WriteFile(path, []byte(head+body), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func catalogLine(seq, id, mode string) string {
	return `{"type":"subagent/catalog","seq":` + seq + `,"time":1,"data":{"version":2,"childId":"` + id + `","childCreatedAt":1,"mode":"` + mode + `","label":"` + id + `"}}` + "\n"
}

// children lays out a parent whose catalog names a child that completed
// (a turn from 1000 to 4000, 1,000 tokens in and 200 out: 1,200 tokens in
// 3.0s), one still running (its turn from 1000, its latest work at 2500:
// 1.5s so far, 350 tokens), one whose folder is not there, one that ran
// elsewhere, and an id that would name a folder outside the project.
func children(t *testing.T) (parent string, want map[string]*session.SubagentLog) {
	project := filepath.Join(t.TempDir(), "--w--")
	writeLog(t, project, "done", `{"type":"turn/start","seq":0,"time":1000,"data":{"turn":1}}
{"type":"assistant/message","seq":1,"time":2000,"data":{"turn":1,"step":1,"message":{"role":"assistant","content":[{"type":"text","text":"ok"}],"source":{"kind":"model"},"id":"a"},"usage":{"inputTokens":1000,"outputTokens":200},"stream":[]},"surfaceOp":"append"}
{"type":"turn/end","seq":2,"time":4000,"data":{"turn":1,"reason":{"kind":"completed"}}}
`)
	writeLog(t, project, "busy", `{"type":"turn/start","seq":0,"time":1000,"data":{"turn":1}}
{"type":"assistant/message","seq":1,"time":2500,"data":{"turn":1,"step":1,"message":{"role":"assistant","content":[{"type":"text","text":"working"}],"source":{"kind":"model"},"id":"a"},"usage":{"inputTokens":300,"outputTokens":50},"stream":[]},"surfaceOp":"append"}
`)
	writeLog(t, filepath.Dir(project), "outside", `{"type":"turn/start","seq":0,"time":1000,"data":{"turn":1}}
`)
	parent = writeLog(t, project, "parent", catalogLine("0", "done", "one-shot")+catalogLine("1", "busy", "continuable")+
		catalogLine("2", "gone", "one-shot")+catalogLine("3", "ext", "external")+catalogLine("4", "../outside", "one-shot"))
	return parent, map[string]*session.SubagentLog{
		"done": {Completed: true, Tokens: 1200, Duration: 3000},
		"busy": {Running: true, Tokens: 350, Duration: 1500},
		"gone": nil, "ext": nil, "../outside": nil,
	}
}

func checkChildren(t *testing.T, s *session.Session, want map[string]*session.SubagentLog) {
	t.Helper()
	if len(s.Subagents) != len(want) {
		t.Fatalf("%d children in the catalog, want %d", len(s.Subagents), len(want))
	}
	for _, a := range s.Subagents {
		w, got := want[a.ID], a.Log
		switch {
		case w == nil && got != nil:
			t.Errorf("%s: read a log, %+v", a.ID, *got)
		case w != nil && got == nil:
			t.Errorf("%s: no log read", a.ID)
		case w != nil && *got != *w:
			t.Errorf("%s: %+v, want %+v", a.ID, *got, *w)
		}
	}
}

// A harness session's catalog says what each child's own log, in its
// folder beside the parent's, says of it; a child whose folder is not
// there, or that ran elsewhere, has nothing read, and an id that would
// reach outside the project is never followed.
func TestTheCatalogReadsEachChildsLog(t *testing.T) {
	parent, want := children(t)
	s, err := source.Open(parent)
	if err != nil {
		t.Fatal(err)
	}
	checkChildren(t, s, want)
}

// A reader that leaves the files beside the log to its user (the viewer's)
// gives the children's logs as parts to read later, with the same facts.
func TestADeferringReaderLeavesTheChildrenForLater(t *testing.T) {
	parent, want := children(t)
	r := source.NewReader()
	r.Defer()
	r.SetPath(parent)
	b, err := os.ReadFile(parent)
	if err != nil {
		t.Fatal(err)
	}
	r.Write(b)
	parts := r.TakeLater()
	if len(parts) != 3 {
		t.Fatalf("%d parts to read, want the three local children with a folder's name (one not there)", len(parts))
	}
	for _, p := range parts {
		p.Read()
		p.Show()
	}
	checkChildren(t, r.Session(), want)
	if again := r.TakeLater(); len(again) != 0 {
		t.Errorf("the children are given again: %d", len(again))
	}
}
