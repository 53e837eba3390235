package cli

import (
	"os"

	"github.com/charmbracelet/colorprofile"
	"github.com/spf13/cobra"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/ui/termimage"
)

// pictures is how deck render draws the pictures of a gallery (read_image)
// on stdout: as the terminal says it draws them, asked when stdin and
// stdout are both a terminal and the cards have colour (plain prints no
// escape at all); into a pipe or a file nothing is asked and none drawn.
func pictures(cmd *cobra.Command, profile colorprofile.Profile) cards.Pictures {
	in, inFile := cmd.InOrStdin().(*os.File)
	out, outFile := cmd.OutOrStdout().(*os.File)
	if !inFile || !outFile || profile <= colorprofile.NoTTY || !isTerminal(in) || !isTerminal(out) {
		return nil
	}
	if p := termimage.ForPrinting(termimage.Ask(in, out, termimage.AskWait)); p != nil {
		return p
	}
	return nil
}
