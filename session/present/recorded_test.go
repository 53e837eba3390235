package present

import (
	"reflect"
	"testing"

	"github.com/deck-tui/deck/session"
)

// Only an absolute path in the meta is where the call worked, as the web
// client reads it (recordedAbsolutePath); anything else is no record.
func TestRecordedPathIsAbsoluteOnly(t *testing.T) {
	for metaJSON, want := range map[string]string{
		`{"cwd":"/work/app"}`:         "/work/app",
		`{"cwd":"C:\\work\\app"}`:     `C:\work\app`,
		`{"cwd":"C:/work"}`:           "C:/work",
		`{"cwd":"\\\\srv\\share\\x"}`: `\\srv\share\x`,
		`{"cwd":"pkg/api"}`:           "",
		`{"cwd":"C:work"}`:            "",
		`{"cwd":""}`:                  "",
		`{"cwd":7}`:                   "",
		`{"path":"/work/app"}`:        "",
		`["/work/app"]`:               "",
		`null`:                        "",
	} {
		if got := RecordedPath(meta(t, metaJSON), "cwd"); got != want {
			t.Errorf("RecordedPath(%s) = %q, want %q", metaJSON, got, want)
		}
	}
}

// A command's card says where it ran as its result recorded it (meta.cwd,
// the 0.2 harness); a relative or missing record leaves the card's folder
// to its arguments, as before.
func TestAShellResultKeepsTheRecordedCwd(t *testing.T) {
	args := `{"command":"go test ./...","description":"Run the tests","workdir":"pkg"}`
	for metaJSON, want := range map[string]string{`{"cwd":"/work/app/pkg"}`: "/work/app/pkg", `{"cwd":"pkg"}`: "", ``: ""} {
		v, ok := Result("bash", args, result(t, "ok\n[exit code: 0]", false, metaJSON)).(session.TerminalResultView)
		if !ok || v.Cwd != want || v.Output != "ok" {
			t.Errorf("meta %s: %#v, want a terminal card in %q", metaJSON, v, want)
		}
	}
	v, _ := Result("terminal_send", `{"sessionId":"t1","text":"ls"}`, result(t, "a\nb", false, `{"cwd":"/work/app"}`)).(session.TerminalResultView)
	if v.Cwd != "/work/app" || v.ExitCode != nil || v.Output != "a\nb" {
		t.Errorf("terminal_send: %#v, want its output whole, no exit status, in /work/app", v)
	}
}

// A shell output the harness spilled ends in its notice, not its status:
// it is no terminal card (the web client shows it generic too).
func TestASpilledShellOutputIsGeneric(t *testing.T) {
	args := `{"command":"cat big.log","description":"Show the log"}`
	spilled := "line 1\nline 2\n\n(Omitted 5000 bytes. Full formatted result stored at: /tmp/dsh/out-1.txt. Read it with the read tool.)"
	v, ok := Result("bash", args, result(t, spilled, false, "")).(session.GenericResultView)
	if !ok || len(v.Content) != 1 {
		t.Fatalf("spilled output: %#v, want the generic console", v)
	}
	if _, ok := Result("bash", args, result(t, "line 1\n[exit code: 2]", false, "")).(session.TerminalResultView); !ok {
		t.Error("an output with no notice lost its terminal card")
	}
}

func TestSpilled(t *testing.T) {
	const loc = " Full formatted result stored at: /x. Read it.)"
	for text, want := range map[string]bool{
		"(Omitted 12 bytes." + loc:                                true,
		"(" + loc:                                                 true, // an empty omission
		"(More bytes were omitted." + loc:                         true,
		"head\n\n(Omitted 0 bytes." + loc:                         true,
		"head\n\n(x)\n\n(Omitted 3 bytes." + loc:                  true,
		"head\n(Omitted 12 bytes." + loc:                          false, // not after a blank line
		"(Omitted 012 bytes." + loc:                               false,
		"(Omitted -1 bytes." + loc:                                false,
		"(Omitted 12 bytes. Full formatted result)":               false,
		"(Omitted 12 bytes." + loc + "\n":                         false,
		"(Omitted 12 bytes. Full formatted result stored at: /x)": false, // no guidance
		"":       false,
		"(":      false,
		"plain)": false,
	} {
		if got := Spilled(text); got != want {
			t.Errorf("Spilled(%q) = %v, want %v", text, got, want)
		}
	}
}

// A shell call the web client would not take for one (a blank command or
// description, a timeout of 0 or less) is no terminal card.
func TestAShellCallTheClientRefusesIsGeneric(t *testing.T) {
	for _, args := range []string{
		`{"command":"  ","description":"x"}`,
		`{"command":"ls","description":" "}`,
		`{"command":"ls","description":"x","timeoutMs":0}`,
		`{"command":"ls","description":"x","timeoutMs":-5}`,
	} {
		if v, ok := Call("bash", args).(session.GenericCallView); !ok || v.Title != "bash" {
			t.Errorf("%s: call %#v, want the generic card", args, Call("bash", args))
		}
		if v := Result("bash", args, result(t, "x\n[exit code: 0]", false, "")); !reflect.DeepEqual(v, session.GenericResultView{}) {
			t.Errorf("%s: result %#v, want the generic card", args, v)
		}
	}
	if _, ok := Call("bash", `{"command":"ls","description":"x","timeoutMs":1000}`).(session.TerminalCallView); !ok {
		t.Error("a good call lost its terminal card")
	}
}

// The file an edit or write recorded it changed (meta.path) is named as
// the call wrote it, as the web client's diff card names it; a diff of
// another file keeps its own path.
func TestAChangedFileIsNamedAsTheCallWroteIt(t *testing.T) {
	metaJSON := `{"path":"/w/lib/x.go","diffs":[{"path":"/w/lib/x.go","oldText":"a","newText":"b"},{"path":"/w/lib/y.go","oldText":"c","newText":"d"}]}`
	for _, tool := range []string{"edit", "write"} {
		args := `{"file_path":"../lib/x.go","old_string":"a","new_string":"b","content":"b"}`
		v, ok := Result(tool, args, result(t, "Edited", false, metaJSON)).(session.DiffResultView)
		if !ok || len(v.Diffs) != 2 || v.Diffs[0].Path != "../lib/x.go" || v.Diffs[1].Path != "/w/lib/y.go" {
			t.Errorf("%s: %#v, want the first diff named ../lib/x.go and the second kept", tool, v)
		}
	}
	v, _ := Result("edit", `{"file_path":"../lib/x.go","old_string":"a","new_string":"b"}`, result(t, "Edited", false, `{"path":"lib/x.go","diffs":[{"path":"lib/x.go","oldText":"a","newText":"b"}]}`)).(session.DiffResultView)
	if v.Diffs[0].Path != "lib/x.go" {
		t.Errorf("a relative record is no record: %#v", v)
	}
}
