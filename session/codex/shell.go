package codex

import (
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/internal/shellwords"
	"github.com/deck-tui/deck/session/present"
	"github.com/go-json-experiment/json/jsontext"
)

// Codex reads and searches files through its shell tools. A command whose
// words say for sure what it printed (sed -n 'a,bp' FILE, cat FILE, nl -ba
// FILE, head -n N FILE, rg/grep -n, ls, find) gets the card of a read, a
// search or a path list; anything else is a terminal card.

// runKind is what a command does, as far as its words say.
type runKind int

const (
	terminal runKind = iota
	read
	search
	list
)

// run is a command a shell tool ran.
type run struct {
	script   string // the command as a person would type it
	workdir  string
	kind     runKind
	path     string // read: the file; search: the one file searched
	first    int    // read: the file line its output starts at
	upTo     int    // read: the last line it asks for, 0 for the file's end
	numbered bool   // read: the output numbers its own lines
	context  bool   // search: context lines (-A, -B, -C) sit between matches
	match    string // search: a Go expression of what it matched (present.ShellSearch)
	limit    int    // search, list: piped into head -n limit
}

// command reads the command a shell tool call ran: shell and
// container.exec (an argv), local_shell (an action), shell_command and
// exec_command (a string). ok is false when the arguments do not say.
func command(name string, a present.Args) (script, workdir string, ok bool) {
	workdir = a.Str("workdir")
	switch name {
	case "shell_command":
		script, ok = a["command"].(string)
	case "exec_command":
		script, ok = a["cmd"].(string)
		if !ok {
			script, ok = a["command"].(string)
		}
	default: // shell, container.exec, local_shell: an argv
		argv, isArgv := argv(a["command"])
		if !isArgv || len(argv) == 0 {
			return "", "", false
		}
		if workdir == "" {
			workdir = a.Str("working_directory")
		}
		return shellwords.Command(argv), workdir, true
	}
	return script, workdir, ok
}

// argv reads a JSON array of strings.
func argv(v any) ([]string, bool) {
	list, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]string, len(list))
	for i, w := range list {
		if out[i], ok = w.(string); !ok {
			return nil, false
		}
	}
	return out, true
}

// action reads a local_shell_call's action into shell arguments.
func action(raw jsontext.Value) present.Args {
	var act struct {
		Command jsontext.Value `json:"command"`
		Workdir jsontext.Value `json:"working_directory"`
	}
	_ = jsonline.Unmarshal(raw, &act)
	a := present.Args{}
	var cmd []any
	if jsonline.Unmarshal(act.Command, &cmd) == nil {
		a["command"] = cmd
	}
	if w, ok := stringOf(act.Workdir); ok {
		a["workdir"] = w
	}
	return a
}

var sedRange = regexp.MustCompile(`^(\d{1,9})(?:,(\d{1,9}|\$))?p$`)

// sedWindow reads sed's 'A,Bp' ('Ap', 'A,$p'): the first line it prints,
// and the last it asks for (0 for the file's end).
func sedWindow(arg string) (first, upTo int, ok bool) {
	m := sedRange.FindStringSubmatch(arg)
	if m == nil {
		return 0, 0, false
	}
	first, _ = strconv.Atoi(m[1])
	first = max(first, 1)
	switch m[2] {
	case "":
		return first, first, true
	case "$":
		return first, 0, true
	}
	upTo, _ = strconv.Atoi(m[2])
	return first, max(upTo, first), true
}

// classify reads what a script does from its words.
func (r *run) classify() {
	cmds, ops, ok := shellwords.Split(r.script)
	if !ok {
		return
	}
	dir := r.workdir
	// `cd DIR && …` runs in DIR
	if len(cmds) > 1 && len(cmds[0]) == 2 && cmds[0][0] == "cd" && ops[0] == "&&" {
		dir = joinPath(dir, cmds[0][1])
		cmds, ops = cmds[1:], ops[1:]
	}
	switch {
	case len(cmds) == 1:
		r.simple(cmds[0], dir)
	case len(cmds) == 2 && ops[0] == "|":
		r.pipeline(cmds[0], cmds[1], dir)
	}
}

