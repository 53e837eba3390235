package loggen

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// turn writes one turn of work on one source file.
func (g *gen) turn(turn int) {
	path := g.files[g.rng.IntN(len(g.files))]
	data, err := os.ReadFile(path)
	if err != nil {
		g.out.err = err
		return
	}
	text := string(data)
	rel, _ := filepath.Rel(filepath.Join(g.root, "src"), path)
	pkg := filepath.Dir(rel)
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if g.light {
		lines = lines[:min(len(lines), 60+g.rng.IntN(120))]
	}

	g.event("turn/start", obj{"turn", turn})
	prompt := fmt.Sprintf("Review %s: mark the exported functions you checked, run the package's tests and summarise what you found.", rel)
	if g.plant != "" && turn == 1 {
		prompt += " Mind the " + g.plant + "."
	}
	g.event("user/message", obj{"role", "user", "id", fmt.Sprintf("u-%d", g.seq), "source", obj{"kind", "user"},
		"content", []obj{{"type", "text", "text", prompt}}}, "surfaceOp", "append")
	if turn == 1 {
		g.event("session/title", obj{"title", "Review of the standard library", "messageSeqs", []int64{g.seq - 1}})
	}
	g.event("user/message", obj{"role", "user", "id", fmt.Sprintf("ctx-%d", g.seq),
		"source", obj{"kind", "plugin", "plugin", "@deepseek-ai/dsh-system-prompt", "form", "snapshot"},
		"content", []obj{{"type", "text", "text", "Current runtime context. Current DSH file policy: workspace-write. Working directory: " + g.dir() + "."}}},
		"surfaceOp", "append")
	g.event("request/context", obj{"provider", provider, "model", model, "contextWindow", 131072})

	name := firstFunc(text)
	g.step(turn, 1, []block{
		{"reasoning", fmt.Sprintf("To review %s I need its source, where %s is used, and the other files of package %s. The three lookups are independent, so run them together.", rel, name, pkg)},
		{"text", fmt.Sprintf("Reading `%s` and looking for uses of `%s`.", rel, name)},
	}, []call{g.read(rel, lines), g.grep(name, rel, lines), g.glob(pkg)})

	edit, hunks := g.edit(rel, lines)
	g.step(turn, 2, []block{{"reasoning", fmt.Sprintf("Mark the %d exported functions I checked with a comment; one edit with several hunks.", hunks)}}, []call{edit})
	g.step(turn, 3, nil, []call{g.test(pkg)})
	g.step(turn, 4, []block{{"text", g.answer(rel, name, hunks)}}, nil)
	g.event("turn/end", obj{"turn", turn, "reason", obj{"kind", "completed"}})
}

var funcRE = regexp.MustCompile(`(?m)^func (?:\([^)]*\) )?([A-Za-z_]\w*)`)

func firstFunc(text string) string {
	if m := funcRE.FindStringSubmatch(text); m != nil {
		return m[1]
	}
	return "init"
}

// read is a whole-file read: the numbered text the model sees, and the
// lines again in the meta the card draws.
func (g *gen) read(rel string, lines []string) call {
	var body strings.Builder
	window := make([]obj, len(lines))
	for i, l := range lines {
		fmt.Fprintf(&body, "%d: %s\n", i+1, l)
		window[i] = obj{"number", i + 1, "text", l}
	}
	path := g.dir() + "/src/" + rel
	result := fmt.Sprintf("<path>%s</path>\n<type>file</type>\n<content>\n%s\n(End of file - total %d lines)\n</content>", path, body.String(), len(lines))
	return call{name: "read", args: obj{"file_path", "src/" + rel}, result: result, took: 4,
		meta: obj{"path", path, "offset", 1, "lines", window, "totalLines", len(lines), "lang", "go"}}
}

// grep finds the lines of the file that mention name.
func (g *gen) grep(name, rel string, lines []string) call {
	var matches []obj
	var text strings.Builder
	for i, l := range lines {
		if strings.Contains(l, name) && len(matches) < 200 {
			matches = append(matches, obj{"lineNumber", i + 1, "line", l})
			fmt.Fprintf(&text, "Line %d: %s\n", i+1, l)
		}
	}
	files := []obj{{"path", "src/" + rel, "matches", matches}}
	return call{name: "grep", args: obj{"pattern", name, "path", "src"}, took: 31,
		result: fmt.Sprintf("Found %d matches\n\nsrc/%s\n%s", len(matches), rel, text.String()),
		meta:   obj{"shape", "matches", "files", files, "truncated", false, "total", len(matches)}}
}

