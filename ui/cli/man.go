package cli

import (
	"fmt"
	"regexp"
	"strings"

	mango "github.com/muesli/mango-cobra"
	"github.com/muesli/roff"
	"github.com/spf13/cobra"

	"github.com/deck-tui/deck/ui/viewer"
)

// newMan prints deck's man page, made by mango from the commands and
// flags, on the command's stdout so that it can be tested and redirected
// like any other output.
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
			withEveryFlag(cmd.Root())
			page, err := mango.NewManPage(1, cmd.Root())
			if err != nil {
				return inputError(cmd, err)
			}
			doc := roff.NewDocument()
			page.Build(doc)
			keysSection(doc)
			if _, err := fmt.Fprint(cmd.OutOrStdout(), shortFlags(doc.String())); err != nil {
				return inputError(cmd, fmt.Errorf("writing: %w", err))
			}
			return nil
		},
	}
}

// withEveryFlag declares the flags cobra adds only to the command it runs
// (-h/--help, and -v/--version on deck), so the page lists them all.
func withEveryFlag(cmd *cobra.Command) {
	cmd.InitDefaultHelpFlag()
	if cmd.Version != "" {
		cmd.InitDefaultVersionFlag()
	}
	for _, sub := range cmd.Commands() {
		withEveryFlag(sub)
	}
}

// mango writes a flag's short name with the long one's dashes ("--f
// --follow"); shortFlags writes it as the page's readers type it
// ("-f, --follow").
var mangoShort = regexp.MustCompile(`\\fB--([A-Za-z0-9]) --`)

func shortFlags(page string) string { return mangoShort.ReplaceAllString(page, `\fB-$1, --`) }

// keysSection writes the viewer's keys, each action as the keymap binds it
// by default (so the page lists every key the viewer answers), and how a
// count before a key works.
func keysSection(doc *roff.Document) {
	doc.Section("Keys")
	doc.Text("The viewer's keys, named as the [keys] table of the config file ($XDG_CONFIG_HOME/deck/config.toml) names them when it binds them anew. " +
		"A count, digits typed before a key, repeats it as in less: 3j is three lines down, 2] the second tool call on; " +
		"before g or G it names a card (10G is card 10), before t a turn (12t is turn 12).")
	doc.Paragraph()
	doc.Text("In the picker (deck with no PATH), typing filters the titles, up and down choose, enter opens, esc clears the filter or quits; " +
		"ctrl+s searches inside every session as one types (the index, see deck index), the hits grouped by session: enter opens a hit's session at its card with the viewer's search set to the query, so n goes on from there, and esc goes back to the hits, then to the titles.")
	for _, k := range viewer.Keys() {
		doc.TaggedParagraph(-1)
		doc.TextBold(strings.Join(k.Keys, ", "))
		doc.EndSection()
		doc.Text(k.Desc)
	}
}
