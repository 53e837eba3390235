package cards

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/deck-tui/deck/session"
)

// webSearch: the sources a web search cited (title, URL, snippet, date) and
// the provider's answer.
func webSearch(c *card, t *session.ToolCall, v session.WebSearchResultView) {
	webSearchCard(c, t, v).layTo(math.MaxInt)
}

func webSearchCard(c *card, t *session.ToolCall, v session.WebSearchResultView) *mdCard {
	th := c.th
	m := &mdCard{c: c, head: func() {
		c.header(status(th, t.Status()), title(c, t), summary(c, t, plural(len(v.Sources), "source", "sources"))...)
	}}
	if v.Answer != "" {
		m.body = c.markdownBody([]string{v.Answer}, false, nil)
	}
	m.tail = func() { webSources(c, v) }
	return m
}

// webSources lists a web search's sources.
func webSources(c *card, v session.WebSearchResultView) {
	th := c.th
	show := v.Sources[:c.keep(len(v.Sources), collapsed.webSources)]
	numW := len(fmt.Sprint(len(v.Sources)))
	for i, s := range show {
		num := gutter{decorations: []decoration{{pad(fmt.Sprint(i+1), numW) + ". ", th.Faint}}, blank: th.Faint}
		name := s.Title
		if name == "" {
			name = hostOf(s.URL)
		}
		c.gutterProse(num, c.safeLine(name, th.Title), 0)
		under := num.continued()
		c.gutterCode(under, c.safeLine(s.URL, th.Path), 0)
		if s.Snippet != "" || s.PublishedAt != "" {
			l := c.safeLine(s.Snippet, th.Muted)
			if s.PublishedAt != "" {
				if len(l) > 0 {
					l = append(l, span{" · ", th.Faint})
				}
				l = append(l, c.safeLine(s.PublishedAt, th.Faint)...)
			}
			c.gutterProse(under, l, 0)
		}
	}
	c.elided(len(v.Sources)-len(show), "source", "sources")
	if len(v.Sources) == 0 {
		c.note("no sources")
	}
	if v.Truncated {
		c.body(line{{"source list truncated", th.Notice}})
	}
}

// webFetch: the fetched URL, its HTTP status and whether the content was
// cut, then the page as the model read it (dim Markdown).
func webFetch(c *card, t *session.ToolCall, v session.WebFetchResultView) {
	webFetchCard(c, t, v).layTo(math.MaxInt)
}

func webFetchCard(c *card, t *session.ToolCall, v session.WebFetchResultView) *mdCard {
	th := c.th
	st := th.Success
	if v.StatusCode >= 400 {
		st = th.Error
	}
	code := "" // 0: the agent did not say
	if v.StatusCode != 0 {
		code = fmt.Sprintf("HTTP %d", v.StatusCode)
	}
	m := &mdCard{c: c, tail: func() {}, head: func() {
		head, facts := title(c, t), summary(c, t, code)
		shown := c.header(status(th, t.Status()), head, facts...)
		// the URL and the status under the header only where it did not show
		// them whole (a title that is not the URL, a row too narrow)
		var l line
		if url := c.safeLine(v.URL, th.Path); !shown.whole || !strings.Contains(head.plain(), url.plain()) {
			l = url
		}
		if at := slices.IndexFunc(facts, func(f line) bool { return f.plain() == code }); code != "" && at >= shown.facts {
			if len(l) > 0 {
				l = append(l, span{"  ", noBg})
			}
			l = append(l, span{code, st})
		}
		if v.Truncated {
			if len(l) > 0 {
				l = append(l, span{" · ", th.Notice})
			}
			l = append(l, span{"content truncated", th.Notice})
		}
		if len(l) > 0 {
			c.body(l)
		}
	}}
	if t.Result == nil {
		return m
	}
	body := session.TextOf(t.Result.Content)
	if first, rest, ok := strings.Cut(body, "\n"); ok && strings.HasPrefix(first, "Fetched ") {
		body = rest // the tool's own "Fetched URL (HTTP n)" line repeats the card
	}
	m.body = c.markdownBody([]string{body}, true, &collapsed.pageRows)
	return m
}

// hostOf is a URL's host, for a source with no title.
func hostOf(u string) string {
	rest := u
	if i := strings.Index(rest, "://"); i >= 0 {
		rest = rest[i+3:]
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	if rest == "" {
		return u
	}
	return rest
}
