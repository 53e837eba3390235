package cli

import (
	"fmt"
	"io"
	"os"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/deck-tui/deck/cards"
)

// helpWidth is the widest help is laid out: prose wider than that is hard
// to read, on however wide a terminal.
const helpWidth = 120

// help writes a command's help (--help, deck help COMMAND) to its stdout:
// what it does, its usage, examples, commands and flags, laid out for the
// width of the terminal stdout is (else $COLUMNS, else 100; at most
// helpWidth), each row only as long as its text. Colour goes only to a
// terminal that takes it (NO_COLOR honoured); a pipe gets plain text.
func help(cmd *cobra.Command, _ []string) {
	out := colorprofile.NewWriter(cmd.OutOrStdout(), os.Environ())
	h := helpText{w: out, width: min(terminalWidth(cmd.OutOrStdout()), helpWidth)}
	h.prose(cmd.Long, cmd.Short)
	h.title("usage")
	h.rows("    ", "    ", usageLine(cmd), helpCode)
	if cmd.Example != "" {
		h.title("examples")
		for _, l := range strings.Split(strings.Trim(cmd.Example, "\n"), "\n") {
			st := helpCode
			if strings.HasPrefix(strings.TrimSpace(l), "#") {
				st = helpComment
			}
			h.rows("    ", "      ", strings.TrimSpace(l), st)
		}
	}
	var cmds, flags [][2]string
	for _, sub := range cmd.Commands() {
		if !sub.Hidden && sub.Deprecated == "" {
			cmds = append(cmds, [2]string{strings.TrimSpace(sub.Name() + " " + usageArgs(sub)), sub.Short})
		}
	}
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if !f.Hidden {
			flags = append(flags, [2]string{flagName(f), flagUsage(f)})
		}
	})
	key := 0
	for _, item := range append(cmds, flags...) {
		key = max(key, lipgloss.Width(item[0]))
	}
	if len(cmds) > 0 {
		h.title("commands")
		h.table(cmds, key)
	}
	if len(flags) > 0 {
		h.title("flags")
		h.table(flags, key)
	}
	fmt.Fprintln(h.w)
}

// The help's styles: basic colours, so that the terminal's own palette
// picks them on a dark or a light background.
var (
	helpTitle   = lipgloss.NewStyle().Bold(true)
	helpCode    = lipgloss.NewStyle().Foreground(lipgloss.Blue)
	helpComment = lipgloss.NewStyle().Faint(true)
	helpPlain   = lipgloss.NewStyle()
)

// helpText writes help rows of at most width cells.
type helpText struct {
	w     io.Writer
	width int
}

// prose writes a command's description, paragraph by paragraph, indented
// by two.
func (h helpText) prose(long, short string) {
	text := long
	if text == "" {
		text = short
	}
	for _, para := range strings.Split(strings.TrimSpace(text), "\n\n") {
		fmt.Fprintln(h.w)
		for _, l := range strings.Split(para, "\n") {
			h.rows("  ", "  ", l, helpPlain)
		}
	}
}

func (h helpText) title(name string) {
	fmt.Fprintf(h.w, "\n  %s\n\n", helpTitle.Render(strings.ToUpper(name)))
}

// rows writes text word-wrapped to the width, its first row after first
// and the others after hang, in style st.
func (h helpText) rows(first, hang, text string, st lipgloss.Style) {
	lead := first
	for _, r := range cards.SafeRows(text, max(h.width-max(lipgloss.Width(first), lipgloss.Width(hang)), 10)) {
		fmt.Fprintln(h.w, lead+st.Render(r))
		lead = hang
	}
}

// table writes items as two columns, the first key cells wide; where the
// width leaves the second too narrow, each item's text goes under its key.
func (h helpText) table(items [][2]string, key int) {
	const indent, gap, narrowest = 4, 2, 24
	beside := h.width-indent-key-gap >= narrowest
	for _, item := range items {
		name := strings.Repeat(" ", indent) + helpCode.Render(item[0])
		if !beside {
			fmt.Fprintln(h.w, name)
			h.rows(strings.Repeat(" ", indent+gap), strings.Repeat(" ", indent+gap), item[1], helpPlain)
			continue
		}
		h.rows(name+strings.Repeat(" ", key-lipgloss.Width(item[0])+gap), strings.Repeat(" ", indent+key+gap), item[1], helpPlain)
	}
}

// usageLine is how the command is called: deck render [PATH|-] [--flags].
func usageLine(cmd *cobra.Command) string {
	line := cmd.CommandPath()
	if cmd.HasAvailableSubCommands() {
		line += " [command]"
	}
	if args := usageArgs(cmd); args != "" {
		line += " " + args
	}
	if cmd.HasAvailableFlags() {
		line += " [--flags]"
	}
	return line
}

// usageArgs is what a command's Use says it takes after its name.
func usageArgs(cmd *cobra.Command) string {
	_, args, _ := strings.Cut(cmd.Use, " ")
	return strings.TrimSpace(args)
}

// flagName is a flag as it is typed: -f, --follow.
func flagName(f *pflag.Flag) string {
	if f.Shorthand != "" {
		return "-" + f.Shorthand + ", --" + f.Name
	}
	return "--" + f.Name
}

// flagUsage is what a flag does, and its default where it has one worth
// saying.
func flagUsage(f *pflag.Flag) string {
	switch f.DefValue {
	case "", "false", "0", "[]":
		return f.Usage
	}
	return f.Usage + " (" + f.DefValue + ")"
}
