package live

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/deck-tui/deck/session/internal/jsonline"
)

// A host's session rows say whether the harness keeps each in its current
// format or an older one it migrates when the session is next written
// (formatStatus, 0.2 on); a host that does not say leaves it "".
func TestSessionRowsSayTheirFormatStatus(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var req struct {
			RPCID string `json:"rpcId"`
		}
		_ = jsonline.Unmarshal(body, &req)
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"type":"server-response","rpcId":"` + req.RPCID + `","result":{"ok":true,"value":{"items":[` +
			`{"sessionId":"a","updatedAt":3,"formatStatus":"current"},` +
			`{"sessionId":"b","updatedAt":2,"formatStatus":"migration-required"},` +
			`{"sessionId":"c","updatedAt":1}]}}}`))
	}))
	t.Cleanup(srv.Close)
	c, err := New(srv.URL, Options{})
	if err != nil {
		t.Fatal(err)
	}
	list, err := c.Sessions(testContext(t))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"a": FormatCurrent, "b": FormatMigrationRequired, "c": ""}
	if len(list) != len(want) {
		t.Fatalf("%d rows: %+v", len(list), list)
	}
	for _, s := range list {
		if s.FormatStatus != want[s.ID] {
			t.Errorf("session %s: format status %q, want %q", s.ID, s.FormatStatus, want[s.ID])
		}
	}
}
