package live

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/live/livetest"
)

// allocated is how many bytes f allocated, in this process.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// A host that answers session.list with 270 MB (1.2 million sessions) is
// refused with an error that says the answer is larger than deck reads:
// deck stops reading at 8 MiB, so it neither keeps nor reads the rest.
// A long list within the bound is read whole.
func TestAHugeListIsRefused(t *testing.T) { each(t, testAHugeListIsRefused) }

func testAHugeListIsRefused(t *testing.T, p livetest.Protocol) {
	h := livetest.Start(t, p, livetest.Resume)
	c := newClient(t, h)
	ctx := testContext(t)
	h.ListMore(1_200_000)
	var err error
	used := allocated(func() { _, err = c.Sessions(ctx) })
	var he *HostError
	op := map[livetest.Protocol]string{livetest.RC8: "session.list", livetest.V02: "session/list"}[p]
	if !errors.As(err, &he) || he.Op != op || !strings.Contains(err.Error(), "the host's answer to "+op+" is larger than 8 MiB") {
		t.Fatalf("Sessions = %v", err)
	}
	// used counts the fake host's allocations too (it runs in this
	// process): 65 MB under -race once; reading the whole answer is 270 MB
	if written := h.ListBytes(); written > 64<<20 || used > 128<<20 {
		t.Fatalf("deck let the host write %d MB of the list and allocated %d MB", written>>20, used>>20)
	}

	h.ListMore(30_000) // 7 MB
	list, err := c.Sessions(ctx)
	if err != nil || len(list) != 30_005 || list[30_004].ID != "listed-000029999" || list[30_004].Title != "a listed session, number 29999" {
		t.Fatalf("a list of 30,005 sessions: %v, %d sessions", err, len(list))
	}
}

// Every other answer is bounded too: a host.describe of 2 MiB is refused,
// the bound named, not cut and then misread.
func TestAnyAnswerIsBounded(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"type":"server-response","rpcId":"` + strings.Repeat("x", 2<<20) + `"}`))
	}))
	t.Cleanup(srv.Close)
	c, err := New(srv.URL, Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Describe(testContext(t))
	if err == nil || !strings.Contains(err.Error(), "the host's answer to host.describe is larger than 1 MiB") {
		t.Fatalf("Describe = %v", err)
	}
}
