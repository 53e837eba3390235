package cli

import (
	"fmt"

	mango "github.com/muesli/mango-cobra"
	"github.com/muesli/roff"
	"github.com/spf13/cobra"
)

// newMan prints deck's man page. It is fang's man command, writing to the
// command's stdout (fang's writes to the process's) so that it can be
// tested and redirected like any other output.
func newMan() *cobra.Command {
	return &cobra.Command{
		Use:   "man",
		Short: "Print deck's man page (roff)",
		Long:  `Print deck's man page, in roff, for man(1).`,
		Example: `
# read it
deck man | man -l -
# install it
deck man > ~/.local/share/man/man1/deck.1`,
		Args:                  noArgs,
		DisableFlagsInUseLine: true,
		ValidArgsFunction:     cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			page, err := mango.NewManPage(1, cmd.Root())
			if err != nil {
				return inputError(cmd, err)
			}
			if _, err := fmt.Fprint(cmd.OutOrStdout(), page.Build(roff.NewDocument())); err != nil {
				return inputError(cmd, fmt.Errorf("writing: %w", err))
			}
			return nil
		},
	}
}
