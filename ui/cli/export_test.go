package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/go-json-experiment/json"

	"github.com/deck-tui/deck/session/changes"
	"github.com/deck-tui/deck/session/source"
)

const editsLog = "golden/testdata/fixtures/edit-diffs.jsonl"

// --format is the one way to say what render writes; --color keeps its
// old words as aliases, and the default output is what it always was.
func TestRenderFormats(t *testing.T) {
	_, auto, _ := deck(t, "", "render", editsLog, "-w", "80")
	_, plain, _ := deck(t, "", "render", editsLog, "-w", "80", "--format", "plain")
	_, never, _ := deck(t, "", "render", editsLog, "-w", "80", "--color", "never")
	if auto != plain || plain != never || strings.ContainsRune(plain, 0x1b) {
		t.Error("into a pipe, the default, --format plain and --color never differ, or hold escapes")
	}
	_, ansi, _ := deck(t, "", "render", editsLog, "-w", "80", "--format", "ansi")
	_, always, _ := deck(t, "", "render", editsLog, "-w", "80", "--color", "always")
	if ansi != always || !strings.Contains(ansi, "\x1b[") {
		t.Error("--format ansi is not --color always")
	}
	if !strings.Contains(plain, "── stats") || !strings.Contains(plain, "model time not recorded") {
		t.Errorf("render does not close with the stats:\n%s", plain)
	}
	code, page, _ := deck(t, "", "render", editsLog, "--format", "html")
	if code != exitOK || !strings.HasPrefix(page, "<!DOCTYPE html>") || !strings.Contains(page, `content="dark light"`) {
		t.Errorf("exit %d: no page following the colour scheme", code)
	}
	if _, dark, _ := deck(t, "", "render", editsLog, "--format", "html", "--theme", "dark"); !strings.Contains(dark, `content="dark"`) {
		t.Error("--theme dark did not pin the page's scheme")
	}
	code, md, _ := deck(t, "", "render", editsLog, "--format", "markdown")
	if code != exitOK || !strings.HasPrefix(md, "# Edits with real line numbers") || !strings.Contains(md, "```diff") {
		t.Errorf("exit %d: no Markdown:\n%s", code, md)
	}
	for _, args := range [][]string{{"--format", "plain", "--color", "always"}, {"--format", "html", "--color", "never"}, {"--format", "pdf"}} {
		if code, _, stderr := deck(t, "", append([]string{"render", editsLog}, args...)...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d: %s", args, code, exitUsage, stderr)
		}
	}
}

// deck render closes with the card deck stats prints: the session's
// figures and each turn's, drawn once.
func TestRenderClosesWithEachTurnsFigures(t *testing.T) {
	const log = "golden/testdata/harness/fs-edit"
	for _, w := range []string{"40", "80", "120"} {
		_, rendered, _ := deck(t, "", "render", log, "-w", w, "--format", "plain")
		_, card, _ := deck(t, "", "stats", log, "-w", w, "--color", "never")
		if !strings.Contains(card, "\n  turn 1 · ") || !strings.HasSuffix(rendered, "\n\n"+card) {
			t.Errorf("width %s: render's closing summary is not the stats card with its turns:\n%s\n---\n%s", w, rendered, card)
		}
	}
}

func TestStatsJSON(t *testing.T) {
	code, out, stderr := deck(t, "", "stats", editsLog, "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if v, ok := got["modelTimeMs"]; !ok || v != nil {
		t.Errorf("modelTimeMs %v: want null, the log has no times", v)
	}
	if got["toolCalls"] != 4.0 || got["format"] != "harness" {
		t.Errorf("toolCalls %v, format %v", got["toolCalls"], got["format"])
	}
	if _, text, _ := deck(t, "", "stats", editsLog); !strings.Contains(text, "4 tool calls (edit ×2, read ×1, write ×1)") {
		t.Errorf("stats:\n%s", text)
	}
}

