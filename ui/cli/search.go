package cli

import (
	"errors"
	"fmt"
	"github.com/deck-tui/deck/session/cardtext"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/go-json-experiment/json"
	"github.com/spf13/cobra"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/index"
	"github.com/deck-tui/deck/session/match"
	"github.com/deck-tui/deck/theme"
)

// searchOptions are deck search's flags.
type searchOptions struct {
	index        *indexFlags
	agent        string
	cwd          string
	since, until time.Time
	kinds        []cardtext.Kind
	limit        int
	json         bool
}

// agentWords are --agent's words, for the agents' names.
var agentWords = map[string]string{"harness": catalog.AgentHarness, "claude": catalog.AgentClaude, "codex": catalog.AgentCodex, "gemini": catalog.AgentGemini, "opencode": catalog.AgentOpenCode, "grok": catalog.AgentGrok, "aider": catalog.AgentAider, "crush": catalog.AgentCrush, "pi": catalog.AgentPi, "copilot": catalog.AgentCopilot, "cursor": catalog.AgentCursor}

func newSearch(ix *indexFlags) *cobra.Command {
	o := searchOptions{index: ix}
	cmd := &cobra.Command{
		Use:   "search QUERY",
		Short: "Search inside every session on disk",
		Long: `Search the text of every card of every session on disk: prompts, replies, reasoning, tool calls and their arguments, command lines and output, paths, files read and changed, web and search results, notices. Hits come newest session first, and in each session in the order of its cards.

QUERY is found as the viewer's / finds it: smart case (no capital letter ignores case, a capital matches case), and a QUERY that starts with \ is a regular expression (RE2). Any text is found, not only words: a part of an identifier or a path too.

The sessions' text is kept in the index ($XDG_CACHE_HOME/deck, see deck index), brought up to the logs on disk first (a progress bar on stderr in a terminal when logs must be read). --no-index reads every log instead, which takes as long as reading them all.

In a terminal each session with hits is a line (title · agent · when its log last changed), then a line per hit: its turn, the kind of card text, where a subagent's work holds it (↳ the subagent · nested k of n) and a snippet, the match highlighted. Otherwise each hit is a line of tab-separated fields, for scripts: path, agent, turn (0 before the first), entry (the card's place in the session), kind, snippet, nested (0, or the place of the subagent's entry that holds the match, as the viewer's "nested k of n"), subagent (its name, or nothing). --json writes one JSON object per hit (JSON Lines), with "subagent" {name, nested, of} for a hit in a subagent's work.

Exit status, as grep's: 0 with hits, 1 with none (and nothing printed), 2 on an error.`,
		Example: `
# where did I set up the database?
deck search "CREATE TABLE"
# only my own prompts in Claude Code, this month
deck search --agent claude --kind prompt --since 30d migration
# a regular expression, in this project's sessions
deck search --cwd . '\fix(es|ed) #\d+'
# for a script: the files of the sessions that ran a command
deck search --kind call 'go test -race' | cut -f1 | sort -u`,
		Args:              exactlyOneQuery,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			return search(cmd, o, args[0])
		},
	}
	fs := cmd.Flags()
	fs.Var(newChoice(&o.agent, "", "harness", "claude", "codex", "gemini", "opencode", "grok", "aider", "crush", "pi", "copilot", "cursor"), "agent", "only one agent's sessions: harness, claude, codex, gemini, opencode, grok, aider, crush, pi, copilot or cursor")
	completeWords(cmd, "agent", []string{"harness", "claude", "codex", "gemini", "opencode", "grok", "aider", "crush", "pi", "copilot", "cursor"})
	fs.Var(pathValue{&o.cwd}, "cwd", "only the sessions run in this folder or one below it (a project)")
	fs.Var(timeValue{&o.since, false}, "since", "only the sessions active since: 2026-01-02, 2026-01-02T15:04, RFC 3339, or a span back from now: 90m, 12h, 3d, 2w")
	fs.Var(timeValue{&o.until, true}, "until", "only the sessions begun by then, as --since (a day alone means its end)")
	fs.Var(&kindsValue{&o.kinds}, "kind", "only these kinds of card text, repeated or comma-separated: "+strings.Join(cardtext.KindNames(), ", "))
	completeWords(cmd, "kind", cardtext.KindNames())
	fs.IntVar(&o.limit, "limit", 100, "at most this many hits; 0 for all")
	fs.BoolVar(&o.json, "json", false, "one JSON object per hit (JSON Lines), for scripts")
	cmd.SetFlagErrorFunc(flagError)
	return cmd
}

func exactlyOneQuery(_ *cobra.Command, args []string) error {
	switch {
	case len(args) == 0:
		return errors.New("say what to search for: deck search QUERY")
	case len(args) > 1:
		return fmt.Errorf("takes one QUERY, not %d (quote a query with spaces)", len(args))
	}
	return nil
}

