package viewer

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/follow"
	"github.com/deck-tui/deck/theme"
)

// A followed view always equals a fresh open of the same bytes: after
// random appends (whole lines, parts of lines, parts of zstd frames),
// toggles of f and truncations, the viewer's cards (all of them, and those
// of the filter v chose, which changes each step), counts, title and
// outline are those of a viewer that opens what was read, fresh, under the
// same filter. A truncation adds only the notice that says the log was
// cut, until f reads it again.
func TestAFollowedViewIsAFreshOpen(t *testing.T) {
	for _, log := range []string{
		testdata + "/harness/fs-delete-recreate/session.jsonl",
		testdata + "/harness/live/session-logs/tools/session.jsonl.zstd",
	} {
		data, err := os.ReadFile(log)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 2; seed++ {
			t.Run(fmt.Sprintf("%s/%d", filepath.Ext(log), seed), func(t *testing.T) {
				followInvariant(t, data, rand.New(rand.NewPCG(seed, 12)))
			})
		}
	}
}

// A whole log followed shows what it shows opened without following, which
// closes it: no reader may decide at a log's end, which a followed log
// never reaches. A Codex 0.154 log, followed, drew its prompt as "injected
// by codex" and its session untitled (issue 27); a 0.5x one, with no
// task_started, must show the turns its prompts start. golden's
// TestAFollowedLogIsAFreshOpen holds every log to this, read in pieces.
func TestAWholeLogFollowedIsItsFreshOpen(t *testing.T) {
	for _, log := range []string{
		testdata + "/fixtures/codex-exec-cell.jsonl",
		testdata + "/corpus/codex/AcidicSoil_codex-session-view__rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl",
	} {
		info, err := os.Stat(log)
		if err != nil {
			t.Fatal(err)
		}
		followed := testViewer(log, true)
		settleView(t, followed, int(info.Size()), 0, 10)
		followed.src.stop()
		fresh := testViewer(log, false)
		settleView(t, fresh, int(info.Size()), 0, 1)
		fresh.src.stop()
		followed.setFilter(showAll)
		fresh.setFilter(showAll)
		if got, want := strings.Join(cardTexts(followed, -1), "\n"), strings.Join(cardTexts(fresh, -1), "\n"); got != want {
			t.Errorf("%s followed:\n%s\nfresh:\n%s", filepath.Base(log), got, want)
		}
		if got, want := outlineOf(followed), outlineOf(fresh); followed.title != fresh.title || len(want) == 0 || !reflect.DeepEqual(got, want) {
			t.Errorf("%s followed: %q, outline %+v; fresh: %q, %+v", filepath.Base(log), followed.title, got, fresh.title, want)
		}
	}
}

