package viewer

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/source"
)

// A read opens at its first line, a diff at its first known changed line,
// relative paths against the session's cwd; other cards have no file.
func TestFileAtAndEditorArgs(t *testing.T) {
	read := &session.ToolCall{View: session.ReadResultView{Path: "src/a.go", Offset: 3, Lines: []session.ReadFileLine{{Number: 7, Text: "x"}}}}
	if f, l, ok := fileAt(read, "/work"); f != "/work/src/a.go" || l != 7 || !ok {
		t.Errorf("read: %q %d %v", f, l, ok)
	}
	diff := &session.ToolCall{View: session.DiffResultView{Diffs: []session.FileDiff{{Path: "/etc/b.conf", NewText: "y"}}}, DiffStarts: []int{12}}
	if f, l, ok := fileAt(diff, "/work"); f != "/etc/b.conf" || l != 12 || !ok {
		t.Errorf("diff: %q %d %v", f, l, ok)
	}
	if _, _, ok := fileAt(&session.ToolCall{View: session.TerminalResultView{Output: "hi"}}, "/work"); ok {
		t.Error("a terminal card names a file")
	}
	for _, c := range []struct {
		editor string
		line   int
		want   []string
	}{
		{"vi", 7, []string{"+7", "--", "/a"}},
		{"/usr/bin/nvim", 0, []string{"--", "/a"}},
		{"emacs", 7, []string{"+7", "--", "/a"}},
		{"nano", 7, []string{"+7", "--", "/a"}},
		{"micro", 7, []string{"+7", "/a"}},
		{"kak", 0, []string{"/a"}},
		{"hx", 7, []string{"/a:7"}},
		{"code", 7, []string{"--goto", "/a:7"}},
	} {
		if got := editorArgs(c.editor, "/a", c.line); !slices.Equal(got, c.want) {
			t.Errorf("%s at %d: %q, want %q", c.editor, c.line, got, c.want)
		}
	}
}

// A path from the log that an editor could read as a command (vim's
// "+:!cmd") or an option never reaches it as one: the header's cwd, a
// read's meta path and a diff's meta path each come out absolute or
// "./"-relative after "--", with $EDITOR unset (vi) and set to vim.
func TestOpenNeverPassesACommandToTheEditor(t *testing.T) {
	const evil = "+:!touch pwned;:"
	header := func(cwd string) string {
		return `{"type":"session","version":0,"id":"x","createdAt":1796000000000,"cwd":"` + cwd + `","delegationDepth":0}` + "\n"
	}
	call := `{"type":"tool/call","seq":1,"time":1796000000050,"data":{"turn":1,"step":1,"callId":"c1","name":"NAME","arguments":"{\"file_path\": \"a.go\"}"}}` + "\n"
	result := func(body, meta string) string {
		return `{"type":"tool/result","seq":2,"time":1796000000075,"data":{"turn":1,"step":1,"message":{"source":{"kind":"tool","callId":"c1"},"content":[{"type":"tool-result","toolCallId":"c1","content":[{"type":"text","text":"<path>a.go</path>\n<type>file</type>\n<content>\n` + body + `\n</content>"}],"isError":false}],"role":"user","id":"r1"},"meta":` + meta + `},"surfaceOp":"append"}` + "\n"
	}
	readMeta := func(p string) string {
		return `{"path":"` + p + `","offset":1,"lines":[{"number":1,"text":"x"}],"totalLines":1}`
	}
	logs := map[string]struct{ log, file string }{
		"header cwd":     {header(evil) + strings.Replace(call, "NAME", "read", 1) + result("1: x", readMeta("a.go")), "./" + evil + "/a.go"},
		"read meta path": {header("/work") + strings.Replace(call, "NAME", "read", 1) + result("1: x", readMeta(evil)), "/work/" + evil},
		"diff meta path": {header("") + strings.Replace(strings.Replace(call, "NAME", "write", 1), `a.go\"`, `a.go\", \"content\": \"b\"`, 1) + result("Updated file", `{"diffs":[{"path":"`+evil+`","oldText":"a","newText":"b"}]}`), "./" + evil},
	}
	for _, editor := range []string{"", "vim"} {
		for name, c := range logs {
			t.Run(name+" EDITOR="+editor, func(t *testing.T) {
				bin, record := fakeEditor(t, map[string]string{"": "vi"}[editor]+editor)
				t.Setenv("PATH", bin)
				t.Setenv("VISUAL", "")
				t.Setenv("EDITOR", editor)
				s, err := source.ReadAll(strings.NewReader(c.log))
				if err != nil {
					t.Fatal(err)
				}
				var tc *session.ToolCall
				for _, e := range s.Entries {
					if x, ok := e.(*session.ToolCall); ok {
						tc = x
					}
				}
				if tc == nil {
					t.Fatal("no tool call")
				}
				file, line, ok := fileAt(tc, s.Header.Cwd)
				if !ok {
					t.Fatalf("no file in %T", tc.View)
				}
				cmd, err := editorCommand(file, line)
				if err != nil {
					t.Fatal(err)
				}
				if err := cmd.Run(); err != nil {
					t.Fatal(err)
				}
				got, _ := os.ReadFile(record)
				args := strings.Split(strings.TrimSuffix(string(got), "\n"), "\n")
				if args[len(args)-1] != c.file || args[len(args)-2] != "--" {
					t.Errorf("the editor got %q, want %q after --", args, c.file)
				}
				for _, a := range args {
					if strings.HasPrefix(a, "+:") || strings.HasPrefix(a, "-") && a != "--" {
						t.Errorf("the editor got the command or option %q", a)
					}
				}
			})
		}
	}
}

