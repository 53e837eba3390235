package loggen

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// MakeTinyTree returns a tree of n sessions of one short turn each (a few
// hundred bytes), laid out as MakeTree lays out its own (three in five
// the harness's, one in four Claude Code's, the rest Codex's), written
// the first time under dir: a home of very many sessions, whose cost to
// list is all in their count.
func MakeTinyTree(dir string, n int) (Tree, error) {
	root := filepath.Join(dir, fmt.Sprintf("tiny-v%d-%d", TreeVersion, n))
	t := Tree{Home: root, Harness: filepath.Join(root, ".dsh", "sessions"), Claude: filepath.Join(root, ".claude", "projects"),
		Codex: filepath.Join(root, ".codex", "sessions"), Sessions: n}
	done := filepath.Join(root, "done")
	if list, err := os.ReadFile(done); err == nil {
		t.Paths = strings.Split(strings.TrimSpace(string(list)), "\n")
		return t, t.size()
	}
	if err := os.RemoveAll(root); err != nil {
		return t, err
	}
	day := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		rng := rand.New(rand.NewPCG(7, uint64(i)))
		id := uuid(rng)
		project := fmt.Sprintf("/home/dev/proj-%02d", i%40)
		when := day.Add(-time.Duration(n-i) * time.Minute)
		stamp := when.Format(time.RFC3339)
		prompt := fmt.Sprintf("please look at task %d in %s", i, project)
		var path, text string
		switch r := rng.IntN(20); {
		case r < 12:
			path = filepath.Join(t.Harness, "--"+strings.ReplaceAll(strings.TrimPrefix(project, "/"), "/", "-")+"--", id, "session.jsonl")
			ms := when.UnixMilli()
			text = fmt.Sprintf(`{"type":"session","version":0,"id":%q,"createdAt":%d,"cwd":%q,"delegationDepth":0}`+"\n", id, ms, project) +
				fmt.Sprintf(`{"seq":0,"time":%d,"type":"turn/start","data":{"turn":1}}`+"\n", ms) +
				fmt.Sprintf(`{"seq":1,"time":%d,"type":"user/message","data":{"content":[{"type":"text","text":%q}],"source":{"kind":"user"},"role":"user","id":"u1"},"surfaceOp":"append"}`+"\n", ms, prompt) +
				fmt.Sprintf(`{"seq":2,"time":%d,"type":"turn/end","data":{"turn":1,"reason":{"kind":"completed"}}}`+"\n", ms)
		case r < 17:
			path = filepath.Join(t.Claude, strings.ReplaceAll(project, "/", "-"), id+".jsonl")
			text = fmt.Sprintf(`{"parentUuid":null,"isSidechain":false,"userType":"external","cwd":%q,"sessionId":%q,"version":"1.0.98","type":"user","message":{"role":"user","content":%q},"uuid":%q,"timestamp":%q}`+"\n", project, id, prompt, uuid(rng), stamp)
		default:
			path = filepath.Join(t.Codex, when.Format("2006/01/02"), "rollout-"+when.Format("2006-01-02T15-04-05")+"-"+id+".jsonl")
			text = fmt.Sprintf(`{"timestamp":%q,"type":"session_meta","payload":{"id":%q,"timestamp":%q,"cwd":%q,"originator":"codex_cli_rs","cli_version":"0.58.0"}}`+"\n", stamp, id, stamp, project) +
				fmt.Sprintf(`{"timestamp":%q,"type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":%q}]}}`+"\n", stamp, prompt) +
				fmt.Sprintf(`{"timestamp":%q,"type":"event_msg","payload":{"type":"user_message","message":%q,"images":[]}}`+"\n", stamp, prompt)
		}
		if err := writeDated(path, []byte(text), when); err != nil {
			return t, err
		}
		t.Paths = append(t.Paths, path)
	}
	if err := os.WriteFile(done, []byte(strings.Join(t.Paths, "\n")+"\n"), 0o644); err != nil {
		return t, err
	}
	return t, t.size()
}
