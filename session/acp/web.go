package acp

import (
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// searchText drops the counts Claude Code's search tools print above
// their results ("Found 3 files"), and their words for nothing found.
func searchText(text string) string {
	t := strings.TrimSpace(text)
	if strings.HasPrefix(t, "No files found") || strings.HasPrefix(t, "No matches found") {
		return ""
	}
	first, rest, _ := strings.Cut(t, "\n")
	if f := strings.Fields(first); len(f) == 3 && f[0] == "Found" && digits(f[1]) {
		return rest
	}
	return t
}

// digits reports a string of digits.
func digits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// webSearch reads Claude Code's WebSearch result: a line naming the
// query, a line "Links: [{title, url}…]" (the sources), then the answer.
func webSearch(text string) session.WebSearchResultView {
	var v session.WebSearchResultView
	var answer []string
	for i, l := range strings.Split(text, "\n") {
		if i == 0 && strings.HasPrefix(l, "Web search results for query:") {
			continue
		}
		if links, ok := strings.CutPrefix(l, "Links: "); ok && v.Sources == nil {
			var list []struct {
				Title string `json:"title"`
				URL   string `json:"url"`
			}
			if jsonline.Unmarshal([]byte(links), &list) == nil {
				v.Sources = []session.WebSource{}
				for _, s := range list {
					v.Sources = append(v.Sources, session.WebSource{URL: s.URL, Title: s.Title})
				}
				continue
			}
		}
		answer = append(answer, l)
	}
	v.Answer = strings.TrimSpace(strings.Join(answer, "\n"))
	return v
}
