package cli

import (
	"os"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/deck-tui/deck/ui/viewer"
)

func TestVersion(t *testing.T) {
	for _, flag := range []string{"--version", "-v"} {
		code, out, errOut := deck(t, "", flag)
		if want := "deck version " + version() + "\n"; code != exitOK || out != want || errOut != "" {
			t.Errorf("%s: exit %d, %q %q; want %q", flag, code, out, errOut, want)
		}
	}
	const rev = "0123456789abcdef0123456789abcdef01234567"
	vcs := func(modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: modified}}
	}
	const unknown = " (commit unknown: built without VCS info; make build stamps it)"
	for _, c := range []struct {
		info  *debug.BuildInfo
		stamp stamp
		want  string
	}{
		{nil, stamp{}, "(unknown)"},
		{&debug.BuildInfo{}, stamp{}, "(devel)" + unknown},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, stamp{}, "(devel)" + unknown}, // go run, -buildvcs=false
		{&debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, stamp{}, "v1.2.3"},             // go install …@v1.2.3
		{&debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}, Settings: vcs("false")}, stamp{}, "v1.2.3 (0123456789ab)"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs("true")}, stamp{}, "(devel) (0123456789ab, modified)"},
		{&debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261203011938-0123456789ab+dirty"}, Settings: vcs("true")}, stamp{}, "v0.0.0-20261203011938-0123456789ab+dirty"},
		// make build, with -buildvcs=false or not
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, stamp{"", rev, "false"}, "(devel) (0123456789ab)"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, stamp{"v1.2.0-3-g0123456-dirty", rev, "true"}, "v1.2.0-3-g0123456-dirty (0123456789ab, modified)"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs("true")}, stamp{"v1.2.0", rev, "false"}, "v1.2.0 (0123456789ab)"},
		{nil, stamp{"", rev, "false"}, "(devel) (0123456789ab)"},
	} {
		if got := versionOf(c.info, c.stamp); got != c.want {
			t.Errorf("%+v, stamped %+v: %q, want %q", c.info, c.stamp, got, c.want)
		}
	}
}

// make build stamps the variables version reads: the Makefile's -X flags
// name this package and each of them (the map names them as the code does,
// so a renamed one does not compile here).
func TestTheMakefileStampsTheVersion(t *testing.T) {
	makefile, err := os.ReadFile("Makefile")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^STAMP\s*:=\s*github\.com/deck-tui/deck/ui/cli$`).Match(makefile) {
		t.Error("the Makefile's STAMP is not github.com/deck-tui/deck/ui/cli")
	}
	for name := range map[string]*string{"stampedVersion": &stampedVersion, "stampedCommit": &stampedCommit, "stampedModified": &stampedModified} {
		if !strings.Contains(string(makefile), "-X $(STAMP)."+name+"=") {
			t.Errorf("the Makefile does not stamp %s", name)
		}
	}
}

func TestCompletionScripts(t *testing.T) {
	for shell, want := range map[string]string{
		"bash": "# bash completion V2 for deck",
		"zsh":  "#compdef deck",
		"fish": "complete -c deck",
	} {
		code, out, errOut := deck(t, "", "completion", shell)
		if code != exitOK || !strings.Contains(out, want) || errOut != "" {
			t.Errorf("%s: exit %d, %d bytes without %q: %s", shell, code, len(out), want, errOut)
		}
	}
	// The words of --color and --theme complete.
	for args, want := range map[string]string{
		"render --color": "auto\nalways\nnever\n",
		"--theme":        "dark\nlight\n",
	} {
		_, out, _ := deck(t, "", append(append([]string{"__complete"}, strings.Fields(args)...), "")...)
		if !strings.HasPrefix(out, want) {
			t.Errorf("deck %s <tab>: %q", args, out)
		}
	}
}

func TestManPage(t *testing.T) {
	code, out, _ := deck(t, "", "man")
	if code != exitOK || !strings.HasPrefix(out, ".TH DECK 1") {
		t.Fatalf("exit %d:\n%.200s", code, out)
	}
	for _, want := range []string{".SH OPTIONS", ".SH COMMANDS", `\fBrender\fP`, `\fBattach\fP`, "--collapse", "$DSH_HOME",
		`\fB-f, --follow\fP`, `\fB-w, --width\fP`, `\fB-h, --help\fP`, `\fB-v, --version\fP`, "ctrl+s searches inside every session"} {
		if !strings.Contains(out, want) {
			t.Errorf("the man page lacks %q", want)
		}
	}
	if strings.Contains(out, `\fB--f `) || strings.Contains(out, `\fB--w `) {
		t.Error("the man page writes a short flag with two dashes")
	}
}

// The man page has a KEYS section listing every action the viewer's
// keymap defines with all its default keys, as the config file names them,
// and how a count before a key works.
func TestManPageListsEveryKey(t *testing.T) {
	_, out, _ := deck(t, "", "man")
	_, keys, found := strings.Cut(out, "\n.SH KEYS\n")
	if !found {
		t.Fatalf("no KEYS section:\n%s", out)
	}
	if next := strings.Index(keys, "\n.SH "); next >= 0 {
		keys = keys[:next]
	}
	roff := strings.NewReplacer(`\`, `\e`, ".", `\&.`)
	for action, bound := range viewer.KeyActions() {
		if tag := `\fB` + roff.Replace(strings.Join(bound, ", ")) + `\fP`; !strings.Contains(keys, ".TP\n"+tag+"\n") {
			t.Errorf("the KEYS section does not list %s as %s", action, tag)
		}
	}
	for _, count := range []string{"3j", "10G", "12t"} {
		if !strings.Contains(keys, count) {
			t.Errorf("the KEYS section does not say what %s does", count)
		}
	}
}

// The help lists the commands and flags, and says what the usage text
// always said: where the sessions are, what a PATH is.
func TestHelp(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"--help"}, []string{"render", "ls", "attach", "completion", "man", "--follow", "--no-follow", "--last", "--demo", "--theme", "--version",
			"$DSH_HOME/sessions", "$CLAUDE_CONFIG_DIR/projects", "$CODEX_HOME/sessions", "session.jsonl.zstd", "stdin", "deck -f session.jsonl.zstd"}},
		{[]string{"help"}, []string{"render", "ls", "attach"}},
		{[]string{"render", "--help"}, []string{"--width", "--color", "--theme", "--collapse", "--demo", "--last", "NO_COLOR", "$COLUMNS", "deck render session.jsonl.zstd --width 100 --theme light"}},
		{[]string{"help", "render"}, []string{"--width"}},
		{[]string{"ls", "--help"}, []string{"tab-separated"}},
		{[]string{"attach", "--help"}, []string{"$DSH_URL", "http://127.0.0.1:3080", "--theme"}},
	} {
		code, out, errOut := deck(t, "", c.args...)
		if code != exitOK || errOut != "" || strings.ContainsRune(out, 0x1B) {
			t.Errorf("%v: exit %d, stderr %q", c.args, code, errOut)
		}
		for _, want := range c.want {
			if !strings.Contains(out, want) {
				t.Errorf("%v: the help lacks %q", c.args, want)
			}
		}
	}
}
