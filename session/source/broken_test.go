package source_test

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// Broken input has a defined outcome each, named in a notice; the rest of
// the session still shows.
func TestBrokenInput(t *testing.T) {
	event := `{"type":"turn/start","seq":0,"time":1,"data":{"turn":1}}`
	for _, c := range []struct {
		name, log string
		notices   []string // what the notices start with
		entries   int      // entries that are not notices
	}{
		{"empty", "", []string{"the log is empty"}, 0},
		{"only a newline", "\n", nil, 0},
		{"binary", "\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00" + strings.Repeat("\x00\x01", 100), []string{"this looks like a binary file"}, 0},
		{"UTF-16", "\xff\xfe{\x00\"\x00t\x00", []string{"this file is UTF-16 text"}, 0},
		{"a UTF-8 BOM", "\xef\xbb\xbf" + sessiontest.FirstLine + event + "\n", nil, 1},
		{"CRLF line ends", strings.ReplaceAll(sessiontest.FirstLine+event+"\n", "\n", "\r\n"), nil, 1},
		{"NUL bytes in a line", sessiontest.FirstLine + "{\"type\":\x00\"x\"}\n" + event + "\n", []string{"line 2: not JSON"}, 1},
		{"a truncated last line", sessiontest.FirstLine + event + "\n" + `{"type":"turn/st`, []string{"line 3: not JSON"}, 1},
		{"nested 100,000 deep", sessiontest.FirstLine + `{"type":"x","data":` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + "}\n" + event + "\n", []string{"line 2: not JSON"}, 1},
		{"a number past float64", sessiontest.FirstLine + `{"type":"turn/start","seq":1e400,"time":1e400,"data":{"turn":1e400}}` + "\n", nil, 1},
	} {
		s := sessiontest.ReadString(c.log)
		var notices []string
		entries := 0
		for _, e := range s.Entries {
			if n, ok := e.(*session.Notice); ok {
				notices = append(notices, n.Text)
			} else {
				entries++
			}
		}
		if len(notices) != len(c.notices) || entries != c.entries {
			t.Errorf("%s: %d entries and notices %q; want %d and %q", c.name, entries, notices, c.entries, c.notices)
			continue
		}
		for i, want := range c.notices {
			if !strings.HasPrefix(notices[i], want) {
				t.Errorf("%s: notice %q, want it to start %q", c.name, notices[i], want)
			}
		}
		if !s.Account.Balanced() {
			t.Errorf("%s: accounting %+v", c.name, s.Account)
		}
	}
}

// A file that is nothing but bad lines keeps a bounded number of notices;
// the last counts the rest.
func TestNoticesAreBounded(t *testing.T) {
	s := sessiontest.ReadString(sessiontest.FirstLine + strings.Repeat("garbage\n", 50000))
	if n := len(s.Entries); n != session.MaxNotices {
		t.Fatalf("%d entries", n)
	}
	last := s.Entries[len(s.Entries)-1].(*session.Notice).Text
	if !strings.Contains(last, "and 49001 more lines deck could not read, the last being line 50001") {
		t.Fatalf("last notice: %q", last)
	}
	if s.NoticeCount() != 50000 || !s.Account.Balanced() {
		t.Fatalf("count %d, accounting %+v", s.NoticeCount(), s.Account)
	}
}