// A path with control or invisible characters is refused, not opened.
func TestOpenRefusesAPathWithControlCharacters(t *testing.T) {
	for _, p := range []string{"/a\x1b]0;x\a.go", "/a\n+:!x", "/a\u202e.go", "/a\x00b"} {
		if _, err := editorCommand(p, 1); err == nil {
			t.Errorf("%q was handed to the editor", p)
		}
	}
	if _, err := editorCommand("/work/ünïcode file.go", 1); err != nil {
		t.Errorf("an ordinary path: %v", err)
	}
}

// fakeEditor puts a program called name in a new folder that writes its
// arguments, one a line, to the returned file.
func fakeEditor(t *testing.T, name string) (dir, record string) {
	dir = t.TempDir()
	record = filepath.Join(dir, "args")
	script := "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > " + record + "\n"
	if err := os.WriteFile(filepath.Join(dir, name), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir, record
}

// o on a card whose path holds an escape opens nothing and says, in the
// status bar, what it refused.
func TestOpenSaysWhatItRefused(t *testing.T) {
	bin, record := fakeEditor(t, "vi")
	t.Setenv("PATH", bin)
	t.Setenv("VISUAL", "")
	t.Setenv("EDITOR", "")
	log := `{"type":"session","version":0,"id":"x","createdAt":1796000000000,"cwd":"/work","delegationDepth":0}
{"type":"tool/call","seq":1,"time":1796000000050,"data":{"turn":1,"step":1,"callId":"c1","name":"read","arguments":"{\"file_path\": \"a.go\"}"}}
{"type":"tool/result","seq":2,"time":1796000000075,"data":{"turn":1,"step":1,"message":{"source":{"kind":"tool","callId":"c1"},"content":[{"type":"tool-result","toolCallId":"c1","content":[{"type":"text","text":"<path>a.go</path>\n<type>file</type>\n<content>\n1: x\n</content>"}],"isError":false}],"role":"user","id":"r1"},"meta":{"path":"/work/a\u001b]0;pwned\u0007.go","offset":1,"lines":[{"number":1,"text":"x"}],"totalLines":1}},"surfaceOp":"append"}
`
	file := filepath.Join(t.TempDir(), "session.jsonl")
	if err := os.WriteFile(file, []byte(log), 0o644); err != nil {
		t.Fatal(err)
	}
	x := start(t, Options{Path: file, Follow: new(false)}, 120, 20)
	x.waitFor("card 1 of 1")
	x.keys("o")
	x.waitFor(`refused to open a path with control or invisible characters: "/work/a\x1b]0;pwned\a.go"`)
	if _, err := os.Stat(record); err == nil {
		t.Error("the editor ran")
	}
	x.quit()
}

// o on a call made after the log moved the session opens its file in the
// folder it moved to: a path the log gave relative is from there.
func TestOpenAMovedCallsFile(t *testing.T) {
	bin, record := fakeEditor(t, "vi")
	t.Setenv("PATH", bin)
	t.Setenv("VISUAL", "")
	t.Setenv("EDITOR", "")
	log := `{"type":"session","version":4,"id":"x","createdAt":1796000000000,"cwd":"/work","isSeeded":false,"delegationDepth":0}
{"type":"working-directory/change","seq":0,"time":1796000000025,"data":{"cwd":"/work/pkg"}}
{"type":"tool/call","seq":1,"time":1796000000050,"data":{"turn":1,"step":1,"callId":"c1","name":"read","arguments":"{\"file_path\": \"a.go\"}"}}
{"type":"tool/result","seq":2,"time":1796000000075,"data":{"turn":1,"step":1,"message":{"role":"tool","source":{"kind":"tool","callId":"c1"},"toolCallId":"c1","content":[{"type":"text","text":"<path>a.go</path>\n<type>file</type>\n<content>\n1: x\n</content>"}],"isError":false,"id":"r1"},"meta":{"path":"a.go","offset":1,"lines":[{"number":1,"text":"x"}],"totalLines":1}},"surfaceOp":"append"}
`
	file := filepath.Join(t.TempDir(), "session.v4.jsonl")
	if err := os.WriteFile(file, []byte(log), 0o644); err != nil {
		t.Fatal(err)
	}
	x := start(t, Options{Path: file, Follow: new(false)}, 120, 20)
	x.waitFor("card 1 of 2")
	x.keys("tab", "o")
	deadline := time.Now().Add(5 * time.Second)
	for {
		got, _ := os.ReadFile(record)
		if string(got) == "+1\n--\n/work/pkg/a.go\n" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the editor got %q, want +1 /work/pkg/a.go\n%s", got, x.screen())
		}
		time.Sleep(10 * time.Millisecond)
	}
	x.quit()
}
