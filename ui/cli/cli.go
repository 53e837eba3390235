// Package cli is deck's command line: the viewer (deck [PATH|-]) and its
// commands (render, ls, attach, completion, man), on cobra, with deck's own
// help (help.go) and errors (report.go). It parses and checks; what it runs
// lives in ui, cards and session.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
)

// Main runs deck with args (without the program's name) and returns the
// exit code: 0 done, 1 input that could not be read (or a host that could
// not be reached), 2 a bad command line.
func Main(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRoot()
	root.SetArgs(append([]string{}, args...)) // never nil: cobra would read os.Args
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.InitDefaultCompletionCmd()
	root.InitDefaultHelpCmd()
	needShell(root)
	knownTopics(root)
	classify(root)
	root.Version = version()
	root.SetHelpFunc(help)
	root.SilenceUsage, root.SilenceErrors = true, true // reportError says it, once
	err := root.ExecuteContext(ctx)
	if err != nil {
		reportError(stderr, err)
	}
	return exitCode(err)
}

// classify makes every error of every command, cobra's own ones too
// (completion, help), a commandError: a bad argument is a usage error of
// its command, a failure while running an input error.
func classify(cmd *cobra.Command) {
	if args := cmd.Args; args != nil {
		cmd.Args = func(c *cobra.Command, a []string) error { return usageError(c, args(c, a)) }
	}
	if run := cmd.RunE; run != nil {
		cmd.RunE = func(c *cobra.Command, a []string) error { return inputError(c, run(c, a)) }
	}
	for _, sub := range cmd.Commands() {
		classify(sub)
	}
}

// needShell makes deck completion without a shell, or with one cobra does
// not know, a usage error; cobra would print the help and exit 0.
func needShell(root *cobra.Command) {
	for _, cmd := range root.Commands() {
		if cmd.Name() != "completion" || cmd.Runnable() {
			continue
		}
		cmd.RunE = func(c *cobra.Command, _ []string) error {
			var shells []string
			for _, sub := range c.Commands() {
				shells = append(shells, sub.Name())
			}
			return usageError(c, errors.New("name a shell: "+(&choice{allowed: shells}).want()))
		}
	}
}

// knownTopics makes `deck help TOPIC` a usage error when deck has no such
// command: cobra's help prints the whole usage and succeeds.
func knownTopics(root *cobra.Command) {
	help, _, err := root.Find([]string{"help"})
	if err != nil || help == root {
		return
	}
	show := help.Run
	help.Run = nil
	help.RunE = func(c *cobra.Command, args []string) error {
		if found, rest, err := root.Find(args); err != nil || found == root && len(rest) > 0 {
			why := "deck --help lists them"
			if guess := didYouMean(root, strings.Join(args, " ")); guess != "" {
				why = guess
			}
			return usageError(c, fmt.Errorf("no help on %q: it is no command of deck (%s)", strings.Join(args, " "), why))
		}
		show(c, args)
		return nil
	}
}