// glob lists the package's Go files.
func (g *gen) glob(pkg string) call {
	var paths []string
	entries, _ := os.ReadDir(filepath.Join(g.root, "src", pkg))
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".go") {
			paths = append(paths, "src/"+pkg+"/"+e.Name())
		}
	}
	return call{name: "glob", args: obj{"pattern", "src/" + pkg + "/*.go"}, took: 12, result: strings.Join(paths, "\n"),
		meta: obj{"shape", "paths", "paths", paths, "truncated", false, "total", len(paths)}}
}

// edit marks up to four exported functions with a comment, one hunk each
// with three lines of context.
func (g *gen) edit(rel string, lines []string) (call, int) {
	var diffs []obj
	last := -100
	for i, l := range lines {
		if len(diffs) == 4 {
			break
		}
		m := funcRE.FindStringSubmatch(l)
		if m == nil || m[1][0] < 'A' || m[1][0] > 'Z' || i-last < 8 {
			continue
		}
		from, to := max(i-3, 0), min(i+4, len(lines))
		old := strings.Join(lines[from:to], "\n")
		changed := append(append(append([]string{}, lines[from:i]...), "// Reviewed: "+m[1]+" keeps its contract."), lines[i:to]...)
		diffs = append(diffs, obj{"path", "src/" + rel, "oldText", old, "newText", strings.Join(changed, "\n")})
		last = i
	}
	return call{name: "edit", took: 6,
		args:   obj{"file_path", "src/" + rel, "old_string", "\nfunc ", "new_string", "\n// Reviewed.\nfunc ", "replace_all", true},
		result: fmt.Sprintf("The file %s/src/%s has been updated successfully.", g.dir(), rel),
		meta:   obj{"diffs", diffs}}, len(diffs)
}

// test runs the package's tests verbosely: thousands of coloured lines, and
// now and then a failure.
func (g *gen) test(pkg string) call {
	var out strings.Builder
	n := 700 + g.rng.IntN(900)
	if g.light {
		n = n/40 + 10
	}
	failed := g.rng.IntN(4) == 0
	for i := range n {
		name := fmt.Sprintf("Test%s%d", strings.ToUpper(filepath.Base(pkg)[:1])+filepath.Base(pkg)[1:], i)
		fmt.Fprintf(&out, "=== RUN   %s\n", name)
		fmt.Fprintf(&out, "    %s_test.go:%d: checked %d cases in \x1b[2m%dµs\x1b[0m\n", filepath.Base(pkg), 20+i%400, 1+i%17, 3+i%97)
		if failed && i == n/2 {
			fmt.Fprintf(&out, "\x1b[31m--- FAIL: %s (0.01s)\x1b[0m\n    want 4, got 5\n", name)
			continue
		}
		fmt.Fprintf(&out, "\x1b[32m--- PASS: %s (0.00s)\x1b[0m\n", name)
	}
	status := "\x1b[32mok\x1b[0m  \t" + pkg + "\t1.204s"
	if failed {
		status = "\x1b[31mFAIL\x1b[0m\t" + pkg + "\t1.204s\n[exit code: 1]"
	}
	out.WriteString(status)
	return call{name: "bash", args: obj{"command", "go test -v ./src/" + pkg, "description", "Run the package's tests"},
		result: out.String(), took: 1200 + int64(g.rng.IntN(4000))}
}

// answer is the turn's Markdown summary.
func (g *gen) answer(rel, name string, hunks int) string {
	return fmt.Sprintf("## Review of `%s`\n\n"+
		"- Marked **%d** exported functions as checked; each keeps its documented contract.\n"+
		"- `%s` is the entry point; its callers all handle the error it returns.\n"+
		"- The package's tests ran; see the output above.\n\n"+
		"```go\n// Reviewed: %s keeps its contract.\nfunc %s(...)\n```\n\n"+
		"| check | result |\n| --- | --- |\n| exported API | unchanged |\n| tests | run |\n", rel, hunks, name, name, name)
}
