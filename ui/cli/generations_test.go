package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A log deck does not show as understood or current prints its header and
// a message naming the file, its version and the newest deck reads, and
// exits 1: a folder whose highest generation is too new (never its older v5
// instead), and a superseded generation opened on its own. deck PATH, piped,
// is render.
func TestRenderOfALogNotShown(t *testing.T) {
	for _, c := range []struct{ path, says string }{
		{"golden/testdata/generations/too-new", "golden/testdata/generations/too-new/session.v9.jsonl is session log format v9, newer than deck reads (v7 at most): only its header is shown"},
		{"golden/testdata/fixtures/harness-v9.jsonl", "golden/testdata/fixtures/harness-v9.jsonl is session log format v9, newer than deck reads (v7 at most)"},
		{"golden/testdata/generations/two/session.jsonl", "golden/testdata/generations/two/session.jsonl is session log format v0, superseded by session.v5.jsonl (format v5) beside it"},
	} {
		for _, args := range [][]string{{"render", c.path, "--color", "never"}, {c.path}} {
			command := "deck: "
			if args[0] == "render" {
				command = "deck render: "
			}
			code, out, errOut := deck(t, "", args...)
			if code != exitInput || !strings.HasPrefix(errOut, command+c.says) {
				t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
			}
			if !strings.HasPrefix(out, "▌ ") || strings.Contains(out, "──") || strings.Contains(out, "›") {
				t.Errorf("%v: prints more than the header:\n%s", args, out)
			}
		}
	}
	// a hostile folder name reaches stderr made safe
	dir := filepath.Join(t.TempDir(), "s\x1b]0;pwned\x07\x1b[2J")
	os.MkdirAll(dir, 0o755)
	for _, name := range []string{"session.jsonl", "session.v5.jsonl"} {
		data, _ := os.ReadFile("golden/testdata/generations/two/" + name)
		os.WriteFile(filepath.Join(dir, name), data, 0o644)
	}
	if code, _, errOut := deck(t, "", "render", filepath.Join(dir, "session.jsonl")); code != exitInput || strings.ContainsRune(errOut, 0x1b) || strings.ContainsRune(errOut, 0x07) || !strings.Contains(errOut, "superseded") {
		t.Errorf("a hostile folder name: exit %d, stderr %q", code, errOut)
	}
	// the folder of two generations is the v5, read whole
	code, out, errOut := deck(t, "", "render", "golden/testdata/generations/two", "--color", "never")
	if code != exitOK || errOut != "" || !strings.Contains(out, "✓ Read greeting.txt") {
		t.Errorf("the folder of two generations: exit %d, %q\n%s", code, errOut, out)
	}
}

// deck ls and --last take a session folder's highest generation, as the
// harness does; a too-new one is marked, for a person and for a script,
// and titled by its header, not by its body's first prompt.
func TestListAndLastTakeTheHighestGeneration(t *testing.T) {
	home := emptyHome(t)
	place(t, home, "golden/testdata/generations/two/session.jsonl", ".dsh/sessions/--w--/s1/session.jsonl", 3*time.Hour)
	place(t, home, "golden/testdata/generations/two/session.v5.jsonl", ".dsh/sessions/--w--/s1/session.v5.jsonl", 3*time.Hour)
	place(t, home, "golden/testdata/generations/v5-zstd/edit/session.v5.jsonl.zstd", ".dsh/sessions/--w--/s2/session.v5.jsonl.zstd", 2*time.Hour)
	code, out, _ := deck(t, "", "render", "--last", "--color", "never")
	if code != exitOK || !strings.Contains(out, "Edit") {
		t.Fatalf("--last: exit %d\n%s", code, out)
	}
	place(t, home, "golden/testdata/generations/too-new/session.v9.jsonl", ".dsh/sessions/--w--/s3/session.v9.jsonl", time.Hour)
	place(t, home, "golden/testdata/generations/too-new/session.v5.jsonl", ".dsh/sessions/--w--/s3/session.v5.jsonl", time.Hour)
	code, out, _ = deck(t, "", "ls")
	rows := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != exitOK || len(rows) != 3 {
		t.Fatalf("exit %d, %d rows:\n%s", code, len(rows), out)
	}
	for i, want := range []struct{ state, file string }{
		{"too-new", "s3/session.v9.jsonl"}, {"-", "s2/session.v5.jsonl.zstd"}, {"-", "s1/session.v5.jsonl"},
	} {
		f := strings.Split(rows[i], "\t")
		if len(f) != 7 || f[3] != want.state || !strings.HasSuffix(f[4], want.file) {
			t.Errorf("row %d: %q, want %s %s", i, f, want.state, want.file)
		}
	}
	if title := strings.Split(rows[0], "\t")[6]; title != "fixture-harness-v9" {
		t.Errorf("the too-new row is titled %q, want its header's id (nothing of its body)", title)
	}
	if code, _, errOut := deck(t, "", "render", "--last"); code != exitInput || !strings.Contains(errOut, "s3/session.v9.jsonl is session log format v9") {
		t.Errorf("--last of a too-new log: exit %d, %q", code, errOut)
	}
}

