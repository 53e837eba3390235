package loggen

import (
	"bufio"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
)

// TreeVersion names what Tree writes; a change bumps it, so a tree made
// by an older version is never reused.
const TreeVersion = 2

// Planted is the word Tree plants in the prompt of one harness session
// and of one Claude Code session, and nowhere else: the benchmarks' rare
// word.
const Planted = "quokkaberry"

// A Tree is a home of many sessions of the three agents, as each lays
// them out under $HOME: the harness's generated (short turns of the kind Generate
// writes), Claude Code's and Codex's copies of the corpus's logs, each with
// an id of its own. Its folders are the agents' roots.
type Tree struct {
	Home                   string // a HOME whose agents' folders are these
	Harness, Claude, Codex string // ~/.dsh/sessions, ~/.claude/projects, ~/.codex/sessions
	Sessions               int
	Bytes                  int64
	Paths                  []string // every log, oldest first
}

// MakeTree returns the tree of n sessions under dir, writing it the first
// time (the same bytes every time, dated back from a fixed day a minute
// apart, so none is live); corpus is golden/testdata/corpus. Three in five
// sessions are the harness's, one in four Claude Code's, the rest Codex's.
func MakeTree(dir string, n int, corpus string) (Tree, error) {
	root := filepath.Join(dir, fmt.Sprintf("tree-v%d-%d", TreeVersion, n))
	t := Tree{Home: root, Harness: filepath.Join(root, ".dsh", "sessions"), Claude: filepath.Join(root, ".claude", "projects"),
		Codex: filepath.Join(root, ".codex", "sessions"), Sessions: n}
	done := filepath.Join(root, "done")
	if list, err := os.ReadFile(done); err == nil {
		t.Paths = strings.Split(strings.TrimSpace(string(list)), "\n")
		return t, t.size()
	}
	if err := os.RemoveAll(root); err != nil {
		return t, err
	}
	claude, err := corpusLogs(filepath.Join(corpus, "claude-code"))
	if err != nil {
		return t, err
	}
	codex, err := corpusLogs(filepath.Join(corpus, "codex"))
	if err != nil {
		return t, err
	}
	goroot := GoRoot()
	files, err := sourceFiles(filepath.Join(goroot, "src"))
	if err != nil {
		return t, err
	}
	day := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	plantedHarness, plantedClaude := false, false
	for i := range n {
		rng, id, kind := treeSession(i)
		project := fmt.Sprintf("/home/dev/proj-%02d", i%40)
		var path string
		var text []byte
		switch kind {
		case treeHarness:
			path = filepath.Join(t.Harness, "--"+strings.ReplaceAll(strings.TrimPrefix(project, "/"), "/", "-")+"--", id, "session.jsonl")
			plant := ""
			if i >= n/3 && !plantedHarness { // the first harness session from a third of the way on
				plantedHarness = true
				plant = Planted
			}
			text, err = harnessSession(goroot, files, rng, id, project, plant)
		case treeClaude:
			src := claude[rng.IntN(len(claude))]
			path = filepath.Join(t.Claude, strings.ReplaceAll(project, "/", "-"), id+".jsonl")
			text = freshID(src.text, src.id, id)
			if i >= 2*n/3 && !plantedClaude {
				plantedClaude = true
				text = append(text, fmt.Sprintf(`{"parentUuid":null,"isSidechain":false,"userType":"external","cwd":%q,"sessionId":%q,"version":"1.0.98","type":"user","message":{"role":"user","content":"where is the %s parser?"},"uuid":"%s","timestamp":"2025-12-31T23:59:00.000Z"}`+"\n", project, id, Planted, uuid(rng))...)
			}
		default:
			src := codex[rng.IntN(len(codex))]
			when := day.Add(-time.Duration(n-i) * time.Minute)
			path = filepath.Join(t.Codex, when.Format("2006/01/02"), "rollout-"+when.Format("2006-01-02T15-04-05")+"-"+id+".jsonl")
			text = freshID(src.text, src.id, id)
		}
		if err != nil {
			return t, err
		}
		if err := writeDated(path, text, day.Add(-time.Duration(n-i)*time.Minute)); err != nil {
			return t, err
		}
		t.Paths = append(t.Paths, path)
	}
	if err := os.WriteFile(done, []byte(strings.Join(t.Paths, "\n")+"\n"), 0o644); err != nil {
		return t, err
	}
	return t, t.size()
}

