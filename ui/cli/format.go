package cli

import (
	"fmt"

	"github.com/spf13/cobra"
)

// formatFlags say what a printing command (render, changes, stats, and
// deck when it prints) writes: --format, and --color, its older words for
// the terminal's formats.
type formatFlags struct {
	formatName string // auto, ansi, plain; html or markdown for render
	color      string // auto, always or never: the older words for auto, ansi and plain
}

func (f *formatFlags) add(cmd *cobra.Command, words []string) {
	addFormat(cmd, &f.formatName, words)
	addColor(cmd, &f.color)
}

// printFlags say how cards are printed: deck render's, which deck itself
// takes too for when stdout is not a terminal and it prints the cards.
type printFlags struct {
	formatFlags
	width    int // 0: the terminal's
	collapse bool
}

// printFlagNames are the flags printFlags declares.
var printFlagNames = []string{"width", "format", "color", "collapse"}

func (p *printFlags) add(cmd *cobra.Command) {
	addWidth(cmd, &p.width)
	p.formatFlags.add(cmd, pageFormats)
	cmd.Flags().BoolVar(&p.collapse, "collapse", false, "draw long cards collapsed, as the viewer does")
}

// settle turns what cmd's flags said into one format and its colour mode;
// a page follows its reader's colour scheme unless --theme said.
func (o *renderOptions) settle(cmd *cobra.Command) error {
	if err := o.formatFlags.settle(cmd); err != nil {
		return err
	}
	if o.formatName == "html" && !cmd.Flags().Changed("theme") {
		o.theme = ""
	}
	return nil
}

// settle turns --format and --color into one format and its colour mode.
func (f *formatFlags) settle(cmd *cobra.Command) error {
	format, err := f.format(cmd.Flags().Changed("color"))
	if err != nil {
		return err
	}
	f.formatName, f.color = format, colorMode(format)
	return nil
}

// format is what is written: --format, with --color its older alias
// (always is ansi, never is plain, auto is auto). Given both, they must
// agree.
func (o formatFlags) format(colorSet bool) (string, error) {
	alias := map[string]string{"auto": "auto", "always": "ansi", "never": "plain"}[o.color]
	switch {
	case !colorSet:
		return o.formatName, nil
	case o.formatName == "auto" || o.formatName == alias:
		return alias, nil
	case o.formatName == "html" || o.formatName == "markdown":
		return "", fmt.Errorf("--color is for terminal output: --format %s has its own colours (drop --color)", o.formatName)
	}
	return "", fmt.Errorf("--color %s and --format %s contradict each other: give one (--format is the one to use)", o.color, o.formatName)
}

// colorMode is the --color mode that the ansi, plain and auto formats
// mean to theme.Profile.
func colorMode(format string) string {
	switch format {
	case "ansi":
		return "always"
	case "plain":
		return "never"
	}
	return "auto"
}
