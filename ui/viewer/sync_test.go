package viewer

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/deck-tui/deck/session/follow"
	"github.com/deck-tui/deck/theme"
)

// A sync that takes only what changed since the last one leaves the viewer
// holding what a sync of every entry would: the same items (each a clone
// of its entry as it is now) and the same counts, whatever the pieces the
// log arrives in. The logs are chosen for how their readers change
// entries: results merged into calls, streamed blocks removed
// (harness-v5-attempts), turns put before prompts (Codex), subagents'
// work growing inside a Task (Claude Code), a thousand notices.
func TestTakingTheChangesIsTakingEverything(t *testing.T) {
	for _, log := range []string{
		"fixtures/streaming.jsonl",
		"fixtures/harness-v5-attempts.jsonl",
		"fixtures/bad-json.jsonl",
		"harness/live/session-logs/tools/session.jsonl.zstd",
		"corpus/codex/AcidicSoil_codex-session-view__rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl",
		"corpus/claude-code/marot_spotter__subagent.jsonl",
		"corpus/claude-code/d-kimuson_claude-code-viewer__fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl",
	} {
		data, err := os.ReadFile(filepath.Join(testdata, log))
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 2; seed++ {
			t.Run(fmt.Sprintf("%s/%d", filepath.Base(log), seed), func(t *testing.T) {
				syncInPieces(t, data, rand.New(rand.NewPCG(seed, 7)))
			})
		}
	}
}

func syncInPieces(t *testing.T, data []byte, rnd *rand.Rand) {
	pr, pw := io.Pipe()
	v := New(LogFeed(follow.Stream("test", pr)), theme.Dark(), true)
	v.resize(100, 30)
	v.src.start()
	defer v.src.stop()
	written := 0
	for written < len(data) {
		n := min(1+rnd.IntN(max(len(data)/8, 1)), len(data)-written)
		if _, err := pw.Write(data[written : written+n]); err != nil {
			t.Fatal(err)
		}
		written += n
		waitRead(t, v, written)
		v.sync()
		sameAsAWholeSync(t, v, written)
	}
	pw.Close()
	v.sync()
}

// waitRead waits until the feed has read n bytes.
func waitRead(t *testing.T, v *Viewer, n int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); readOf(v) < n; {
		if time.Now().After(deadline) {
			t.Fatalf("read %d of %d bytes", readOf(v), n)
		}
		time.Sleep(time.Millisecond)
	}
}

// sameAsAWholeSync compares the viewer's items and counts with those a
// sync of every entry takes from the session as it is now.
func sameAsAWholeSync(t *testing.T, v *Viewer, at int) {
	t.Helper()
	v.src.with(func(st follow.State) {
		ref := &Viewer{}
		ref.takeAll(st.Session, false)
		if len(ref.all) != len(v.all) {
			t.Fatalf("at byte %d: %d items, a whole sync takes %d", at, len(v.all), len(ref.all))
		}
		for i, want := range ref.all {
			got := v.all[i]
			if got.id != want.id || got.rev != want.rev || got.tool != want.tool || got.failed != want.failed || got.code != want.code || got.huge != want.huge || len(got.nested) != len(want.nested) {
				t.Fatalf("at byte %d, item %d: %+v, a whole sync takes %+v", at, i, got, want)
			}
			e := got.e
			if e == nil { // not taken yet: taken where it is now
				e = cloneOf(st.Session, got)
			}
			if got.kind != want.kind || got.seq != want.seq || got.time != want.time || !reflect.DeepEqual(e, want.e) {
				t.Fatalf("at byte %d, item %d (id %d): its clone is not the entry as it is:\n%#v\n%#v", at, i, want.id, e, want.e)
			}
		}
		if v.tools != ref.tools || v.failures != ref.failures || v.notices != ref.notices ||
			v.nestedTools != ref.nestedTools || v.nestedFailures != ref.nestedFailures {
			t.Fatalf("at byte %d: %d tools, %d failures, %d notices; a whole sync counts %d, %d, %d",
				at, v.tools, v.failures, v.notices, ref.tools, ref.failures, ref.notices)
		}
	})
}