func search(cmd *cobra.Command, o searchOptions, text string) error {
	if o.limit < 0 {
		return usageError(cmd, fmt.Errorf("--limit wants 0 (all) or more hits, not %d", o.limit))
	}
	if _, err := match.New(text); err != nil {
		return usageError(cmd, err)
	}
	if strings.TrimSpace(strings.TrimPrefix(text, `\`)) == "" {
		return usageError(cmd, errors.New("say what to search for: the QUERY is empty"))
	}
	q := index.Query{Text: text, Agent: agentWords[o.agent], Since: o.since, Until: o.until, Kinds: o.kinds, Limit: o.limit}
	if o.cwd != "" {
		abs, err := filepath.Abs(o.cwd)
		if err != nil {
			return usageError(cmd, fmt.Errorf("--cwd %s: %w", o.cwd, err))
		}
		q.Cwd = abs
	}
	out := newHitWriter(cmd.OutOrStdout(), o.json)
	roots := catalog.DefaultRoots()
	ctx := commandContext(cmd)
	var err error
	if ix := openIndex(cmd, *o.index); ix != nil {
		defer ix.Close()
		if _, uerr := updateIndex(cmd, ix, roots); uerr != nil {
			withoutIndex(cmd, uerr)
		} else {
			err = ix.Search(ctx, q, out.hit)
			return out.end(cmd, err)
		}
	}
	err = index.SearchFiles(ctx, roots, q, out.hit)
	return out.end(cmd, err)
}

// hitWriter prints hits as they come: for a person (grouped under their
// session), a script (tab-separated) or JSON Lines.
type hitWriter struct {
	w      io.Writer
	json   bool
	th     *theme.Theme // nil for a script
	width  int
	encode func(string) string
	last   string // the path of the session whose line was written last
	n      int
	err    error
}

func newHitWriter(w io.Writer, asJSON bool) *hitWriter {
	h := &hitWriter{w: w, json: asJSON, encode: func(s string) string { return s }}
	if !asJSON && isTerminal(w) {
		h.th, h.width = theme.Dark(), terminalWidth(w)
		profile, _ := theme.Profile("auto", w, os.Environ())
		h.encode = func(s string) string { return theme.Encode(s, profile) }
	}
	return h
}

// hit writes one hit; false stops the search once writing failed.
func (h *hitWriter) hit(x index.Hit) bool {
	var line string
	switch {
	case h.json:
		line = jsonHit(x)
	case h.th == nil:
		line = strings.Join([]string{tsvField(x.Session.Path), tsvField(x.Session.Agent), strconv.Itoa(x.Turn),
			strconv.Itoa(x.Entry), x.Kind.String(), tsvField(x.Snippet), strconv.Itoa(x.Nested), tsvField(x.Subagent)}, "\t") + "\n"
	default:
		line = h.forPerson(x)
	}
	h.n++
	_, h.err = io.WriteString(h.w, line)
	return h.err == nil
}

// forPerson is a hit in a terminal: its session's line when it is the
// first of its session, then its own, the match highlighted, its snippet
// cut to the terminal on words' edges (index.Fit).
func (h *hitWriter) forPerson(x index.Hit) string {
	var b strings.Builder
	s := x.Session
	if s.Path != h.last {
		h.last = s.Path
		if h.n > 0 {
			b.WriteString("\n")
		}
		title := cards.Safe(s.Title)
		if title == "" {
			title = "untitled session"
		}
		facts := " · " + cards.Safe(s.Agent) + " · " + s.Mod.Local().Format("2006-01-02 15:04")
		row := h.th.Title.Render(cards.Truncate(title, max(h.width-len(facts), 8), "…")) + h.th.Muted.Render(facts)
		b.WriteString(h.encode(row) + "\n")
	}
	where := "start"
	if x.Turn > 0 {
		where = "turn " + strconv.Itoa(x.Turn)
	}
	label := "  " + where + " · " + x.Kind.String()
	if x.Nested > 0 {
		label += " · " + cards.NestedHit(x.Subagent, x.Nested, x.NestedOf, max(h.width/3, 12))
	}
	label += "  "
	before, hit, after := index.Fit(cards.Safe(x.Snippet[:x.Match[0]]), cards.Safe(x.Snippet[x.Match[0]:x.Match[1]]), cards.Safe(x.Snippet[x.Match[1]:]),
		max(h.width-cards.Width(label), 8), cards.Width)
	row := h.th.Muted.Render(label) + before + h.th.Match.Render(hit) + after
	b.WriteString(h.encode(cards.Truncate(row, max(h.width, 20), "…")) + "\n")
	return b.String()
}

// jsonHit is one line of JSON: every string from a log, with the
// characters the sanitiser would mark written as escapes (writeJSON).
func jsonHit(x index.Hit) string {
	type hitJSON struct {
		Path    string `json:"path"`
		Agent   string `json:"agent"`
		Session string `json:"session"` // the agent's id for it
		Title   string `json:"title"`
		Turn    int    `json:"turn"`
		Entry   int    `json:"entry"`
		Seq     int64  `json:"seq"`
		Kind    string `json:"kind"`
		Snippet string `json:"snippet"`
		Match   string `json:"match"` // the matched text, in the snippet
		// Subagent is there when the match is in a subagent's work nested
		// in the card: whose, and which nested entry (k of n) holds it
		Subagent *subagentJSON `json:"subagent,omitzero"`
	}
	var sub *subagentJSON
	if x.Nested > 0 {
		sub = &subagentJSON{x.Subagent, x.Nested, x.NestedOf}
	}
	b, err := json.Marshal(hitJSON{x.Session.Path, x.Session.Agent, x.Session.SessionID, x.Session.Title, x.Turn, x.Entry, x.Seq,
		x.Kind.String(), x.Snippet, x.Snippet[x.Match[0]:x.Match[1]], sub}, json.Deterministic(true))
	if err != nil {
		return "" // strings and numbers always marshal
	}
	return string(escapeHidden(b)) + "\n"
}

// subagentJSON is a hit's place in a subagent's work.
type subagentJSON struct {
	Name   string `json:"name"`   // as its call's card heads it
	Nested int    `json:"nested"` // the nested entry that holds the match, from 1, depth first
	Of     int    `json:"of"`     // how many entries the card nests
}

// end is the search's outcome: exit 0 with hits, 1 with none, 2 when it
// failed.
func (h *hitWriter) end(cmd *cobra.Command, err error) error {
	if err == nil {
		err = h.err
	}
	switch {
	case err != nil:
		return searchFailed(cmd, readError(err))
	case h.n == 0:
		return noHits(cmd)
	}
	return nil
}

// timeValue is --since or --until: a date, a time, or a span back from
// now. A day alone is its start for --since and its end for --until.
type timeValue struct {
	t   *time.Time
	end bool
}

func (v timeValue) String() string {
	if v.t.IsZero() {
		return ""
	}
	return v.t.Format(time.RFC3339)
}

func (v timeValue) Type() string { return "WHEN" }

func (v timeValue) Set(s string) error {
	if n, unit, ok := spanOf(s); ok {
		*v.t = time.Now().Add(-time.Duration(n) * unit)
		return nil
	}
	if day, err := time.ParseInLocation("2006-01-02", s, time.Local); err == nil {
		if v.end {
			day = day.AddDate(0, 0, 1).Add(-time.Nanosecond)
		}
		*v.t = day
		return nil
	}
	for _, layout := range []string{time.RFC3339, "2006-01-02T15:04", "2006-01-02 15:04", "2006-01-02T15:04:05"} {
		if t, err := time.ParseInLocation(layout, s, time.Local); err == nil {
			*v.t = t
			return nil
		}
	}
	return fmt.Errorf("wants a date (2026-01-02), a time (2026-01-02T15:04, RFC 3339) or a span back from now (90m, 12h, 3d, 2w), not %q", s)
}

// spanOf reads 90m, 12h, 3d, 2w.
func spanOf(s string) (int64, time.Duration, bool) {
	if len(s) < 2 {
		return 0, 0, false
	}
	units := map[byte]time.Duration{'m': time.Minute, 'h': time.Hour, 'd': 24 * time.Hour, 'w': 7 * 24 * time.Hour}
	unit, ok := units[s[len(s)-1]]
	n, err := strconv.ParseInt(s[:len(s)-1], 10, 64)
	const most = 200 * 365 * 24 * time.Hour // well before any session, and no overflow
	if !ok || err != nil || n < 0 || n > int64(most/unit) {
		return 0, 0, false
	}
	return n, unit, true
}

// kindsValue is --kind: kinds of card text, the flag repeated or a
// comma-separated list.
type kindsValue struct{ kinds *[]cardtext.Kind }

func (v *kindsValue) String() string {
	var names []string
	for _, k := range *v.kinds {
		names = append(names, k.String())
	}
	return strings.Join(names, ",")
}

func (v *kindsValue) Type() string { return "KIND" }

func (v *kindsValue) Set(s string) error {
	for _, part := range strings.Split(s, ",") {
		k, err := cardtext.ParseKind(strings.TrimSpace(part))
		if err != nil {
			return err
		}
		*v.kinds = append(*v.kinds, k)
	}
	return nil
}

// tsvField is untrusted text as one field of a tab-separated line.
func tsvField(s string) string { return strings.ReplaceAll(cards.Safe(s), "\t", " ") }