func TestChanges(t *testing.T) {
	_, list, _ := deck(t, "", "changes", editsLog, "-w", "80")
	if !strings.Contains(list, "\n  main.go  +3 −2  2 edits") { // relative to the session's directory
		t.Errorf("list:\n%s", list)
	}
	if _, rel, _ := deck(t, "", "changes", editsLog, "-w", "80", "--file", "main.go"); !strings.Contains(rel, "13 14   func helper(x int) int {") {
		t.Errorf("--file as the list names it:\n%s", rel)
	}
	_, net, _ := deck(t, "", "changes", editsLog, "-w", "80", "--file", "/work/app/main.go")
	if !strings.Contains(net, "net change") || !strings.Contains(net, "13 14   func helper(x int) int {") {
		t.Errorf("net change, with the file's lines:\n%s", net)
	}
	if code, _, stderr := deck(t, "", "changes", editsLog, "--file", "/nope"); code != exitInput || !strings.Contains(stderr, "did not change /nope") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// `deck changes --file` of a file the session never showed whole is one
// change per edit, as the edit's card draws it: the corpus's apply_patch
// whose first hunk is only context (its anchor) is one change with the
// hunk after it, not a "+0 −0" change of its own, and each change names
// the file once.
func TestChangesJoinAnEditsHunks(t *testing.T) {
	const log = "golden/testdata/corpus/codex/AcidicSoil_codex-session-view__rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl"
	const path = "components/chat/chat-helpers/index.ts"
	_, net, _ := deck(t, "", "changes", log, "-w", "100", "--file", path)
	if strings.Contains(net, "+0 −0") || !strings.Contains(net, "change 1 of 2") || !strings.Contains(net, "change 2 of 2") || strings.Contains(net, "of 3") {
		t.Errorf("want two changes, none of +0 −0:\n%s", net)
	}
	if n := strings.Count(net, path); n != 2 {
		t.Errorf("the file named %d times in two changes:\n%s", n, net)
	}
	if !strings.Contains(net, "150 150     chatSettings: ChatSettings,\n       ⋯\n  158 158   ) => {") {
		t.Errorf("the anchor is not joined to the hunk after it, as the edit card joins them:\n%s", net)
	}
}

// render, changes and stats set up alike (startPrinting): stdin read as a
// log, a file that is not there an input error naming it, NO_COLOR and
// --color honoured, the width obeyed.
func TestPrintingCommandsSetUpAlike(t *testing.T) {
	log, err := os.ReadFile(editsLog)
	if err != nil {
		t.Fatal(err)
	}
	for _, command := range []string{"render", "changes", "stats"} {
		if code, _, stderr := deck(t, "", command, "/nope/session.jsonl"); code != exitInput || !strings.Contains(stderr, "/nope/session.jsonl") {
			t.Errorf("%s of a missing file: exit %d, %s", command, code, stderr)
		}
		_, fromFile, _ := deck(t, "", command, editsLog, "-w", "40", "--color", "never")
		_, fromStdin, _ := deck(t, string(log), command, "-", "-w", "40", "--color", "never")
		if fromFile == "" || fromFile != fromStdin || strings.ContainsRune(fromFile, 0x1b) {
			t.Errorf("%s: the file and stdin print differently, or in colour:\n%s\n---\n%s", command, fromFile, fromStdin)
		}
		for _, row := range strings.Split(fromFile, "\n") {
			if ansi.StringWidth(row) > 40 {
				t.Errorf("%s -w 40 printed a row of %d cells: %q", command, ansi.StringWidth(row), row)
			}
		}
		if _, colored, _ := deck(t, "", command, editsLog, "--color", "always"); !strings.Contains(colored, "\x1b[") {
			t.Errorf("%s --color always printed no colour", command)
		}
	}
	t.Setenv("NO_COLOR", "1")
	for _, command := range []string{"render", "changes", "stats"} {
		if _, auto, _ := deck(t, "", command, editsLog, "--color", "auto"); strings.ContainsRune(auto, 0x1b) {
			t.Errorf("%s printed colour under NO_COLOR", command)
		}
	}
}

// Every string of deck stats --json comes from the log: a C1 control, a
// bidirectional or invisible character in it is written as a \u escape,
// never raw (a terminal the JSON is printed to would obey it), and the
// value a script decodes is exactly the log's.
func TestStatsJSONEscapesHiddenCharacters(t *testing.T) {
	const hidden = "\u009b2J\u009c\u009d\u202e\u2066\u200b\u00ad\u007f\U000e0041\ufe0f"
	log := `{"type":"session","version":0,"id":"id` + hidden + `","createdAt":1,"cwd":"/w","delegationDepth":0}` + "\n" +
		`{"type":"session/title","seq":0,"time":1,"data":{"title":"cat ` + hidden + `gnp.exe","messageSeqs":[],"source":{"kind":"fallback"}}}` + "\n" +
		`{"type":"tool/call","seq":1,"time":2,"data":{"turn":1,"step":1,"callId":"u1","name":"x` + hidden + `","arguments":"{}"}}` + "\n"
	path := filepath.Join(t.TempDir(), "session.jsonl")
	if err := os.WriteFile(path, []byte(log), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := deck(t, "", "stats", path, "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, r := range out {
		if r == 0x7f || r >= 0x80 && r <= 0x9f || r >= 0x2000 && r <= 0x206f || r == 0xad || r >= 0xe0000 || r >= 0xfe00 && r <= 0xfe0f {
			t.Fatalf("stats --json writes %U raw:\n%s", r, out)
		}
	}
	var got struct {
		ID              string         `json:"id"`
		Title           string         `json:"title"`
		ToolCallsByName map[string]int `json:"toolCallsByName"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	want, _ := source.Open(path)
	if got.ID != want.Header.ID || got.Title != want.Title || got.ToolCallsByName["x"+want.Header.ID[2:]] != 1 || !strings.Contains(got.Title, "\u202e") {
		t.Errorf("decoded %+v; want id %+q, title %+q", got, want.Header.ID, want.Title)
	}
}

// Every printing command takes --format with render's words for the
// terminal (--color being their older aliases): ansi colours, plain does
// not, and each prints as its --color word does.
func TestEveryPrintingCommandTakesFormat(t *testing.T) {
	for _, command := range []string{"render", "changes", "stats"} {
		for format, color := range map[string]string{"plain": "never", "ansi": "always", "auto": "auto"} {
			code, byFormat, stderr := deck(t, "", command, editsLog, "-w", "60", "--format", format)
			_, byColor, _ := deck(t, "", command, editsLog, "-w", "60", "--color", color)
			if code != exitOK || stderr != "" || byFormat == "" || byFormat != byColor {
				t.Errorf("%s --format %s: exit %d, %q; prints apart from --color %s:\n%s\n---\n%s", command, format, code, stderr, color, byFormat, byColor)
			}
			if colored := strings.Contains(byFormat, "\x1b["); colored != (format == "ansi") {
				t.Errorf("%s --format %s: coloured %v", command, format, colored)
			}
		}
	}
}

// A log that moved the session (working-directory/change) has its files
// named from where the session was when it first changed each, as the
// calls' cards name them: one changed before and after the move from the
// first folder, one made after it from the folder it moved to (which the
// row says), one read outside that folder by its absolute path. --file
// takes a file by that name, and by its path from the session's folder.
func TestChangesNameFilesFromWhereTheSessionWas(t *testing.T) {
	const log = "golden/testdata/fixtures/harness-v4-cwd.jsonl"
	_, list, _ := deck(t, "", "changes", log, "-w", "80", "--color", "never")
	for _, want := range []string{"\n  pkg/api/handler.go  +2 −1  2 edits\n", "\n  handler_test.go  +9 −0  1 edit · in pkg/api\n", "\n    README.md\n    /work/app/go.mod\n"} {
		if !strings.Contains(list, want) {
			t.Errorf("no %q in the list:\n%s", want, list)
		}
	}
	for _, file := range []string{"handler_test.go", "pkg/api/handler_test.go", "/work/app/pkg/api/handler_test.go"} {
		code, net, stderr := deck(t, "", "changes", log, "-w", "80", "--color", "never", "--file", file)
		if code != 0 || !strings.Contains(net, "\n  handler_test.go  +9 −0 · new file\n") {
			t.Errorf("--file %s: exit %d, %s\n%s", file, code, stderr, net)
		}
	}
}

// A name the list gives two files (the same name in two folders the
// session moved to) is refused, both files named; a path from the
// session's folder is never ambiguous.
func TestChangedFileRefusesAnAmbiguousName(t *testing.T) {
	l := changes.List{Changed: []changes.File{
		{Path: "/w/a.txt", Cwd: "/w"},
		{Path: "/w/pkg/b.txt", Cwd: "/w/pkg"},
		{Path: "/w/lib/b.txt", Cwd: "/w/lib"},
	}}
	if _, err := changedFile(l, "/w", "b.txt"); err == nil || !strings.Contains(err.Error(), "/w/pkg/b.txt, /w/lib/b.txt") {
		t.Errorf("b.txt in two folders: %v", err)
	}
	for file, want := range map[string]string{"a.txt": "/w/a.txt", "lib/b.txt": "/w/lib/b.txt", "/w/pkg/b.txt": "/w/pkg/b.txt"} {
		if got, err := changedFile(l, "/w", file); got != want || err != nil {
			t.Errorf("%s is %q (%v), want %s", file, got, err, want)
		}
	}
}