// The agents of a tree's sessions.
const (
	treeHarness = iota
	treeClaude
	treeCodex
)

// treeSession draws session i's randomness, id and agent: three in five
// the harness's, one in four Claude Code's, the rest Codex's.
func treeSession(i int) (rng *rand.Rand, id string, kind int) {
	rng = rand.New(rand.NewPCG(3, uint64(i)))
	id = uuid(rng)
	switch r := rng.IntN(20); {
	case r < 12:
		kind = treeHarness
	case r < 17:
		kind = treeClaude
	default:
		kind = treeCodex
	}
	return rng, id, kind
}

// size sums the logs' bytes.
func (t *Tree) size() error {
	t.Bytes = 0
	for _, p := range t.Paths {
		info, err := os.Stat(p)
		if err != nil {
			return fmt.Errorf("the tree is not whole: %w", err)
		}
		t.Bytes += info.Size()
	}
	return nil
}

// harnessSession is a harness log of one to three short turns.
func harnessSession(goroot string, files []string, rng *rand.Rand, id, cwd, plant string) ([]byte, error) {
	var b strings.Builder
	out := &sink{w: bufio.NewWriter(&b)}
	g := &gen{out: out, files: files, root: goroot, rng: rng, now: 1796033643000 - rng.Int64N(1<<33), id: id, cwd: cwd, light: true, plant: plant}
	g.header()
	for turn := range 1 + rng.IntN(3) {
		g.turn(turn + 1)
	}
	if err := out.close(); err != nil {
		return nil, err
	}
	return []byte(b.String()), nil
}

// corpusLog is a log of the corpus and the session id it holds.
type corpusLog struct {
	text []byte
	id   string
}

var sessionIDRE = regexp.MustCompile(`"(?:sessionId|id)":"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"`)

// corpusLogs reads the logs of one agent's corpus folder, in name order.
func corpusLogs(dir string) ([]corpusLog, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var out []corpusLog
	for _, name := range names {
		text, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		m := sessionIDRE.FindSubmatch(text)
		if m == nil {
			continue
		}
		out = append(out, corpusLog{text, string(m[1])})
	}
	if len(out) == 0 {
		return nil, errors.New("no logs with a session id in " + dir)
	}
	return out, nil
}

// freshID is a copy of a log with its session id replaced.
func freshID(text []byte, old, id string) []byte {
	return []byte(strings.ReplaceAll(string(text), old, id))
}

// uuid is a version-4 UUID from rng.
func uuid(rng *rand.Rand) string {
	a, b := rng.Uint64(), rng.Uint64()
	return fmt.Sprintf("%08x-%04x-4%03x-%04x-%012x", a>>32, a>>16&0xffff, a&0xfff, 0x8000|b>>48&0x3fff, b&0xffffffffffff)
}

func writeDated(path string, text []byte, when time.Time) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(path, text, 0o644); err != nil {
		return err
	}
	return os.Chtimes(path, when, when)
}

// Turns are harness turns of the tree's kind, about size bytes of them,
// numbered from turn first, their events from seq 1,000,000: what a
// session of the tree grows by.
func Turns(size int64, first int) ([]byte, error) {
	goroot := GoRoot()
	files, err := sourceFiles(filepath.Join(goroot, "src"))
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	out := &sink{w: bufio.NewWriter(&b)}
	g := &gen{out: out, files: files, root: goroot, rng: rand.New(rand.NewPCG(5, uint64(first))), now: 1796033643000, seq: 1_000_000, cwd: "/home/dev/proj-00", light: true}
	for turn := first; out.written < size; turn++ {
		g.turn(turn)
	}
	if err := out.close(); err != nil {
		return nil, err
	}
	return []byte(b.String()), nil
}
