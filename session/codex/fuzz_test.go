package codex_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// FuzzReader feeds any bytes, in any chunks, to the reader, starting
// from Codex rollouts so the sniffer picks the Codex decoder: it never
// panics, and every line is accounted for.
func FuzzReader(f *testing.F) {
	paths, _ := filepath.Glob(sessiontest.Testdata + "/corpus/codex/*.jsonl")
	newest, _ := filepath.Glob(sessiontest.Testdata + "/fixtures/codex-*.jsonl")
	paths = append(paths, newest...)
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		// short lines only, so the fuzzer mutates fast: the session start,
		// then the calls and their outputs
		var start, calls [][]byte
		for _, l := range bytes.SplitAfter(b, []byte("\n")) {
			switch {
			case len(l) > 2<<10:
			case len(start) < 16:
				start = append(start, l)
			case len(calls) < 24 && bytes.Contains(l, []byte(`call`)):
				calls = append(calls, l)
			}
		}
		f.Add(bytes.Join(start, nil), uint16(64))
		f.Add(bytes.Join(append(start[:1], calls...), nil), uint16(4096))
	}
	f.Add([]byte(metaLine+"\n"+strings.Join([]string{
		call(1, "p1", "apply_patch", map[string]any{"input": threeFilePatch}),
		output(2, "p1", "Exit code: 0\nWall time: 0.2 seconds\nOutput:\nSuccess.\n"),
		call(3, "e1", "exec_command", map[string]any{"cmd": "sleep 9"}),
		output(4, "e1", "Chunk ID: a\nWall time: 1.0 seconds\nProcess running with session ID 7\nOutput:\n"),
		call(5, "w1", "write_stdin", map[string]any{"session_id": 7, "chars": "q"}),
		output(6, "w1", "Process exited with code 0"),
		shell(7, "r1", "nl -ba a.go | sed -n '3,4p'"),
		output(8, "r1", structured("     3\tx\n     4\ty\n", 0, 0)),
		event(9, `{"type":"task_complete"}`),
	}, "\n")+"\n"), uint16(13))
	f.Add([]byte(`{"id":"x","timestamp":"2025-09-02T17:17:41.762Z","instructions":"i"}`+"\n"+`{"record_type":"state"}`+"\n"+
		`{"type":"function_call","name":"shell","arguments":"{\"command\":[\"ls\"]}","call_id":"c"}`+"\n"), uint16(5))
	f.Fuzz(func(t *testing.T, data []byte, chunk uint16) {
		s := sessiontest.ReadBytes(data, int(chunk%4096)+1)
		if !s.Account.Balanced() {
			t.Fatalf("accounting %+v", s.Account)
		}
		for _, e := range s.Entries {
			if c, ok := e.(*session.ToolCall); ok {
				_ = c.Status()
				_ = c.Title()
				_, _ = c.Elapsed()
			}
		}
	})
}
