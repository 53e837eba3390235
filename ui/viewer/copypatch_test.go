package viewer

import (
	"bytes"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/demo"
	"github.com/deck-tui/deck/session/source"
)

// Copying a diff card gives a patch `git apply` takes in the session's
// working directory, with no offset: a/ and b/ paths relative to it, the
// hunks at the file's real lines. Each session's files are laid out in a
// git repository as its reads showed them before its first edit (lines no
// read showed are placeholders), and each diff card's copy is applied in
// turn. The demo is the hunk at lines 30–44 of server/health.go, an import
// at line 2, and a test file it created (--- /dev/null); the same with its
// paths written absolute; and a Codex apply_patch at lines 147, 158 and 257
// of a file the session read in windows (sed -n).
func TestCopiedDiffsApplyWithGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	codex, err := os.ReadFile("../../golden/testdata/corpus/codex/AcidicSoil_codex-session-view__rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	codexSession, err := source.ReadAll(bytes.NewReader(codex))
	if err != nil {
		t.Fatal(err)
	}
	for what, c := range map[string]struct {
		s       *session.Session
		patches int
	}{
		"demo":                 {demo.Session(), 3},
		"demo, absolute paths": {absolutePaths(demo.Session()), 3},
		"codex apply_patch":    {codexSession, 2},
	} {
		t.Run(what, func(t *testing.T) {
			applied := applyCopies(t, c.s)
			if applied != c.patches {
				t.Errorf("applied %d patches, want %d", applied, c.patches)
			}
		})
	}
}

// applyCopies lays out the files a session edits as its reads showed them,
// then applies each diff card's copy with git, and counts them.
func applyCopies(t *testing.T, s *session.Session) int {
	t.Helper()
	cwd := s.Header.Cwd
	repo := t.TempDir()
	git(t, repo, nil, "init", "-q")
	seen := map[string][]string{} // a file's lines as the reads before its first edit showed them
	edited := map[string]bool{}
	applied := 0
	for _, e := range s.Entries {
		c, ok := e.(*session.ToolCall)
		if !ok {
			continue
		}
		switch v := c.View.(type) {
		case session.ReadResultView:
			name := inRepo(cwd, v.Path)
			if edited[name] {
				continue
			}
			for _, l := range v.Lines {
				for len(seen[name]) < l.Number {
					seen[name] = append(seen[name], "placeholder "+string(rune('a'+len(seen[name])%26)))
				}
				seen[name][l.Number-1] = l.Text
			}
		case session.DiffResultView:
			for _, d := range v.Diffs {
				name := inRepo(cwd, d.Path)
				if edited[name] || d.OldText == nil {
					edited[name] = true
					continue
				}
				edited[name] = true
				file := filepath.Join(repo, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(file, []byte(strings.Join(seen[name], "\n")+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			patch := copyText(c, cwd)
			git(t, repo, []byte(patch), "apply", "--check")
			if out := git(t, repo, []byte(patch), "apply", "-v"); strings.Contains(out, "offset") || strings.Contains(out, "fuzz") {
				t.Errorf("git placed a hunk elsewhere than the patch says:\n%s\n%s", out, patch)
			}
			applied++
		default:
		}
	}
	return applied
}

// git runs git in dir with stdin, failing the test when it fails.
func git(t *testing.T, dir string, stdin []byte, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Stdin = dir, bytes.NewReader(stdin)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s\n%s", strings.Join(args, " "), err, out, stdin)
	}
	return string(out)
}

// inRepo is where a session's path lies in the repository standing for its
// working directory.
func inRepo(cwd, p string) string {
	if path.IsAbs(p) {
		if rel, ok := strings.CutPrefix(p, cwd+"/"); ok {
			return rel
		}
	}
	return p
}

// absolutePaths is a session whose diffs name their files by absolute
// paths under its working directory, as some agents write them.
func absolutePaths(s *session.Session) *session.Session {
	for _, e := range s.Entries {
		if c, ok := e.(*session.ToolCall); ok {
			if v, ok := c.View.(session.DiffResultView); ok {
				diffs := append([]session.FileDiff(nil), v.Diffs...)
				for i := range diffs {
					diffs[i].Path = path.Join(s.Header.Cwd, diffs[i].Path)
				}
				v.Diffs = diffs
				c.View = v
			}
		}
	}
	return s
}
