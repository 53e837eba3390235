package claude

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
)

// The shell, search and web tools' results.

var exitLine = regexp.MustCompile(`^Exit code (\d+)\n?`)

// bashResult is a command's terminal card: stdout then stderr from the
// object. A failed command's object is only a string, so its text is the
// output, led by "Exit code N" in newer logs (older ones give no code).
func bashResult(obj map[string]any, text string, failed bool) session.ResultView {
	v := session.TerminalResultView{}
	if obj != nil && !failed {
		if id, _ := obj["backgroundTaskId"].(string); id != "" {
			v.Output = text // started, not finished: no exit code
			return v
		}
		stdout, _ := obj["stdout"].(string)
		stderr, _ := obj["stderr"].(string)
		v.Output = joinOutput(stdout, stderr)
		if obj["interrupted"] == true {
			v.Signal = "interrupt"
			return v
		}
		zero := 0
		v.ExitCode = &zero
		return v
	}
	v.Output = text
	switch m := exitLine.FindStringSubmatch(text); {
	case m != nil:
		code, err := strconv.Atoi(m[1])
		if err != nil {
			code = -1
		}
		v.ExitCode, v.Output = &code, text[len(m[0]):]
	case !failed:
		zero := 0
		v.ExitCode = &zero
	}
	return v
}

var foundLine = regexp.MustCompile(`^Found (\d+) files?`)

// grepResult is a Grep's card by its output mode: files with matches
// are paths, content lines are matches, counts are shown as they came.
func grepResult(a present.Args, obj map[string]any, text string) session.ResultView {
	mode := a.Str("output_mode")
	if m, ok := obj["mode"].(string); ok && m != "" {
		mode = m
	}
	switch mode {
	case "", "files_with_matches":
		if names, ok := obj["filenames"].([]any); ok {
			return paths(names, obj)
		}
		return pathList(text)
	case "content":
		body := text
		if c, ok := obj["content"].(string); ok {
			body = c
		}
		if v := grepContent(a.Str("path"), body); v != nil {
			return v
		}
	}
	return session.GenericResultView{Content: markdown(fence("", text))}
}

var lineMatch = regexp.MustCompile(`^(\d+):(.*)$`)

// grepContent reads content-mode output: "path:line:text" rows, or
// "line:text" rows when one file was searched. Anything else (no line
// numbers, context lines) is nil: shown as it came.
func grepContent(path, body string) session.ResultView {
	t := strings.TrimSpace(body)
	if t == "" || strings.HasPrefix(t, "No matches found") || strings.HasPrefix(t, "No files found") {
		return session.SearchMatchesResultView{}
	}
	rows := strings.Split(t, "\n")
	if path != "" {
		f := session.SearchFileMatches{Path: path}
		for _, r := range rows {
			m := lineMatch.FindStringSubmatch(r)
			if m == nil {
				f.Matches = nil
				break
			}
			n, _ := strconv.Atoi(m[1])
			f.Matches = append(f.Matches, session.SearchLineMatch{LineNumber: n, Line: m[2]})
		}
		if f.Matches != nil {
			return session.SearchMatchesResultView{Files: []session.SearchFileMatches{f}, Total: len(f.Matches)}
		}
	}
	if v, ok := present.SearchFromText(t).(session.SearchMatchesResultView); ok {
		return v
	}
	return nil
}

// paths is a list of file names from a result object, with its
// numFiles and truncated when given.
func paths(names []any, obj map[string]any) session.ResultView {
	v := session.SearchPathsResultView{Paths: make([]string, 0, len(names))}
	for _, n := range names {
		if s, ok := n.(string); ok {
			v.Paths = append(v.Paths, s)
		}
	}
	v.Total = len(v.Paths)
	if n, ok := jsonline.Int(obj["numFiles"]); ok && int(n) > v.Total {
		v.Total = int(n)
	}
	v.Truncated = obj["truncated"] == true
	return v
}

