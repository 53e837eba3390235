package cli

import (
	"fmt"
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
