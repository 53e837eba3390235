// Package loggen writes realistic deepseek-harness session logs of any size,
// the same bytes every time, for benchmarks. Each turn of the session reads
// a real Go source file from GOROOT (whole, so its lines are in the log twice:
// in the result text and in the read's meta), searches and globs in parallel,
// edits the file in several hunks, runs its tests with thousands of lines of
// coloured output, and answers in Markdown, with streamed reasoning and text
// as packed chunk rows.
package loggen

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/klauspost/compress/zstd"
)

// Options say what to write.
type Options struct {
	Size   int64  // stop after the turn that passes this many bytes of JSONL
	Zstd   bool   // write zstd frames of about FrameSize bytes, as the harness does
	GoRoot string // where the source files come from; runtime.GOROOT() if ""
}

// Version names what this generator writes; a change to the logs it
// writes bumps it, so a cached log of an older version is never reused.
const Version = 2

// FrameSize is how much JSONL goes into each zstd frame.
const FrameSize = 64 << 10

// GoRoot is the Go tree the go command on PATH uses: the source files a
// generated session reads and edits.
func GoRoot() string {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// Generate writes a session log to w.
func Generate(w io.Writer, o Options) error {
	root := o.GoRoot
	if root == "" {
		root = GoRoot()
	}
	files, err := sourceFiles(filepath.Join(root, "src"))
	if err != nil {
		return err
	}
	out := &sink{w: bufio.NewWriterSize(w, 1<<20)}
	if o.Zstd {
		enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(1))
		if err != nil {
			return err
		}
		defer enc.Close()
		out.enc = enc
	}
	g := &gen{out: out, files: files, root: root, rng: rand.New(rand.NewPCG(1, 2)), now: 1796033643000}
	g.header()
	for turn := 1; out.err == nil && (turn == 1 || out.written < o.Size); turn++ {
		g.turn(turn)
	}
	return out.close()
}

// File returns the path of a generated log of the given size in dir,
// writing it the first time it is asked for.
func File(dir string, size int64, zstdFrames bool) (string, error) {
	name := fmt.Sprintf("session-v%d-%dMB.jsonl", Version, size>>20)
	if zstdFrames {
		name += ".zstd"
	}
	path := filepath.Join(dir, name)
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(dir, name+".*")
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp.Name())
	if err := Generate(tmp, Options{Size: size, Zstd: zstdFrames}); err != nil {
		tmp.Close()
		return "", err
	}
	if err := tmp.Close(); err != nil {
		return "", err
	}
	return path, os.Rename(tmp.Name(), path)
}

// sourceFiles lists the Go files under src worth reading: not tests, not
// testdata, between 200 and 4,000 lines' worth of bytes, in a fixed order.
func sourceFiles(src string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "vendor") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		if info, err := d.Info(); err == nil && info.Size() > 8<<10 && info.Size() < 120<<10 {
			files = append(files, path)
		}
		return nil
	})
	if err == nil && len(files) == 0 {
		err = errors.New("no Go source files under " + src)
	}
	sort.Strings(files)
	return files, err
}

// sink writes lines, as zstd frames when enc is set, and counts the JSONL
// bytes.
type sink struct {
	w       *bufio.Writer
	enc     *zstd.Encoder
	frame   []byte
	written int64
	err     error
}

func (s *sink) line(v any) {
	if s.err != nil {
		return
	}
	b, err := Marshal(v)
	if err != nil {
		s.err = err
		return
	}
	b = append(b, '\n')
	s.written += int64(len(b))
	if s.enc == nil {
		_, s.err = s.w.Write(b)
		return
	}
	s.frame = append(s.frame, b...)
	if len(s.frame) >= FrameSize {
		s.flush()
	}
}

func (s *sink) flush() {
	if s.enc != nil && len(s.frame) > 0 && s.err == nil {
		_, s.err = s.w.Write(s.enc.EncodeAll(s.frame, nil))
		s.frame = s.frame[:0]
	}
}

func (s *sink) close() error {
	s.flush()
	if s.err != nil {
		return s.err
	}
	return s.w.Flush()
}

// ReadSession writes a session of one read of a whole file: text, as the
// read tool shows the file at path.
func ReadSession(w io.Writer, path, text string) error {
	out := &sink{w: bufio.NewWriter(w)}
	g := &gen{out: out, rng: rand.New(rand.NewPCG(1, 2)), now: 1796033643000}
	g.header()
	g.event("turn/start", obj{"turn", 1})
	g.step(1, 1, nil, []call{g.read(path, strings.Split(strings.TrimSuffix(text, "\n"), "\n"))})
	g.event("turn/end", obj{"turn", 1, "reason", obj{"kind", "completed"}})
	return out.close()
}

// Marshal writes v as encoding/json did when loggen was written, so that a
// generated log (and a test's) stays the same bytes: HTML characters and
// JavaScript's line separators escaped, map keys sorted, nil lists null,
// bad UTF-8 as U+FFFD.
func Marshal(v any) ([]byte, error) {
	return json.Marshal(v,
		jsontext.EscapeForHTML(true), jsontext.EscapeForJS(true), jsontext.AllowInvalidUTF8(true),
		json.Deterministic(true), json.FormatNilSliceAsNull(true), json.FormatNilMapAsNull(true))
}