// pathList reads paths from result text, one a line: without the
// "Found N files" head, "No files found", or the note that the list was cut.
func pathList(text string) session.ResultView {
	v := session.SearchPathsResultView{Paths: []string{}}
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		switch {
		case l == "" || l == "No files found" || l == "No matches found":
		case strings.HasPrefix(l, "(Results are truncated"):
			v.Truncated = true
		case foundLine.MatchString(l):
			n, _ := strconv.Atoi(foundLine.FindStringSubmatch(l)[1])
			v.Total = n
		default:
			v.Paths = append(v.Paths, l)
		}
	}
	v.Total = max(v.Total, len(v.Paths))
	return v
}

// globResult is a Glob's paths: the object's filenames, else the text.
func globResult(obj map[string]any, text string) session.ResultView {
	if names, ok := obj["filenames"].([]any); ok {
		return paths(names, obj)
	}
	return pathList(text)
}

// lsResult reads LS's tree ("- /dir/", then "  - child" indented two
// spaces a level) into the paths under the listed folder; the note after
// the tree is not a path. A listing that is not such a tree is shown as it
// came.
func lsResult(listing string) session.ResultView {
	var stack, paths []string
	for _, l := range strings.Split(listing, "\n") {
		if strings.TrimSpace(l) == "" {
			if len(stack) > 0 {
				break // the tree ends; a note may follow
			}
			continue
		}
		indent := len(l) - len(strings.TrimLeft(l, " "))
		name, ok := strings.CutPrefix(strings.TrimLeft(l, " "), "- ")
		level := indent / 2
		if !ok || indent%2 != 0 || level > len(stack) || len(stack) == 0 && level != 0 {
			return session.GenericResultView{Content: markdown(fence("", listing))}
		}
		stack = append(stack[:level], name)
		if level > 0 { // "/dir/" + "sub/" + "file": folders end in a slash
			paths = append(paths, strings.Join(stack, ""))
		}
	}
	if len(stack) == 0 {
		return session.GenericResultView{Content: markdown(fence("", listing))}
	}
	return session.SearchPathsResultView{Paths: paths, Total: len(paths)}
}

// fetchResult is a WebFetch's card: its URL and HTTP status; the
// text the model read stays the result's content.
func fetchResult(a present.Args, obj map[string]any, text string) session.ResultView {
	code, ok := jsonline.Int(obj["code"])
	if !ok {
		return session.GenericResultView{Content: markdown(text)}
	}
	url, _ := obj["url"].(string)
	if url == "" {
		url = a.Str("url")
	}
	return session.WebFetchResultView{URL: url, StatusCode: int(code)}
}

// searchResult is a WebSearch's sources and answer: from the object's
// results (source lists and answer text mixed), else from the text's
// "Links: [...]" line and what follows it.
func searchResult(obj map[string]any, text string) session.ResultView {
	var v session.WebSearchResultView
	var answers []string
	if results, ok := obj["results"].([]any); ok {
		for _, r := range results {
			switch x := r.(type) {
			case string:
				answers = append(answers, x)
			case map[string]any:
				list, _ := x["content"].([]any)
				v.Sources = append(v.Sources, sources(list)...)
			}
		}
	} else {
		for _, l := range strings.Split(text, "\n") {
			if links, ok := strings.CutPrefix(l, "Links: "); ok {
				var list []any
				if jsonline.Unmarshal([]byte(links), &list) == nil {
					v.Sources = append(v.Sources, sources(list)...)
					continue
				}
			}
			if len(v.Sources) > 0 {
				answers = append(answers, l)
			}
		}
	}
	answer := strings.TrimSpace(strings.Join(answers, "\n"))
	if i := strings.LastIndex(answer, "REMINDER: You MUST include the sources"); i >= 0 {
		answer = strings.TrimSpace(answer[:i]) // Claude Code's note to the model
	}
	v.Answer = answer
	if v.Sources == nil {
		v.Sources = []session.WebSource{}
	}
	return v
}

func sources(list []any) []session.WebSource {
	var out []session.WebSource
	for _, item := range list {
		m, ok := jsonline.AsObject(item)
		if !ok {
			continue
		}
		url, _ := m["url"].(string)
		title, _ := m["title"].(string)
		if url != "" || title != "" {
			out = append(out, session.WebSource{URL: url, Title: title})
		}
	}
	return out
}
