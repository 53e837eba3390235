package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
)

// atMostOnePath takes one session at most: a second would be dropped.
func atMostOnePath(verb string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) > 1 {
			return usageError(cmd, fmt.Errorf("give one session to %s, not %d: %s", verb, len(args), quoteAll(args)))
		}
		return nil
	}
}

// openArgs are deck's own: one session at most, and a first word that
// names no file but a command mistyped (deck rendr x) is that mistake, not
// a missing file or a second session.
func openArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		if _, err := os.Lstat(args[0]); errors.Is(err, fs.ErrNotExist) {
			if guess := didYouMean(cmd, args[0]); guess != "" {
				return usageError(cmd, fmt.Errorf("%q is no command of deck and no file: %s", args[0], guess))
			}
		}
	}
	return atMostOnePath("open")(cmd, args)
}

// didYouMean names the commands of root a word could be a typo of, as
// cobra finds them (by edit distance, or as the start of a name): "did you
// mean deck render?"; "" when there are none, or the word is no command's
// shape (a path, a word under 3 letters, which is near every short name).
func didYouMean(root *cobra.Command, word string) string {
	if len(word) < 3 || strings.Trim(word, "abcdefghijklmnopqrstuvwxyz") != "" {
		return ""
	}
	guesses := root.SuggestionsFor(word)
	if len(guesses) == 0 {
		return ""
	}
	return "did you mean " + root.Name() + " " + strings.Join(guesses, " or "+root.Name()+" ") + "?"
}

// noArgs is for commands that take none.
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usageError(cmd, fmt.Errorf("it takes no arguments (got %s)", quoteAll(args)))
	}
	return nil
}

func pathArg(args []string) string {
	if len(args) == 0 {
		return ""
	}
	return args[0]
}

func quoteAll(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = strconv.Quote(a)
	}
	return strings.Join(q, " ")
}

// completePath completes a session's PATH: files and folders, once.
func completePath(_ *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return nil, cobra.ShellCompDirectiveDefault
}
