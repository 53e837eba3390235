package index_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/index"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// tree is a home of the three agents' session folders, empty.
type tree struct {
	dir   string
	roots []catalog.Root
}

func newTree(t *testing.T) tree {
	t.Helper()
	dir := t.TempDir()
	return tree{dir, []catalog.Root{
		{Agent: catalog.AgentHarness, Dir: filepath.Join(dir, "dsh")},
		{Agent: catalog.AgentClaude, Dir: filepath.Join(dir, "claude")},
		{Agent: catalog.AgentCodex, Dir: filepath.Join(dir, "codex")},
	}}
}

// harnessPath is where the harness keeps session id's log.
func (tr tree) harnessPath(id string) string {
	return filepath.Join(tr.dir, "dsh", "--w--", id, "session.jsonl")
}

func (tr tree) claudePath(id string) string {
	return filepath.Join(tr.dir, "claude", "-w", id+".jsonl")
}

// write writes a log, last changed age ago (0: now, so live).
func write(t testing.TB, path, text string, age time.Duration) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	age_(t, path, age)
}

// appendTo appends to a log, last changed age ago.
func appendTo(t testing.TB, path, text string, age time.Duration) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
	f.Close()
	age_(t, path, age)
}

func age_(t testing.TB, path string, age time.Duration) {
	t.Helper()
	when := time.Now().Add(-age)
	if err := os.Chtimes(path, when, when); err != nil {
		t.Fatal(err)
	}
}

// old is long enough ago that a log is not live.
const old = time.Hour

// harnessLog is a harness log of one turn per prompt, each answered with
// its reply.
func harnessLog(turns ...[2]string) string {
	var b strings.Builder
	b.WriteString(sessiontest.FirstLine)
	for i, t := range turns {
		b.WriteString(harnessTurn(i+1, t[0], t[1]))
	}
	return b.String()
}

// harnessTurn is the lines of one harness turn: a prompt, a reply.
func harnessTurn(turn int, prompt, reply string) string {
	seq := turn * 10
	return fmt.Sprintf(`{"seq":%d,"time":%d,"type":"turn/start","data":{"turn":%d}}
{"seq":%d,"time":%d,"type":"user/message","data":{"content":[{"type":"text","text":%q}],"source":{"kind":"user"},"role":"user","id":"u%d"},"surfaceOp":"append"}
{"seq":%d,"time":%d,"type":"assistant/message","data":{"turn":%d,"step":1,"message":{"role":"assistant","content":[{"type":"text","text":%q}],"source":{"kind":"model","provider":"deepseek","model":"m"},"id":"a%d"},"usage":{"inputTokens":10,"outputTokens":5}},"surfaceOp":"append"}
{"seq":%d,"time":%d,"type":"turn/end","data":{"turn":%d,"reason":{"kind":"completed"}}}
`, seq, 1796000000000+seq, turn, seq+1, 1796000000000+seq+1, prompt, turn, seq+2, 1796000000000+seq+2, turn, reply, turn, seq+3, 1796000000000+seq+3, turn)
}

// claudePrompt is a Claude Code log line of a person's prompt.
func claudePrompt(session, uuid, text string) string {
	return fmt.Sprintf(`{"parentUuid":null,"isSidechain":false,"userType":"external","cwd":"/w/claude","sessionId":%q,"version":"1.0.98","gitBranch":"","type":"user","message":{"role":"user","content":%q},"uuid":%q,"timestamp":"2025-09-03T00:47:19.293Z"}`+"\n", session, text, uuid)
}

func open(t *testing.T, dir string) *index.Index {
	t.Helper()
	ix, err := index.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	return ix
}

func update(t *testing.T, ix *index.Index, tr tree) index.Summary {
	t.Helper()
	sum, err := ix.Update(context.Background(), tr.roots, nil)
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

func find(t *testing.T, ix *index.Index, q index.Query) []index.Hit {
	t.Helper()
	var hits []index.Hit
	if err := ix.Search(context.Background(), q, func(h index.Hit) bool { hits = append(hits, h); return true }); err != nil {
		t.Fatal(err)
	}
	return hits
}

// where says where each hit is: the session's file's base folder or name,
// its entry and kind.
func where(hits []index.Hit) []string {
	var out []string
	for _, h := range hits {
		out = append(out, fmt.Sprintf("%s#%d:%s", filepath.Base(strings.TrimSuffix(h.Session.Path, "/session.jsonl")), h.Entry, h.Kind))
	}
	return out
}