// deck stats and deck changes (and changes --file) of a log not shown as
// understood or current do what render does: the header (titled by the
// header, not by the body's first prompt), the message, exit 1; never the
// body's figures or files as if read. For a script (--json) stdout is empty.
func TestStatsAndChangesOfALogNotShown(t *testing.T) {
	for _, c := range []struct{ path, says string }{
		{"golden/testdata/generations/too-new", "golden/testdata/generations/too-new/session.v9.jsonl is session log format v9, newer than deck reads"},
		{"golden/testdata/generations/two/session.jsonl", "golden/testdata/generations/two/session.jsonl is session log format v0, superseded by session.v5.jsonl"},
	} {
		for _, args := range [][]string{
			{"stats", c.path}, {"stats", c.path, "--json"}, {"changes", c.path}, {"changes", c.path, "--file", "greeting.txt"},
			{"render", c.path},
		} {
			code, out, errOut := deck(t, "", append(args, "--color", "never")...)
			if code != exitInput || !strings.HasPrefix(errOut, "deck "+args[0]+": "+c.says) {
				t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
			}
			if args[len(args)-1] == "--json" {
				if out != "" {
					t.Errorf("%v: prints for a script what is no JSON of its figures:\n%s", args, out)
				}
				continue
			}
			if !strings.HasPrefix(out, "▌ ") || strings.Count(out, "\n") > 3 || strings.Contains(out, "turn") || strings.Contains(out, "prompt") {
				t.Errorf("%v: prints more than the header:\n%s", args, out)
			}
		}
	}
}

// The message says what is so: a too-new log on stdin is followed by
// nothing (not "what follows may be wrong"), and a too-new log under an
// older generation's name says both, its name's version and its header's.
func TestTheMessageOfALogNotShownSaysWhatIsSo(t *testing.T) {
	v9, err := os.ReadFile("golden/testdata/generations/too-new/session.v9.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	code, _, errOut := deck(t, string(v9), "render", "-")
	if want := "deck render: stdin: session log format v9 is newer than deck reads (v7 at most): only its header is shown\n"; code != exitInput || errOut != want {
		t.Errorf("stdin: exit %d, %q, want %q", code, errOut, want)
	}
	dir := t.TempDir()
	misnamed := filepath.Join(dir, "session.v5.jsonl")
	os.WriteFile(misnamed, v9, 0o644)
	code, _, errOut = deck(t, "", "render", dir)
	if want := "deck render: " + misnamed + " is named as format v5 but its header says v9: format v9, newer than deck reads (v7 at most): only its header is shown\n"; code != exitInput || errOut != want {
		t.Errorf("misnamed: exit %d, %q, want %q", code, errOut, want)
	}
}
