package present

import (
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// The search tools (@deepseek-ai/dsh-tool-fs-search: grep, glob) and the web
// tools (@deepseek-ai/dsh-tool-web: web_search, web_fetch).

func init() {
	register([]string{"grep"}, presenter{
		schema: schema{"pattern": req(str()), "path": opt(str()), "include": opt(str())},
		call: func(a Args) session.CallView {
			title := "Grep " + a.Str("pattern") + Where(a)
			if a.Has("include") {
				title += " (" + a.Str("include") + ")"
			}
			return session.GenericCallView{Title: title, Kind: "search", RawInput: a.Str("pattern"), Locations: WhereAt(a)}
		},
		result: func(_ Args, r *session.ToolResult) session.ResultView { return searchResult(r, "matches") },
	})
	register([]string{"glob"}, presenter{
		schema: schema{"pattern": req(str()), "path": opt(str())},
		call: func(a Args) session.CallView {
			return session.GenericCallView{Title: "Glob " + a.Str("pattern") + Where(a), Kind: "search", RawInput: a.Str("pattern"), Locations: WhereAt(a)}
		},
		result: func(_ Args, r *session.ToolResult) session.ResultView { return searchResult(r, "paths") },
	})
	// web_search takes queries: string[] (rc.8 on), titled by the queries
	// as the harness joins them; a log from before rc.8 has one query.
	webSearch := func(title func(Args) string) func(Args, *session.ToolResult) session.ResultView {
		return func(a Args, r *session.ToolResult) session.ResultView {
			if r.IsError {
				return nil
			}
			v, ok := webSearchFromMeta(r.Meta)
			if !ok {
				return nil
			}
			v.Title = title(a)
			return v
		}
	}
	queries := func(a Args) string { return strings.Join(a.Strs("queries"), ", ") }
	query := func(a Args) string { return a.Str("query") }
	register([]string{"web_search"}, presenter{
		schema: schema{"queries": req(arrayOf(str()))},
		call: func(a Args) session.CallView {
			return session.GenericCallView{Title: queries(a), Kind: "search", RawInput: queries(a)}
		},
		result: webSearch(queries),
		alt: &presenter{
			schema: schema{"query": req(str())},
			call: func(a Args) session.CallView {
				return session.GenericCallView{Title: query(a), Kind: "search", RawInput: query(a)}
			},
			result: webSearch(query),
		},
	})
	register([]string{"web_fetch"}, presenter{
		schema: schema{"url": req(str())},
		call: func(a Args) session.CallView {
			return session.GenericCallView{Title: a.Str("url"), Kind: "fetch", RawInput: a.Str("url")}
		},
		result: func(a Args, r *session.ToolResult) session.ResultView {
			if r.IsError {
				return nil
			}
			v, ok := webFetchFromMeta(r.Meta)
			if !ok {
				return nil
			}
			v.Title = a.Str("url")
			return v
		},
	})
}

func Where(a Args) string {
	if a.Has("path") {
		return " in " + a.Str("path")
	}
	return ""
}

// WhereAt is the folder Where names, as the call's location.
func WhereAt(a Args) []session.FileLocation {
	if a.Has("path") {
		return []session.FileLocation{{Path: a.Str("path")}}
	}
	return nil
}

// searchResult is the search card of the wanted shape, from the meta.
func searchResult(r *session.ToolResult, shape string) session.ResultView {
	if r.IsError {
		return nil
	}
	v, ok := searchResultMeta(r.Meta)
	if !ok || searchShape(v) != shape {
		return nil
	}
	return v
}

func searchShape(v session.ResultView) string {
	switch v.(type) {
	case session.SearchMatchesResultView:
		return "matches"
	case session.SearchPathsResultView:
		return "paths"
	default:
		return ""
	}
}

// searchResultMeta narrows a search result's meta: {shape: "matches",
// files: [{path, matches: [{lineNumber, line}]}], truncated, total} or
// {shape: "paths", paths: [string], truncated, total}. Empty lists are valid.
func searchResultMeta(meta any) (session.ResultView, bool) {
	m, ok := jsonline.AsObject(meta)
	if !ok {
		return nil, false
	}
	truncated, ok1 := m["truncated"].(bool)
	total, ok2 := jsonline.Int(m["total"])
	if !ok1 || !ok2 {
		return nil, false
	}
	switch m["shape"] {
	case "matches":
		files, ok := searchFiles(m["files"])
		if !ok {
			return nil, false
		}
		return session.SearchMatchesResultView{Files: files, Truncated: truncated, Total: int(total)}, true
	case "paths":
		list, ok := m["paths"].([]any)
		if !ok {
			return nil, false
		}
		paths := make([]string, len(list))
		for i, p := range list {
			if paths[i], ok = p.(string); !ok {
				return nil, false
			}
		}
		return session.SearchPathsResultView{Paths: paths, Truncated: truncated, Total: int(total)}, true
	}
	return nil, false
}

func searchFiles(v any) ([]session.SearchFileMatches, bool) {
	list, ok := v.([]any)
	if !ok {
		return nil, false
	}
	files := make([]session.SearchFileMatches, 0, len(list))
	for _, item := range list {
		f, ok := jsonline.AsObject(item)
		if !ok {
			return nil, false
		}
		path, ok1 := f["path"].(string)
		ms, ok2 := f["matches"].([]any)
		if !ok1 || !ok2 {
			return nil, false
		}
		group := session.SearchFileMatches{Path: path, Matches: make([]session.SearchLineMatch, 0, len(ms))}
		for _, mi := range ms {
			mm, ok := jsonline.AsObject(mi)
			if !ok {
				return nil, false
			}
			n, ok1 := jsonline.Int(mm["lineNumber"])
			line, ok2 := mm["line"].(string)
			if !ok1 || !ok2 {
				return nil, false
			}
			group.Matches = append(group.Matches, session.SearchLineMatch{LineNumber: int(n), Line: line})
		}
		files = append(files, group)
	}
	return files, true
}

// webSearchFromMeta narrows {sources: [{url, title?, snippet?,
// publishedAt?}], truncated, answer?}.
func webSearchFromMeta(meta any) (session.WebSearchResultView, bool) {
	var v session.WebSearchResultView
	m, ok := jsonline.AsObject(meta)
	if !ok {
		return v, false
	}
	list, ok1 := m["sources"].([]any)
	truncated, ok2 := m["truncated"].(bool)
	answer, ok3 := optString(m, "answer")
	if !ok1 || !ok2 || !ok3 {
		return v, false
	}
	v.Sources = make([]session.WebSource, 0, len(list))
	for _, item := range list {
		s, ok := jsonline.AsObject(item)
		if !ok {
			return v, false
		}
		url, ok := s["url"].(string)
		title, ok1 := optString(s, "title")
		snippet, ok2 := optString(s, "snippet")
		date, ok3 := optString(s, "publishedAt")
		if !ok || !ok1 || !ok2 || !ok3 {
			return v, false
		}
		v.Sources = append(v.Sources, session.WebSource{URL: url, Title: title, Snippet: snippet, PublishedAt: date})
	}
	v.Truncated, v.Answer = truncated, answer
	return v, true
}

// webFetchFromMeta narrows {url, statusCode, truncated}.
func webFetchFromMeta(meta any) (session.WebFetchResultView, bool) {
	var v session.WebFetchResultView
	m, ok := jsonline.AsObject(meta)
	if !ok {
		return v, false
	}
	url, ok1 := m["url"].(string)
	code, ok2 := jsonline.Int(m["statusCode"])
	truncated, ok3 := m["truncated"].(bool)
	if !ok1 || !ok2 || !ok3 {
		return v, false
	}
	return session.WebFetchResultView{URL: url, StatusCode: int(code), Truncated: truncated}, true
}

// optString reads a field that is absent or a string.
func optString(m map[string]any, key string) (string, bool) {
	v, present := m[key]
	if !present {
		return "", true
	}
	s, ok := v.(string)
	return s, ok
}
