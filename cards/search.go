package cards

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// searchMatches: content matches grouped by file, each with its line numbers.
func searchMatches(c *card, t *session.ToolCall, v session.SearchMatchesResultView) {
	th := c.th
	n := 0
	numW := 1
	for _, f := range v.Files {
		n += len(f.Matches)
		for _, m := range f.Matches {
			numW = max(numW, len(strconv.Itoa(m.LineNumber)))
		}
	}
	facts := []string{plural(n, "match", "matches") + " in " + plural(len(v.Files), "file", "files")}
	pattern, re := grepPattern(t)
	if v.Match != "" { // a shell search's, which its reader read from its words
		re, _ = regexp.Compile(v.Match)
	}
	c.header(status(th, t.Status()), grepTitle(c, t, pattern), summary(c, t, facts...)...)
	if n == 0 && len(v.Files) == 0 {
		c.note("no matches")
	}
	budget := c.keep(len(v.Files)+n, collapsed.searchRows)
	rows, drawn := 0, 0
	for _, f := range v.Files {
		if rows >= budget {
			break
		}
		c.body(append(c.safeLine(relPath(c.o.Cwd, f.Path), th.Path), span{fmt.Sprintf("  %d", len(f.Matches)), th.Faint}))
		rows++
		for _, m := range f.Matches {
			if rows >= budget {
				break
			}
			c.gutterCode(numberGutter(th, m.LineNumber, numW), markMatches(c.safeText(m.Line, th.Text), re, th.Match), 2)
			rows++
			drawn++
		}
	}
	c.elided(n-drawn, "match", "matches")
	capNote(c, t, n, v.Total, v.Truncated)
}

// searchPaths: the paths a path search found.
func searchPaths(c *card, t *session.ToolCall, v session.SearchPathsResultView) {
	th := c.th
	facts := []string{plural(len(v.Paths), "path", "paths")}
	c.header(status(th, t.Status()), title(c, t), summary(c, t, facts...)...)
	if len(v.Paths) == 0 {
		c.note("no paths")
	}
	show := v.Paths[:c.keep(len(v.Paths), collapsed.searchPaths)]
	for _, p := range show {
		c.body(c.safeLine(relPath(c.o.Cwd, p), th.Path))
	}
	c.elided(len(v.Paths)-len(show), "path", "paths")
	capNote(c, t, len(v.Paths), v.Total, v.Truncated)
}

// capNote says when the tool capped its result: how much of the total the
// card holds, then the tool's own words when it gave them (how it sampled,
// where the full list is), as the web client shows them under the card.
// Words that already say how much is shown ("(Showing 4 of 8 paths, …)")
// stand alone.
func capNote(c *card, t *session.ToolCall, shown, total int, truncated bool) {
	if !truncated && total <= shown {
		return
	}
	count := fmt.Sprintf("showing %s of %s", thousands(shown), thousands(total))
	note := ""
	if truncated {
		note = toolNote(t)
	}
	if !saysCount(note, shown, total) {
		l := line{{count, c.th.Muted}}
		if truncated {
			l = append(l, span{" · truncated", c.th.Notice})
		}
		c.body(l)
	}
	if note != "" {
		c.text(note, c.th.Muted)
	}
}

// saysCount is whether a tool's note names the count the card would:
// "showing 4 of 8", in any case, its numbers plain or grouped.
func saysCount(note string, shown, total int) bool {
	note = strings.ToLower(note)
	for _, n := range []string{fmt.Sprintf("showing %d of %d ", shown, total), fmt.Sprintf("showing %s of %s ", thousands(shown), thousands(total))} {
		if strings.Contains(note, n) {
			return true
		}
	}
	return false
}

// toolNote is what a search tool wrote after its list when it cut it: the
// last paragraph of its text, in parentheses ("(Showing 4 of 8 paths, …)").
func toolNote(t *session.ToolCall) string {
	if t.Result == nil {
		return ""
	}
	text := strings.TrimSpace(session.TextOf(t.Result.Content))
	if i := strings.LastIndex(text, "\n\n"); i >= 0 {
		text = text[i+2:]
	}
	if !strings.HasPrefix(text, "(") || !strings.HasSuffix(text, ")") {
		return ""
	}
	return text
}

// grepPattern is the pattern a content search was given (its arguments'
// "pattern"), and it compiled, case-blind when the call asked (-i), to mark
// where each line matched; re is nil when the pattern is not one Go reads.
func grepPattern(t *session.ToolCall) (pattern string, re *regexp.Regexp) {
	var args struct {
		Pattern    string `json:"pattern"`
		I          bool   `json:"-i"`
		IgnoreCase bool   `json:"ignore_case"`
		CaseBlind  bool   `json:"case_insensitive"`
	}
	if json.Unmarshal([]byte(t.Arguments), &args) != nil || args.Pattern == "" {
		return "", nil
	}
	expr := args.Pattern
	if args.I || args.IgnoreCase || args.CaseBlind {
		expr = "(?i)" + expr
	}
	re, _ = regexp.Compile(expr)
	return args.Pattern, re
}

// grepTitle is the card's title; a pattern that starts or ends with a space
// is quoted in it, so the space shows (Grep "func " in src, not Grep func  in src).
func grepTitle(c *card, t *session.ToolCall, pattern string) line {
	text := t.Title()
	at := strings.Index(text, pattern)
	if pattern == "" || strings.TrimSpace(pattern) == pattern || at < 0 {
		return title(c, t)
	}
	text = text[:at] + strconv.Quote(pattern) + text[at+len(pattern):]
	return c.safeRow(relTitle(c.o.Cwd, text, titlePaths(t)), c.th.Title)
}

// markMatches draws where the pattern matched in a match line's text spans
// in the match colour laid over the text's own.
func markMatches(l line, re *regexp.Regexp, st theme.Style) line {
	if re == nil {
		return l
	}
	var out line
	for _, s := range l {
		at := 0
		for _, m := range re.FindAllStringIndex(s.text, -1) {
			if m[1] == m[0] {
				continue
			}
			if m[0] > at {
				out = append(out, span{s.text[at:m[0]], s.style})
			}
			out = append(out, span{s.text[m[0]:m[1]], s.style.With(st)})
			at = m[1]
		}
		if at < len(s.text) {
			out = append(out, span{s.text[at:], s.style})
		}
	}
	return out
}
