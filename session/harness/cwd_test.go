package harness_test

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

func readCall(seq, id, path string) string {
	return `{"type":"tool/call","seq":` + seq + `,"time":1,"data":{"turn":1,"step":1,"callId":"` + id + `","name":"read","arguments":"{\"file_path\": \"` + path + `\"}"}}` + "\n"
}

func cwdChange(seq, cwd string) string {
	return `{"type":"working-directory/change","seq":` + seq + `,"time":1,"data":{"cwd":"` + cwd + `"}}` + "\n"
}

// working-directory/change moves the session (0.2.1-alpha.2, still v4):
// a line says where, and every call after it is in the new folder, until
// the log moves it again; a call in the header's folder names none.
func TestAWorkingDirectoryChangeMovesTheCallsAfterIt(t *testing.T) {
	s := sessiontest.ReadString(headerV5 + readCall("0", "a", "x.go") + cwdChange("1", "/w/pkg") + readCall("2", "b", "y.go") + cwdChange("3", "/w") + readCall("4", "c", "z.go"))
	sessiontest.NoNotices(t, s)
	var got []string
	for _, c := range sessiontest.Calls(s) {
		got = append(got, c.CallID+":"+c.Cwd)
	}
	if strings.Join(got, " ") != "a: b:/w/pkg c:" {
		t.Errorf("the calls' folders: %v", got)
	}
	if ev := sessiontest.Events(s, "working-directory/change"); len(ev) != 2 || ev[0].Summary != "working directory moved to /w/pkg: the paths after this are from there" {
		t.Errorf("the lines: %v", ev)
	}
	if c := sessiontest.Calls(s)[1]; c.WorkingDir(s.Header.Cwd) != "/w/pkg" || sessiontest.Calls(s)[0].WorkingDir(s.Header.Cwd) != "/w" {
		t.Errorf("WorkingDir: %q", c.WorkingDir(s.Header.Cwd))
	}
	bad := sessiontest.ReadString(headerV5 + `{"type":"working-directory/change","seq":0,"time":1,"data":{}}` + "\n" + readCall("1", "a", "x.go"))
	if n := sessiontest.NoticeTexts(bad); len(n) != 1 || !strings.Contains(n[0], "names no cwd") {
		t.Errorf("a change to nowhere: %v", n)
	}
	if c := sessiontest.Calls(bad); len(c) != 1 || c[0].Cwd != "" {
		t.Errorf("a change to nowhere moved the session: %+v", c)
	}
}

// The harness's notice that the folder moved (source kind
// working-directory, 2026-10-05) is injected text, never the prompt.
func TestTheWorkingDirectoryNoticeIsInjected(t *testing.T) {
	s := sessiontest.ReadString(headerV5 + `{"type":"user/message","seq":0,"time":1,"data":{"content":[{"type":"text","text":"now in /w/pkg"}],"source":{"kind":"working-directory"},"role":"user","id":"m"},"surfaceOp":"append"}` + "\n")
	if m := sessiontest.Of[*session.UserMessage](s); len(m) != 1 || m[0].Role != session.RoleInjected {
		t.Errorf("%+v", m)
	}
}