// simple classifies one command.
func (r *run) simple(argv []string, dir string) {
	read := func(file string, first, upTo int, numbered bool) {
		r.kind, r.path, r.first, r.upTo, r.numbered = read, joinPath(dir, file), first, upTo, numbered
	}
	n := len(argv)
	switch argv[0] {
	case "sed":
		if n == 4 && argv[1] == "-n" {
			if first, upTo, ok := sedWindow(argv[2]); ok {
				read(argv[3], first, upTo, false)
			}
		}
	case "cat":
		switch {
		case n == 2 && !strings.HasPrefix(argv[1], "-"):
			read(argv[1], 1, 0, false)
		case n == 3 && argv[1] == "-n":
			read(argv[2], 1, 0, true)
		}
	case "nl":
		if file, ok := nlFile(argv); ok {
			read(file, 1, 0, true)
		}
	case "head":
		if file, upTo, ok := headFile(argv); ok {
			read(file, 1, upTo, false)
		}
	case "rg", "grep":
		r.search(argv, dir)
	case "ls":
		r.list(argv, dir)
	case "find":
		for _, a := range argv[1:] {
			switch a {
			case "-exec", "-execdir", "-ok", "-okdir", "-delete", "-printf", "-fprintf", "-print0", "-ls", "-fls", "-fprint":
				return
			}
		}
		r.kind = list
	case "git":
		if n >= 2 && argv[1] == "ls-files" {
			r.kind = list
		}
	}
}

// pipeline classifies `A | B`: a numbered file piped into sed, a search or
// a listing piped into head.
func (r *run) pipeline(a, b []string, dir string) {
	if len(b) == 3 && b[0] == "sed" && b[1] == "-n" && sedRange.MatchString(b[2]) {
		_, upTo, _ := sedWindow(b[2])
		file, ok := nlFile(a)
		if !ok && len(a) == 3 && a[0] == "cat" && a[1] == "-n" {
			file, ok = a[2], true
		}
		if ok {
			r.kind, r.path, r.first, r.upTo, r.numbered = read, joinPath(dir, file), 1, upTo, true
		}
		return
	}
	limit, ok := headLimit(b)
	if !ok {
		return
	}
	r.simple(a, dir)
	switch r.kind {
	case search, list:
		r.limit = limit
	default: // a read piped into head is not a window deck can number
		*r = run{script: r.script, workdir: r.workdir}
	}
}

// nlFile reads `nl -ba FILE` (or -b a).
func nlFile(argv []string) (string, bool) {
	switch {
	case len(argv) == 3 && argv[0] == "nl" && argv[1] == "-ba":
		return argv[2], true
	case len(argv) == 4 && argv[0] == "nl" && argv[1] == "-b" && argv[2] == "a":
		return argv[3], true
	}
	return "", false
}

// headFile reads `head [-n N | -N] FILE`: the file and the lines it asks
// for.
func headFile(argv []string) (string, int, bool) {
	switch len(argv) {
	case 2:
		return argv[1], 10, !strings.HasPrefix(argv[1], "-")
	case 3:
		n, ok := count(strings.TrimPrefix(strings.TrimPrefix(argv[1], "-n"), "-"))
		return argv[2], n, ok && strings.HasPrefix(argv[1], "-")
	case 4:
		n, ok := count(argv[2])
		return argv[3], n, ok && argv[1] == "-n"
	}
	return "", 0, false
}

// headLimit reads a bare `head [-n N | -N]`: how many lines it keeps.
func headLimit(argv []string) (int, bool) {
	switch {
	case len(argv) == 1 && argv[0] == "head":
		return 10, true
	case len(argv) == 2 && argv[0] == "head" && strings.HasPrefix(argv[1], "-"):
		return count(strings.TrimPrefix(strings.TrimPrefix(argv[1], "-n"), "-"))
	case len(argv) == 3 && argv[0] == "head" && argv[1] == "-n":
		return count(argv[2])
	}
	return 0, false
}

func count(s string) (int, bool) {
	n, err := strconv.Atoi(s)
	return n, err == nil && n > 0 && len(s) < 10
}

// joinPath resolves a path against a directory, when it is relative.
func joinPath(dir, p string) string {
	if dir == "" || path.IsAbs(p) {
		return p
	}
	return path.Join(dir, p)
}

// search reads an rg or grep command (present.ReadShellSearch): which
// paths it searches, whether its output lists files instead of matches,
// and what it matched.
func (r *run) search(argv []string, dir string) {
	s, ok := present.ReadShellSearch(argv)
	switch {
	case !ok:
		return
	case s.Files:
		r.kind = list
		return
	}
	r.kind, r.context, r.match = search, s.Context, s.Match
	if len(s.Paths) == 1 {
		r.path = joinPath(dir, s.Paths[0])
	}
}

// list reads `ls [-1aA] [DIR]`: one name a line.
func (r *run) list(argv []string, dir string) {
	paths := 0
	for _, a := range argv[1:] {
		if strings.HasPrefix(a, "-") {
			if strings.Trim(a[1:], "1aA") != "" {
				return // long listings, sizes, classifiers: not one name a line
			}
			continue
		}
		paths++
	}
	if paths <= 1 {
		r.kind = list
	}
}
