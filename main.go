// Command deck shows coding-agent sessions in the terminal: each tool call
// as a card a person reads at a glance.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/term"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/demo"
	"github.com/deck-tui/deck/session/live"
	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/theme"
	"github.com/deck-tui/deck/ui"
)

// Exit codes (README "Exit codes").
const (
	exitOK    = 0
	exitInput = 1 // a file that is missing, unreadable, or not a session
	exitUsage = 2 // a bad command line
)

const usage = `deck — coding-agent sessions as cards

usage:
  deck                     pick a session (the demo if there are none): the harness's
                           ($DSH_HOME/sessions), Claude Code's ($CLAUDE_CONFIG_DIR/projects)
                           and Codex's ($CODEX_HOME/sessions)
  deck PATH                open a session full-screen
  deck -                   open a log read from stdin
      -f, --follow         follow the log as it grows (default: when it is still being written)
      --no-follow          do not
      --last               open the newest session
      --demo               open the built-in demo session
      --theme NAME         dark or light (default: the terminal's background)
  deck ls                  list the sessions on disk, newest first (tab-separated
                           when not in a terminal: start, agent, bytes, live, path,
                           cwd, title)
  deck attach [URL]        drive the sessions of a running harness host (dsh web):
                           URL defaults to $DSH_URL, else http://127.0.0.1:3080
      --theme NAME         dark or light
  deck render [PATH|-]     print a session as cards
      --width N            columns (default: the terminal's, else 100)
      --color MODE         auto, always or never (NO_COLOR is honoured)
      --theme NAME         dark or light
      --collapse           draw long cards collapsed, as the viewer does
      --demo               the built-in demo session

PATH is a session log (the harness's session.jsonl or .jsonl.zstd, an ACP
transcript, a Claude Code or Codex session: told apart by content), or a
harness session folder. With no PATH, deck reads stdin when it is not a terminal, else shows
the demo.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "render":
			return renderCmd(args[1:], stdin, stdout, stderr)
		case "ls":
			return lsCmd(args[1:], stdout, stderr)
		case "attach":
			return attachCmd(args[1:], stderr)
		case "-h", "--help", "help":
			fmt.Fprint(stdout, usage)
			return exitOK
		}
	}
	if !isTerminal(stdout) { // no screen to take over: print the cards
		if len(args) == 0 {
			args = []string{"--demo"}
		}
		return renderCmd(args, stdin, stdout, stderr)
	}
	return viewCmd(args, stdin, stderr)
}

// attachCmd runs deck as a live client of a harness host.
func attachCmd(args []string, stderr io.Writer) int {
	o := ui.Options{}
	url := ""
	for i := 0; i < len(args); i++ {
		switch name, value, hasValue := strings.Cut(args[i], "="); {
		case name == "--theme":
			if !hasValue && i+1 < len(args) {
				i++
				value = args[i]
			}
			o.Theme = value
		case strings.HasPrefix(args[i], "-"):
			fmt.Fprintf(stderr, "deck attach: unknown flag %s\n\n%s", args[i], usage)
			return exitUsage
		case url != "":
			fmt.Fprintf(stderr, "deck attach: give one host URL\n\n%s", usage)
			return exitUsage
		default:
			url = args[i]
		}
	}
	c, err := live.New(url)
	if err != nil {
		fmt.Fprintf(stderr, "deck attach: %v\n", err)
		return exitUsage
	}
	o.Host = c
	if err := ui.Run(o); err != nil {
		fmt.Fprintf(stderr, "deck: %v\n", err)
		return exitInput
	}
	return exitOK
}

// lsCmd lists the sessions of every agent deck knows.
func lsCmd(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "deck ls: it takes no arguments (got %s)\n\n%s", args[0], usage)
		return exitUsage
	}
	roots := catalog.DefaultRoots()
	found := catalog.ScanAll(catalog.Find(roots))
	if len(found) == 0 {
		fmt.Fprintf(stderr, "deck: no sessions in %s\n", catalog.Describe(roots))
		return exitOK
	}
	var th *theme.Theme // a script gets plain fields
	var text strings.Builder
	if isTerminal(stdout) {
		th = theme.Dark()
	}
	if err := ui.WriteList(&text, found, th, terminalWidth(stdout)); err != nil {
		return exitInput
	}
	out := text.String()
	if th != nil {
		profile, _ := theme.Profile("auto", stdout, os.Environ())
		out = theme.Encode(out, profile)
	}
	if _, err := io.WriteString(stdout, out); err != nil {
		fmt.Fprintf(stderr, "deck: writing: %v\n", err)
		return exitInput
	}
	return exitOK
}

// viewCmd opens the full-screen viewer (or the session picker).
func viewCmd(args []string, stdin io.Reader, stderr io.Writer) int {
	o := ui.Options{}
	var paths []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch name, value, hasValue := strings.Cut(a, "="); name {
		case "-f", "--follow":
			on := true
			o.Follow = &on
		case "--no-follow":
			off := false
			o.Follow = &off
		case "--last":
			o.Last = true
		case "--demo":
			o.Demo = true
		case "--theme":
			if !hasValue && i+1 < len(args) {
				i++
				value = args[i]
			}
			o.Theme = value
		default:
			if strings.HasPrefix(a, "-") && a != "-" {
				fmt.Fprintf(stderr, "deck: unknown flag %s\n\n%s", a, usage)
				return exitUsage
			}
			paths = append(paths, a)
		}
	}
	switch len(paths) {
	case 0:
	case 1:
		if paths[0] == "-" {
			o.Stdin = stdin
		} else {
			o.Path = paths[0]
		}
	default:
		fmt.Fprintf(stderr, "deck: give one session to open\n\n%s", usage)
		return exitUsage
	}
	if err := ui.Run(o); err != nil {
		fmt.Fprintf(stderr, "deck: %v\n", err)
		return exitInput
	}
	return exitOK
}

// renderOptions are the flags of `deck render`.
type renderOptions struct {
	path     string
	width    int
	color    string
	theme    string
	collapse bool
	demo     bool
	last     bool
}

func parseRender(args []string) (renderOptions, error) {
	o := renderOptions{color: "auto", theme: "dark"}
	var paths []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, value, hasValue := strings.Cut(a, "=")
		takeValue := func() (string, error) {
			if hasValue {
				return value, nil
			}
			if i+1 >= len(args) {
				return "", fmt.Errorf("%s needs a value", name)
			}
			i++
			return args[i], nil
		}
		switch name {
		case "--width", "-w":
			v, err := takeValue()
			if err != nil {
				return o, err
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return o, fmt.Errorf("--width wants a positive number of columns, not %q", v)
			}
			o.width = n
		case "--color":
			v, err := takeValue()
			if err != nil {
				return o, err
			}
			o.color = v
		case "--theme":
			v, err := takeValue()
			if err != nil {
				return o, err
			}
			o.theme = v
		case "--collapse":
			o.collapse = true
		case "--demo":
			o.demo = true
		case "--last":
			o.last = true
		case "-f", "--follow", "--no-follow": // the viewer's; printing reads what is there
		default:
			if strings.HasPrefix(a, "-") && a != "-" {
				return o, fmt.Errorf("unknown flag %s", a)
			}
			paths = append(paths, a)
		}
	}
	if len(paths) > 1 {
		return o, errors.New("give one session to render")
	}
	if len(paths) == 1 {
		o.path = paths[0]
	}
	return o, nil
}

func renderCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, err := parseRender(args)
	if err != nil {
		fmt.Fprintf(stderr, "deck render: %v\n\n%s", err, usage)
		return exitUsage
	}
	th, err := theme.ByName(o.theme)
	if err != nil {
		fmt.Fprintf(stderr, "deck render: %v\n", err)
		return exitUsage
	}
	profile, err := theme.Profile(o.color, stdout, os.Environ())
	if err != nil {
		fmt.Fprintf(stderr, "deck render: %v\n", err)
		return exitUsage
	}
	s, name, err := load(o, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "deck: %v\n", err)
		return exitInput
	}
	width := o.width
	if width == 0 {
		width = terminalWidth(stdout)
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	err = cards.EachCard(s, cards.Options{Width: width, Theme: th, Expanded: !o.collapse}, func(rows []string) error {
		_, err := out.WriteString(theme.Encode(strings.Join(rows, "\n")+"\n", profile))
		return err
	})
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		fmt.Fprintf(stderr, "deck: writing: %v\n", err)
		return exitInput
	}
	if n := len(s.Notices()); n > 0 {
		fmt.Fprintf(stderr, "deck: %s: %d %s (shown in place)\n", name, n, pluralWord(n, "notice", "notices"))
	}
	return exitOK
}

// load reads the session to show: the file or folder at path, stdin for "-"
// (or no path when stdin is not a terminal), else the demo.
func load(o renderOptions, stdin io.Reader) (*session.Session, string, error) {
	path := o.path
	switch {
	case o.demo:
		return demo.Session(), "demo", nil
	case o.last:
		found := catalog.Find(catalog.DefaultRoots())
		if len(found) == 0 {
			return nil, "", fmt.Errorf("no sessions in %s", catalog.Describe(catalog.DefaultRoots()))
		}
		path = found[0].Path
	case path == "-" || (path == "" && !isTerminal(stdin)):
		s, err := source.ReadAll(stdin)
		if err != nil {
			return nil, "stdin", fmt.Errorf("reading stdin: %w", err)
		}
		return s, "stdin", nil
	case path == "":
		return demo.Session(), "demo", nil
	}
	s, err := source.Open(path)
	if err != nil {
		return nil, path, err
	}
	return s, path, nil
}

// isTerminal reports whether stdin or stdout is a terminal.
func isTerminal(stream any) bool {
	f, ok := stream.(*os.File)
	return ok && term.IsTerminal(f.Fd())
}

func terminalWidth(w io.Writer) int {
	if f, ok := w.(*os.File); ok {
		if cols, _, err := term.GetSize(f.Fd()); err == nil && cols > 0 {
			return cols
		}
	}
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	return 100
}

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
