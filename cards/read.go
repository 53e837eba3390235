package cards

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/deck-tui/deck/session"
)

// readCard: a window of a file as a code pane: the file's own line numbers
// in a gutter of their own, the text highlighted as one block, long lines
// wrapped under a blank gutter, and where the window stops.
func readCard(c *card, t *session.ToolCall, v session.ReadResultView) {
	th := c.th
	label := line{{"Read ", th.Muted}}
	label = append(label, c.safeRow(relPath(c.o.Cwd, v.Path), th.Title)...)
	if v.Title != "" {
		label = c.safeRow(v.Title, th.Title)
	}
	lang := v.Lang
	if lang == "" {
		lang = "text"
	}
	of := "" // the file's length, only where the tool said it
	if v.TotalLines > 0 {
		of = " of " + thousands(v.TotalLines)
	}
	window := "no lines"
	if n := len(v.Lines); n > 0 {
		window = fmt.Sprintf("lines %s–%s%s", thousands(v.Lines[0].Number), thousands(v.Lines[n-1].Number), of)
	}
	c.header(status(th, t.Status()), label, summary(c, t, window, lang)...)
	if len(v.Lines) == 0 {
		c.note(fmt.Sprintf("no lines shown · window starts at line %s%s", thousands(v.Offset), of))
		return
	}
	texts := make([]string, len(v.Lines))
	for i, l := range v.Lines {
		texts[i] = clean(l.Text) // no escape sequence may reach the lexer, nor split across its tokens
	}
	code := strings.Join(texts, "\n")
	toks, why := c.readTokens(v.Lang, code, texts)
	if why != "" {
		c.note(why)
	}
	numW := len(strconv.Itoa(v.Lines[len(v.Lines)-1].Number))
	show := v.Lines[:c.keep(len(v.Lines), collapsed.readLines)]
	for i, l := range show {
		if c.full() {
			c.skip(len(show) - i)
			break
		}
		if i > 0 && l.Number != show[i-1].Number+1 { // the window skips lines
			c.body(line{{pad("⋮", numW), th.Faint}})
		}
		if !plainRead(c, l.Number, numW, l.Text) {
			if g := numberGutter(th, l.Number, numW); !simpleCode(c, g, toks(i)) {
				c.gutterCode(g, paint(th, toks(i), nil, noBg, noBg), 0)
			}
		}
	}
	c.elided(len(v.Lines)-len(show), "line", "lines")
	last := v.Lines[len(v.Lines)-1].Number
	if last < v.TotalLines {
		c.note(fmt.Sprintf("… %s · continues at line %s", plural(v.TotalLines-last, "more line", "more lines"), thousands(last+1)))
	}
}

// readTokens is the tokens of a read's line i, and why the code is not
// highlighted; a plain card makes a line's one token only when it is drawn
// (plainRead lays out most lines without).
func (c *card) readTokens(lang, code string, lines []string) (func(i int) []token, string) {
	if !c.o.Plain || strings.Count(code, "\n") != len(lines)-1 { // a line of many: as the lexer reads them
		toks, why := c.highlight(lang, code)
		return func(i int) []token { return toks[i] }, why
	}
	why := ""
	if lexerFor(lang) != nil {
		why = tooBigToHighlight(code)
	}
	return func(i int) []token {
		if lines[i] == "" {
			return nil
		}
		return []token{{lines[i], c.th.Text}}
	}, why
}
