package cli

import (
	"errors"
	"math"

	"github.com/spf13/cobra"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/stats"
	"github.com/deck-tui/deck/theme"
)

// statsOptions say what deck stats prints.
type statsOptions struct {
	formatFlags
	json   bool
	width  int
	source sourceFlags
}

func newStats() *cobra.Command {
	var o statsOptions
	cmd := &cobra.Command{
		Use:   "stats [PATH|-]",
		Short: "Print a session's figures: turns, calls, errors, times, tokens",
		Long: `Print a session's figures and each turn's: turns, steps, tool calls by tool, errors, wall, model and tool time, time to first token, tokens per second, cache hit rate, input, output and reasoning tokens.

A figure the log does not hold is "not recorded" (null in JSON), never 0; docs/export.md says which format holds which. --json prints one JSON object for the session, for scripts; its schema is in docs/export.md.`,
		Example: `
# the figures, for a person
deck stats session.jsonl.zstd
# for a script: the output tokens of the newest session
deck stats --last --json | jq .outputTokens`,
		Args:              atMostOnePath("count"),
		ValidArgsFunction: completePath,
		RunE: func(cmd *cobra.Command, args []string) error {
			path := pathArg(args)
			if err := o.source.check(path); err != nil {
				return usageError(cmd, err)
			}
			if o.json && cmd.Flags().Changed("format") {
				return usageError(cmd, errors.New("--json and --format each say what is written: give one"))
			}
			if err := o.settle(cmd); err != nil {
				return usageError(cmd, err)
			}
			return printStats(cmd, o, path)
		},
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "one JSON object, for scripts")
	addWidth(cmd, &o.width)
	o.formatFlags.add(cmd, terminalFormats)
	o.source.add(cmd.Flags())
	cmd.SetFlagErrorFunc(flagError)
	return cmd
}

func printStats(cmd *cobra.Command, o statsOptions, path string) error {
	defer collectLess(logBudget(path))() // as render: the whole log is read, then printed
	p, err := newPrinting(cmd, "dark", o.color, o.width)
	if err != nil {
		return err
	}
	// a harness log's turns are counted as it is read and let go of, as
	// render draws them (readTaking): a million events are never held
	var counted *stats.Counter
	count := func(s *session.Session, entries []session.Entry) {
		if counted == nil {
			counted = stats.NewCounter(s.Format, math.MaxInt)
		}
		for _, e := range entries {
			counted.Add(e)
		}
	}
	open := func(path string) (*session.Session, error) {
		s, took, err := readTaking(path, count, func(s *session.Session) bool { return !s.Conflicted() })
		if !took {
			counted = nil
		}
		return s, err
	}
	if err := p.read(cmd, o.source, path, o.json, open); err != nil {
		return err
	}
	var st stats.Stats
	if counted != nil {
		st = counted.Rest(p.s)
	} else {
		st = stats.Of(p.s)
	}
	if o.json {
		err = writeJSON(p.out, st)
	} else {
		err = writeRows(p.out, cards.StatsCard(st, cards.Options{Width: p.width, Theme: p.cardTheme()}), theme.NewEncoder(p.profile))
	}
	return p.finish(cmd, err)
}
