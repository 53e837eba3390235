package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/deck-tui/deck/ui"
)

// viewOptions are the viewer's flags.
type viewOptions struct {
	print  printFlags // for printing the cards when stdout is not a terminal
	follow followFlags
	source sourceFlags
	theme  string // "" follows the terminal's background
	config string // --config
	index  *indexFlags
}

// newRoot is deck itself: the viewer, and the commands under it.
func newRoot() *cobra.Command {
	var o viewOptions
	cmd := &cobra.Command{
		Use:   "deck [PATH|-]",
		Short: "Coding-agent sessions as cards",
		Long: `deck shows coding-agent sessions in the terminal: each tool call as a card a person reads at a glance.

With no PATH, deck opens a picker of the sessions on disk (the demo if there are none): the harness's ($DSH_HOME/sessions, default ~/.dsh/sessions), Claude Code's ($CLAUDE_CONFIG_DIR/projects, default ~/.claude/projects), Codex's ($CODEX_HOME/sessions, default ~/.codex/sessions), Gemini CLI's ($GEMINI_CLI_HOME/.gemini/tmp, default ~/.gemini/tmp), opencode's (the store $OPENCODE_DB, default $XDG_DATA_HOME/opencode/opencode.db, ~/.local/share/opencode/opencode.db), Grok Build's ($GROK_HOME/sessions, default ~/.grok/sessions), Crush's (each project's store, .crush/crush.db, of the projects $CRUSH_GLOBAL_DATA/projects.json names, default $XDG_DATA_HOME/crush, ~/.local/share/crush), pi's ($PI_CODING_AGENT_DIR/sessions, default ~/.pi/agent/sessions), Copilot CLI's ($COPILOT_HOME/session-state, default ~/.copilot/session-state) and Cursor CLI's (~/.cursor/projects). Typing in it filters the titles; ctrl+s searches inside every session instead (the index, see deck index; --no-index reads the logs). PATH may be an agent's store itself (its newest session) or one of its sessions, opencode.db#ses_… or crush.db#<id>.

PATH is a session log (the harness's session.jsonl or session.vN.jsonl, plain or .zstd, an ACP transcript, a Claude Code session or a Codex rollout, told apart by content), or a harness session folder, whose newest generation is read; - reads a log from stdin, and the keys then come from the terminal.

Grok Build's chat history (chat_history.jsonl) is read by content too, and its session folder opens as that file.

Aider keeps its chat history in each project (.aider.chat.history.md at the repository's root, or $AIDER_CHAT_HISTORY_FILE): the picker lists the one of the repository deck runs in; any other opens by its path.

When stdout is not a terminal, deck prints the cards instead, as deck render does (the demo when there is no PATH), and takes render's --width, --format, --color and --collapse; in a terminal those are errors, since the viewer fits the terminal. -f and --no-follow are for a log file (a session opened from the picker too), not for the demo or stdin.

Exit status: 0 when the session was shown or printed (notices, if any, are counted on stderr); 1 when the input could not be read, is no session log, or the harness host of deck attach cannot be reached or refuses deck; 2 for a bad command line.`,
		Example: `
# pick a session: the harness's, Claude Code's, Codex's
deck
# open one full-screen
deck ~/.dsh/sessions/--home-me-app--/<id>/
# follow a session the harness is still recording
deck -f session.jsonl.zstd
# the newest session
deck --last
# the built-in demo
deck --demo`,
		Args:              openArgs,
		ValidArgsFunction: completePath,
		RunE: func(cmd *cobra.Command, args []string) error {
			return view(cmd, o, pathArg(args))
		},
	}
	o.print.add(cmd)
	for _, name := range printFlagNames {
		f := cmd.Flags().Lookup(name)
		f.Usage = "when printing, as deck render: " + f.Usage
	}
	o.follow.add(cmd.Flags())
	o.source.add(cmd.Flags())
	addTheme(cmd, &o.theme, "", "dark or light (default: the config file's, else the terminal's background)")
	addConfig(cmd, &o.config)
	var ix indexFlags
	ix.add(cmd.PersistentFlags())
	o.index = &ix
	cmd.SetFlagErrorFunc(flagError)
	cmd.SuggestionsMinimumDistance = 2 // cobra's default, which it sets only where it suggests itself: never for deck, which takes a PATH
	cmd.AddCommand(newRender(), newChanges(), newStats(), newList(&ix), newSearch(&ix), newIndex(&ix), newAttach(), newMan())
	return cmd
}

// view opens the session full-screen, or the picker; when stdout is not a
// terminal there is no screen to take over, and it prints the cards.
func view(cmd *cobra.Command, o viewOptions, path string) error {
	if err := o.source.check(path); err != nil {
		return usageError(cmd, err)
	}
	follow, err := o.follow.choice()
	if err == nil {
		err = o.follow.fits(o.source, path)
	}
	if err != nil {
		return usageError(cmd, err)
	}
	if !isTerminal(cmd.OutOrStdout()) {
		if follow != nil && *follow {
			return usageError(cmd, errors.New("-f/--follow needs a terminal to follow the log in, and stdout is not one; without it deck prints what the log holds now"))
		}
		src := o.source
		if path == "" && !src.last {
			src.demo = true // no PATH is the picker, which a pipe cannot show
		}
		ro := renderOptions{printFlags: o.print, theme: o.theme, config: o.config, source: src}
		if err := ro.settle(cmd); err != nil {
			return usageError(cmd, err)
		}
		return printCards(cmd, ro, path)
	}
	for _, name := range printFlagNames {
		if cmd.Flags().Changed(name) {
			return usageError(cmd, fmt.Errorf("--%s is for printing the cards, and stdout is a terminal: the viewer fits the terminal (deck render prints them)", name))
		}
	}
	cfg, err := loadConfig(cmd, o.config)
	if err != nil {
		return err
	}
	vo := ui.Options{Follow: follow, Theme: themeOf(cmd, o.theme, cfg, ""), Demo: o.source.demo, Last: o.source.last, Config: cfg}
	vo.Output = cmd.OutOrStdout()
	if in := cmd.InOrStdin(); isTerminal(in) && path != "-" {
		vo.Input = in // else the keys come from the terminal, /dev/tty
	}
	switch path {
	case "":
		if !o.source.demo && !o.source.last { // the picker: its content search reads the index
			ix, why := pickerIndex(*o.index)
			if ix != nil {
				defer ix.Close()
			}
			vo.Index, vo.NoIndex = ix, why
		}
	case "-":
		vo.Stdin = cmd.InOrStdin()
	default:
		vo.Path = path
	}
	if err := ui.Run(vo); err != nil {
		return inputError(cmd, readError(err))
	}
	return nil
}
