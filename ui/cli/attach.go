package cli

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/deck-tui/deck/session/live"
	"github.com/deck-tui/deck/ui"
)

func newAttach() *cobra.Command {
	var th string
	cmd := &cobra.Command{
		Use:   "attach [URL]",
		Short: "Drive the sessions of a running harness host",
		Long: `Drive the sessions of a running harness host (dsh web): its sessions in a picker, a session's history and then its live events, a prompt box, approvals and questions.

URL defaults to $DSH_URL, else http://127.0.0.1:3080. A host that cannot be reached, or that refuses deck, is an error (exit 1) before the screen is taken.`,
		Example: `
# the host on this machine
deck attach
# another port
deck attach http://127.0.0.1:4000`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 {
				return usageError(cmd, errors.New("give one host URL, not "+quoteAll(args)))
			}
			return nil
		},
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			c, err := live.New(pathArg(args))
			if err != nil {
				return usageError(cmd, err)
			}
			if err := ui.Run(ui.Options{Host: c, Theme: th}); err != nil {
				return inputError(cmd, err)
			}
			return nil
		},
	}
	addTheme(cmd, &th, "", "dark or light (default: the terminal's background)")
	return cmd
}
