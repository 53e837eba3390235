package session_test

import (
	"runtime"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// nestedBlocks is a tool result's block holding one 4,000 levels deep, each
// level's type written after its content (or before).
func nestedBlocks(typeLast bool) string {
	s := `{"type":"text","text":"x"}`
	for range 4000 {
		if typeLast {
			s = `{"toolCallId":"c","content":[` + s + `],"type":"tool-result"}`
		} else {
			s = `{"type":"tool-result","toolCallId":"c","content":[` + s + `]}`
		}
	}
	return "[" + s + "]"
}

// Blocks nested 4,000 deep are read as blocks 8 deep, the rest kept as
// logged, and cost what their bytes cost: read with its type after its
// content, each level was read again at every level around it (5,000
// levels, 260 KB, took 6 s and 1 GB).
func TestDeepBlocksAreKeptAsLogged(t *testing.T) {
	for _, typeLast := range []bool{false, true} {
		raw := nestedBlocks(typeLast)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		var blocks []session.ContentBlock
		if err := jsonline.Unmarshal([]byte(raw), &blocks); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 100*uint64(len(raw)) { // before: 7,700 times
			t.Errorf("type last %v: reading %d KB allocated %d MB", typeLast, len(raw)>>10, alloc>>20)
		}
		depth, b := 0, blocks[0]
		for len(b.Content) > 0 {
			b, depth = b.Content[0], depth+1
		}
		if depth != 9 || b.Type != "tool-result" || strings.Count(string(b.Raw), "tool-result") != 4000-9 ||
			!strings.Contains(string(b.Raw), `{"type":"text","text":"x"}`) {
			t.Errorf("type last %v: blocks %d deep, the last %q %.40q", typeLast, depth, b.Type, b.Raw)
		}
	}
}
