package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/deck-tui/deck/session/live"
	"github.com/deck-tui/deck/ui"
)

func newAttach() *cobra.Command {
	var th string
	var insecure bool
	cmd := &cobra.Command{
		Use:   "attach [URL]",
		Short: "Drive the sessions of a running harness host",
		Long: `Drive the sessions of a running harness host (dsh web): its sessions in a picker, a session's history and then its live events, a prompt box, approvals and questions.

URL defaults to $DSH_URL, else http://127.0.0.1:3080. deck speaks the protocol of the host it finds (rc.8's or 0.2's); a 0.2 host wants the URL it printed, with its ?token=, which deck exchanges for the host's cookie and shows nowhere. Plain http:// to a host that is not this machine is refused unless --insecure is given (prompts and answers would cross the network unencrypted); a user name, password or any other query in the URL is refused, as deck would drop it. A redirect to another host is never followed. A host that cannot be reached, or that refuses deck, is an error (exit 1) before the screen is taken.`,
		Example: `
# the host on this machine
deck attach
# another port
deck attach http://127.0.0.1:4000
# a 0.2 host, by the URL it printed
deck attach 'http://127.0.0.1:3080/?token=…'`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 {
				return usageError(cmd, errors.New("give one host URL, not "+quoteAll(args)))
			}
			return nil
		},
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			c, err := live.New(pathArg(args), live.Options{Insecure: insecure})
			if err != nil {
				return usageError(cmd, err)
			}
			if c.Unencrypted() {
				fmt.Fprintf(cmd.ErrOrStderr(), "%s: warning: %s is plain http:// to another machine: "+
					"prompts and answers cross the network unencrypted\n", cmd.CommandPath(), c.URL())
			}
			if err := ui.Run(ui.Options{Host: c, Theme: th}); err != nil {
				return inputError(cmd, err)
			}
			return nil
		},
	}
	addInsecure(cmd, &insecure)
	addTheme(cmd, &th, "", "dark or light (default: the terminal's background)")
	return cmd
}
