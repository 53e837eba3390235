package cli

import (
	"strings"
	"testing"
)

// Every bad command line is exit 2, before anything is read, with one line
// that names the command and what is wrong (the flag, the argument), and
// where to read the usage.
func TestUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string // how stderr starts
	}{
		{[]string{"render", "--width", "0"}, `deck render: --width wants a number of columns from 1 to 1000, not "0"`},
		{[]string{"render", "--width", "abc"}, `deck render: --width wants a number of columns from 1 to 1000, not "abc"`},
		{[]string{"render", "--width", "1001"}, `deck render: --width wants a number of columns from 1 to 1000, not "1001"`},
		{[]string{"render", "--width", "99999999999"}, `deck render: --width wants a number of columns from 1 to 1000, not "99999999999"`},
		{[]string{"render", "--width", "99999999999999999999"}, `deck render: --width wants a number of columns from 1 to 1000, not "99999999999999999999"`},
		{[]string{"changes", "--width", "1001"}, `deck changes: --width wants a number of columns from 1 to 1000, not "1001"`},
		{[]string{"stats", "-w", "1001"}, `deck stats: --width wants a number of columns from 1 to 1000, not "1001"`},
		{[]string{"--demo", "--width", "1001"}, `deck: --width wants a number of columns from 1 to 1000, not "1001"`},
		{[]string{"render", "-w"}, "deck render: --width needs a value"},
		{[]string{"render", "--color", "sometimes"}, `deck render: --color wants auto, always or never, not "sometimes"`},
		{[]string{"render", "--color"}, "deck render: --color needs a value: auto, always or never"},
		{[]string{"render", "--theme", "pink"}, `deck render: --theme wants dark or light, not "pink"`},
		{[]string{"render", "--theme"}, "deck render: --theme needs a value: dark or light"},
		{[]string{"render", "--frob"}, "deck render: unknown flag: --frob"},
		{[]string{"render", "a", "b"}, `deck render: give one session to render, not 2: "a" "b"`},
		{[]string{"render", "-f", "x"}, "deck render: -f/--follow is the viewer's: render prints what the log holds now"},
		{[]string{"render", "--follow"}, "deck render: -f/--follow is the viewer's"},
		{[]string{"render", "--no-follow"}, "deck render: --no-follow is the viewer's: render never follows"},
		{[]string{"render", "--demo", "--last"}, "deck render: --demo and --last each name a session: give one"},
		{[]string{"render", "--demo", "x"}, `deck render: --demo and the PATH "x" each name a session`},
		{[]string{"render", "--last", "x"}, `deck render: --last and the PATH "x" each name a session`},
		{[]string{"--theme"}, "deck: --theme needs a value: dark or light"},
		{[]string{"--theme", "pink"}, `deck: --theme wants dark or light, not "pink"`},
		{[]string{"--demo", "--last"}, "deck: --demo and --last each name a session: give one"},
		{[]string{"--demo", "-"}, "deck: --demo and - (stdin) each name a session"},
		{[]string{"--last", "x"}, `deck: --last and the PATH "x" each name a session`},
		{[]string{"--follow", "--no-follow"}, "deck: --follow and --no-follow contradict each other"},
		{[]string{"-f", "x"}, "deck: -f/--follow needs a terminal"},
		{[]string{"--frob"}, "deck: unknown flag: --frob"},
		{[]string{"a", "b"}, `deck: give one session to open, not 2: "a" "b"`},
		{[]string{"ls", "extra"}, `deck ls: it takes no arguments (got "extra")`},
		{[]string{"ls", "--frob"}, "deck ls: unknown flag: --frob"},
		{[]string{"attach", "--frob"}, "deck attach: unknown flag: --frob"},
		{[]string{"attach", "--theme", "pink"}, `deck attach: --theme wants dark or light, not "pink"`},
		{[]string{"attach", "a", "b"}, `deck attach: give one host URL, not "a" "b"`},
		{[]string{"attach", "ftp://host"}, `deck attach: "ftp://host" is not an http:// or https:// URL`},
		{[]string{"completion"}, "deck completion: name a shell: bash, fish, powershell or zsh"},
		{[]string{"completion", "tcsh"}, `deck completion: unknown command "tcsh" for "deck completion"`},
		{[]string{"completion", "bash", "extra"}, "deck completion bash: "},
		{[]string{"man", "extra"}, `deck man: it takes no arguments (got "extra")`},
		{[]string{"changes", "--demo", "--last"}, "deck changes: --demo and --last each name a session: give one"},
		{[]string{"stats", "--demo", "x"}, `deck stats: --demo and the PATH "x" each name a session: give one`},
		{[]string{"changes", "--width", "0"}, `deck changes: --width wants a number of columns from 1 to 1000, not "0"`},
		{[]string{"stats", "--width", "x"}, `deck stats: --width wants a number of columns from 1 to 1000, not "x"`},
		{[]string{"stats", "--color", "sometimes"}, `deck stats: --color wants auto, always or never, not "sometimes"`},
		{[]string{"changes", "--theme", "blue"}, `deck changes: --theme wants dark or light, not "blue"`},
		{[]string{"changes", "--file"}, "deck changes: --file needs a value"},
		{[]string{"changes", "x", "--file="}, "deck changes: --file needs a file, not an empty value"},
		{[]string{"--config=", "--demo"}, "deck: --config needs a file, not an empty value"},
		{[]string{"render", "--config", ""}, "deck render: --config needs a file, not an empty value"},
		{[]string{"render", "--format", "pdf"}, `deck render: --format wants auto, ansi, plain, html or markdown, not "pdf"`},
		{[]string{"render", "--format", "html", "--color", "always"}, "deck render: --color is for terminal output: --format html has its own colours (drop --color)"},
		{[]string{"render", "--format", "plain", "--color", "always"}, "deck render: --color always and --format plain contradict each other: give one"},
		{[]string{"--demo", "--format", "markdown", "--color", "never"}, "deck: --color is for terminal output: --format markdown has its own colours"},
		{[]string{"render", "--collapse=maybe"}, `deck render: --collapse is on when given, or says true or false, not "maybe"`},
		{[]string{"stats", "--json=2"}, `deck stats: --json is on when given, or says true or false, not "2"`},
		{[]string{"attach", "--insecure=yes"}, `deck attach: --insecure is on when given, or says true or false, not "yes"`},
		{[]string{"attach", "--theme"}, "deck attach: --theme needs a value: dark or light"},
		{[]string{"-f", "--demo"}, "deck: -f/--follow and --no-follow are for a log file: the demo is built in and never grows"},
		{[]string{"--no-follow", "-"}, "deck: -f/--follow and --no-follow are for a log file: stdin is read as it comes, to its end"},
		{[]string{"help", "nothing"}, `deck help: no help on "nothing": it is no command of deck`},
		{[]string{"stats", "--format", "html"}, `deck stats: --format wants auto, ansi or plain, not "html"`},
		{[]string{"changes", "--format", "markdown"}, `deck changes: --format wants auto, ansi or plain, not "markdown"`},
		{[]string{"changes", "--format", "plain", "--color", "always"}, "deck changes: --color always and --format plain contradict each other"},
		{[]string{"stats", "--json", "--format", "plain"}, "deck stats: --json and --format each say what is written: give one"},
		{[]string{"rendr", "x"}, `deck: "rendr" is no command of deck and no file: did you mean deck render?`},
		{[]string{"rendr"}, `deck: "rendr" is no command of deck and no file: did you mean deck render?`},
		{[]string{"chnages", "--demo"}, `deck: "chnages" is no command of deck and no file: did you mean deck changes?`},
		{[]string{"stat"}, `deck: "stat" is no command of deck and no file: did you mean deck stats?`},
		{[]string{"help", "rendr"}, `deck help: no help on "rendr": it is no command of deck (did you mean deck render?)`},
	} {
		code, out, errOut := deck(t, "", c.args...)
		command := c.want[:strings.Index(c.want, ": ")]
		hint := "\nRun '" + command + " --help' for usage.\n"
		if code != exitUsage || !strings.HasPrefix(errOut, c.want) || !strings.HasSuffix(errOut, hint) || strings.Count(errOut, "\n") != 2 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q…%q", c.args, code, errOut, c.want, hint)
		}
		if out != "" || strings.ContainsRune(errOut, 0x1B) {
			t.Errorf("%v: stdout %q, stderr %q", c.args, out, errOut)
		}
	}
}
