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

// So does Crush's store, and one of its sessions by reference.
func TestACrushStoreSessionOpens(t *testing.T) {
	store := sessiontest.Testdata + "/crush/calcman-crush.db"
	for path, id := range map[string]string{store: "5893253f-6351-4f2c-998d-2bae794714f9", store + "#f1c755dc-c4a5-41c1-812a-497901900cc2": "f1c755dc-c4a5-41c1-812a-497901900cc2"} {
		for _, follow := range []bool{false, true} {
			src := File(path, path, follow)
			src.Start()
			st := waitLoaded(t, src)
			s := st.Session
			if st.NotALog != nil || s.Format != session.FormatCrush || s.Header.ID != id || s.NoticeCount() != 0 {
				t.Errorf("%s (follow %v): %v, %q %q, %d notices", path, follow, st.NotALog, s.Format, s.Header.ID, s.NoticeCount())
			}
			src.Stop()
		}
	}
}
