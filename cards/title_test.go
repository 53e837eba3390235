package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/present"
)

// A title names a path under the session's cwd relative to it, as the
// card's own paths do: `Write NOTES.md` next to `Read main.go`, never the
// absolute path, and the cwd itself as "." (`Grep x in .`). A shell command
// is shown as it ran.
func TestTitlesNamePathsRelativeToTheCwd(t *testing.T) {
	for args, want := range map[string]string{
		`{"file_path":"/srv/work/NOTES.md","content":"x\n"}`: "Write NOTES.md",
		`{"file_path":"NOTES.md","content":"x\n"}`:           "Write NOTES.md",
		`{"file_path":"/srv/workshop/a.md","content":"x\n"}`: "Write /srv/workshop/a.md",
		`{"file_path":"/elsewhere/a.md","content":"x\n"}`:    "Write /elsewhere/a.md",
		// the cleaned path says whether it is inside
		`{"file_path":"/srv/work/../other/z.go","content":"x"}`: "Write /srv/work/../other/z.go",
		`{"file_path":"/srv/work/./src/../a.go","content":"x"}`: "Write a.go",
	} {
		c := &session.ToolCall{Name: "write", Arguments: args, Call: present.Call("write", args)}
		head := ansi.Strip(Render(c, Options{Width: 80, Cwd: "/srv/work"})[0])
		if !strings.Contains(head, want+" ") {
			t.Errorf("%s: header %q, want %q", args, head, want)
		}
	}
	for args, want := range map[string]string{
		`{"pattern":"fn","path":"/srv/work"}`:                 `Grep fn in .`,
		`{"pattern":"x","path":"/srv/work/"}`:                 `Grep x in .`,
		`{"pattern":"x","path":"/srv/work/src"}`:              `Grep x in src`,
		`{"pattern":"x","path":"/srv/workshop"}`:              `Grep x in /srv/workshop`,
		`{"pattern":"x","path":"/srv/work","include":"*.go"}`: `Grep x in . (*.go)`,
		// only the path is a path: a pattern that holds the cwd is the pattern
		`{"pattern":"import /srv/work/lib","path":"/srv/work/lib"}`: `Grep import /srv/work/lib in lib`,
		`{"pattern":"/srv/work/lib","path":"/srv/work/lib"}`:        `Grep /srv/work/lib in lib`,
		`{"pattern":"/srv/work/x"}`:                                 `Grep /srv/work/x`,
	} {
		c := &session.ToolCall{Name: "grep", Arguments: args, Call: present.Call("grep", args)}
		head := ansi.Strip(Render(c, Options{Width: 80, Cwd: "/srv/work"})[0])
		if !strings.Contains(head, want+" ") {
			t.Errorf("%s: header %q, want %q", args, head, want)
		}
	}
	for name, args := range map[string]string{
		"web_search": `{"queries":["what is /srv/work/x"]}`,
		"web_fetch":  `{"url":"/srv/work/x"}`,
		"run_code":   `{"code":"print(1)","description":"run /srv/work/x"}`,
	} {
		c := &session.ToolCall{Name: name, Arguments: args, Call: present.Call(name, args)}
		if head := ansi.Strip(Render(c, Options{Width: 80, Cwd: "/srv/work"})[0]); !strings.Contains(head, "/srv/work/x") {
			t.Errorf("%s names no path: its title is as the call says: %q", args, head)
		}
	}
	cmd := `{"command":"cat /srv/work/NOTES.md"}`
	c := &session.ToolCall{Name: "bash", Arguments: cmd, Call: present.Call("bash", cmd)}
	if head := ansi.Strip(Render(c, Options{Width: 80, Cwd: "/srv/work"})[0]); !strings.Contains(head, "cat /srv/work/NOTES.md") {
		t.Errorf("a command is shown as it ran: %q", head)
	}
}