func followInvariant(t *testing.T, data []byte, rnd *rand.Rand) {
	path := filepath.Join(t.TempDir(), "session.jsonl")
	written := rnd.IntN(len(data) / 2)
	writeLog(t, path, data[:written])
	v := testViewer(path, true)
	defer v.src.stop()
	resets := 0
	cut := false // the view holds the notice of a truncation
	settleView(t, v, written, resets, 10)
	for step := 0; step < 12; step++ {
		v.Update(keyMsg("v")) // the next filter: what follows is synced under it
		var did string
		switch op := rnd.IntN(10); {
		case op < 6 && written < len(data): // an append, cut anywhere
			n := min(written+1+rnd.IntN(len(data)/4), len(data))
			appendLog(t, path, data[written:n])
			did = fmt.Sprintf("append %d–%d", written, n)
			written = n
		case op < 8:
			wasOff := !v.follow
			v.Update(keyMsg("f"))
			if wasOff { // the closed log is read again, quietly
				resets++
				cut = false
			}
			did = fmt.Sprintf("f (following %v)", v.follow)
		case v.follow:
			if read := readOf(v); read > 0 {
				written = rnd.IntN(read)
				writeLog(t, path, data[:written])
				resets++
				cut = true
				did = fmt.Sprintf("truncate to %d", written)
			}
		}
		want := -1 // not following: whatever was read when it stopped
		if v.follow {
			want = written
		}
		read := settleView(t, v, want, resets, 10)
		writeLog(t, path+".fresh", data[:read]) // exactly what was read
		fresh := testViewer(path+".fresh", v.follow)
		settleView(t, fresh, read, 0, 1)
		fresh.src.stop()
		notice := -1 // the truncation's notice, which only the followed view has
		if cut {
			if len(v.all) == 0 || !strings.Contains(noticeText(v.all[0]), "read again from the start") {
				t.Fatalf("after %s: no notice of the truncation first", did)
			}
			notice = v.all[0].id
		}
		shown := v.filter
		for _, f := range []filter{shown, showAll} {
			v.setFilter(f)
			fresh.setFilter(f)
			got, want := cardTexts(v, notice), cardTexts(fresh, -1)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Fatalf("step %d, after %s (%d bytes read), filter %q:\nfollowed:\n%s\nfresh:\n%s", step, did, read, f, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		}
		v.setFilter(shown)
		if got, want := outlineOf(v), outlineOf(fresh); !reflect.DeepEqual(got, want) || v.model != fresh.model || v.cwd != fresh.cwd || v.usage != fresh.usage {
			t.Fatalf("after %s: the outline %+v (%s, %s, %+v); fresh: %+v (%s, %s, %+v)", did, got, v.model, v.cwd, v.usage, want, fresh.model, fresh.cwd, fresh.usage)
		}
		// the truncation's notice says what deck did: no error
		if v.tools != fresh.tools || v.failures != fresh.failures || v.title != fresh.title {
			t.Fatalf("after %s: %d calls, %d errors, %q; fresh: %d calls, %d errors, %q", did, v.tools, v.failures, v.title, fresh.tools, fresh.failures, fresh.title)
		}
	}
}

// testViewer is a viewer of the log at path, reading it, at 100×30.
func testViewer(path string, following bool) *Viewer {
	v := New(LogFeed(follow.File("test", path, following)), theme.Dark(), true)
	v.resize(100, 30)
	v.src.start()
	return v
}

func appendLog(t *testing.T, path string, p []byte) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Write(p); err != nil {
		t.Fatal(err)
	}
}

func readOf(v *Viewer) int {
	var read int64
	v.src.with(func(st follow.State) { read = st.Read })
	return int(read)
}

// settleView waits until the viewer's log has read want bytes (any, when
// want < 0), been read again resets times, and stays so for looks looks 10
// ms apart (past the 40 ms poll, for a followed log); then the viewer
// syncs, as a change tells it to. It returns the bytes read.
func settleView(t *testing.T, v *Viewer, want, resets, looks int) int {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	last, quiet := -1, 0
	for {
		var st follow.State
		v.src.with(func(s follow.State) { st = s })
		read := int(st.Read)
		if !st.Loading && st.Resets == resets && (want < 0 || read == want) && read == last {
			quiet++
		} else {
			quiet = 0
		}
		last = read
		if quiet == looks {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the log read %d bytes of %d, %d times again of %d", read, want, st.Resets, resets)
		}
		time.Sleep(10 * time.Millisecond)
	}
	v.Update(changedMsg{})
	return last
}

// cardTexts draws every card the viewer shows but the entry skip, through
// its cache, as the screen would show it.
func cardTexts(v *Viewer, skip int) []string {
	v.drawUntil = time.Now().Add(10 * time.Second) // drawn now, never a placeholder
	v.cache.inflight = map[cacheKey]bool{}         // nor one whose late drawing this test never takes back
	out := make([]string, 0, len(v.items))
	for i, it := range v.items {
		if it.id != skip {
			out = append(out, strings.Join(v.rows(i), "\n"))
		}
	}
	return out
}

// noticeText is a notice's text, "" for another entry.
func noticeText(it item) string {
	if n, ok := it.e.(*session.Notice); ok {
		return n.Text
	}
	return ""
}

// outlineOf is the viewer's outline (t), without the entry ids, which
// start over when a log is read again.
func outlineOf(v *Viewer) []turnRow {
	turns := v.turns()
	for i := range turns {
		turns[i].id = 0
	}
	return turns
}
