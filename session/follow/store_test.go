package follow

import (
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// The viewer opens opencode's store, and one of its sessions by
// reference (a picker's row), read or followed: the session is read from
// the store, no notice.
func TestAStoreSessionOpens(t *testing.T) {
	store := sessiontest.Testdata + "/opencode/stunning-memory-opencode.db"
	for _, path := range []string{store, store + "#ses_04ca851f7ffevKrKMHW3RsPK1U"} {
		for _, follow := range []bool{false, true} {
			src := File(path, path, follow)
			src.Start()
			st := waitLoaded(t, src)
			s := st.Session
			if st.NotALog != nil || s.Format != session.FormatOpenCode || s.Header.ID != "ses_04ca851f7ffevKrKMHW3RsPK1U" || s.NoticeCount() != 0 {
				t.Errorf("%s (follow %v): %v, %q %q, %d notices", path, follow, st.NotALog, s.Format, s.Header.ID, s.NoticeCount())
			}
			src.Stop()
		}
	}
}