// relPath's rule on its own: inside means inside once cleaned; Windows
// paths keep their separators; a cwd of "/" changes nothing.
func TestRelPath(t *testing.T) {
	for _, c := range []struct{ cwd, p, want string }{
		{"/w/app", "/w/app/a.go", "a.go"},
		{"/w/app/", "/w/app/src/a.go", "src/a.go"},
		{"/w/app", "/w/app", "."},
		{"/w/app", "/w/app/", "."},
		{"/w/app", "/w/app/../other/z.go", "/w/app/../other/z.go"},
		{"/w/app", "/w/app/src/", "src/"},
		{"/w/app", "/w/app/x/../../app/y.go", "y.go"},
		{"/w/app", "/w/apple/a.go", "/w/apple/a.go"},
		{"/w/app", "a.go", "a.go"},
		{"/w/app", "../a.go", "../a.go"},
		// a relative path is taken from the cwd
		{"/w/app", "./x.md", "x.md"},
		{"/w/app", "../app/x.md", "x.md"},
		{"/w/app", "./", "."},
		{"/w/app", "../app", "."},
		{"/w/app", "src/../../other", "src/../../other"},
		{`C:\w\app`, `.\src\a.go`, `src\a.go`},
		{`C:\w\app`, `C:\w\app\src\a.go`, `src\a.go`},
		{`C:\w\app`, `C:\w\apple\a.go`, `C:\w\apple\a.go`},
		{"/", "/etc/hosts", "/etc/hosts"},
		{"", "/w/app/a.go", "/w/app/a.go"},
		{"{{cwd}}", "{{cwd}}/a.go", "a.go"}, // the harness's fixtures' placeholder
	} {
		if got := relPath(c.cwd, c.p); got != c.want {
			t.Errorf("relPath(%q, %q) = %q, want %q", c.cwd, c.p, got, c.want)
		}
	}
}

// A session titled by its id (a log not shown: HeaderOnly) names the id
// once, in the title; one titled otherwise names its id under the title.
func TestTheHeaderNamesTheIdOnce(t *testing.T) {
	for title, want := range map[string]int{"s-9": 1, "fix the build": 1, "": 1} {
		s := &session.Session{Title: title, Agent: "harness"}
		s.Header.ID = "s-9"
		head := ansi.Strip(strings.Join(Header(s, Options{Width: 80}), "\n"))
		if n := strings.Count(head, "s-9"); n != want {
			t.Errorf("title %q: the id is named %d times, want %d:\n%s", title, n, want, head)
		}
	}
}

// A read card says the file's length only where the tool said it: a window
// whose total is not known is "lines 1–2", never "lines 1–2 of 2"; one that
// shows no lines says where it starts and no more.
func TestAReadClaimsATotalOnlyWhenKnown(t *testing.T) {
	lines := []session.ReadFileLine{{Number: 1, Text: "a"}, {Number: 2, Text: "b"}}
	for _, c := range []struct {
		view   session.ReadResultView
		want   string
		goesOn bool
	}{
		{session.ReadResultView{Path: "a.ts", Offset: 1, Lines: lines}, "lines 1–2 ·", false},
		{session.ReadResultView{Path: "a.ts", Offset: 1, Lines: lines, TotalLines: 514}, "lines 1–2 of 514 ·", true},
		{session.ReadResultView{Path: "a.ts", Offset: 7}, "window starts at line 7\n", false},
		{session.ReadResultView{Path: "a.ts", Offset: 7, TotalLines: 40}, "window starts at line 7 of 40\n", false},
	} {
		rows := Render(finishedCall(session.GenericCallView{Title: "Read a.ts"}, c.view, ""), Options{Width: 100})
		text := ansi.Strip(strings.Join(rows, "\n")) + "\n"
		if !strings.Contains(text, c.want) || strings.Contains(text, " of ") != (c.view.TotalLines > 0) {
			t.Errorf("%+v: card\n%s\nwant %q", c.view, text, c.want)
		}
		if strings.Contains(text, "continues at line 3") != c.goesOn {
			t.Errorf("%+v: card\n%s\nsays it continues: want %v", c.view, text, c.goesOn)
		}
	}
}
