package session

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/deck-tui/deck/session/internal/jsonline"
	json "github.com/go-json-experiment/json/v1"
)

// The shell, search and web tools' results.

var claudeExitLine = regexp.MustCompile(`^Exit code (\d+)\n?`)

// claudeBashResult is a command's terminal card: stdout then stderr from the
// object. A failed command's object is only a string, so its text is the
// output, led by "Exit code N" in newer logs (older ones give no code).
func claudeBashResult(obj map[string]any, text string, failed bool) ResultView {
	v := TerminalResultView{}
	if obj != nil && !failed {
		if id, _ := obj["backgroundTaskId"].(string); id != "" {
			v.Output = text // started, not finished: no exit code
			return v
		}
		stdout, _ := obj["stdout"].(string)
		stderr, _ := obj["stderr"].(string)
		v.Output = claudeJoinOutput(stdout, stderr)
		if obj["interrupted"] == true {
			v.Signal = "interrupt"
			return v
		}
		zero := 0
		v.ExitCode = &zero
		return v
	}
	v.Output = text
	switch m := claudeExitLine.FindStringSubmatch(text); {
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

var claudeFoundLine = regexp.MustCompile(`^Found (\d+) files?`)

// claudeGrepResult is a Grep's card by its output mode: files with matches
// are paths, content lines are matches, counts are shown as they came.
func claudeGrepResult(a Args, obj map[string]any, text string) ResultView {
	mode := a.Str("output_mode")
	if m, ok := obj["mode"].(string); ok && m != "" {
		mode = m
	}
	switch mode {
	case "", "files_with_matches":
		if names, ok := obj["filenames"].([]any); ok {
			return claudePaths(names, obj)
		}
		return claudePathList(text)
	case "content":
		body := text
		if c, ok := obj["content"].(string); ok {
			body = c
		}
		if v := claudeGrepContent(a.Str("path"), body); v != nil {
			return v
		}
	}
	return GenericResultView{Content: claudeMarkdown(claudeFence("", text))}
}

var claudeLineMatch = regexp.MustCompile(`^(\d+):(.*)$`)

// claudeGrepContent reads content-mode output: "path:line:text" rows, or
// "line:text" rows when one file was searched. Anything else (no line
// numbers, context lines) is nil: shown as it came.
func claudeGrepContent(path, body string) ResultView {
	t := strings.TrimSpace(body)
	if t == "" || strings.HasPrefix(t, "No matches found") || strings.HasPrefix(t, "No files found") {
		return SearchMatchesResultView{}
	}
	rows := strings.Split(t, "\n")
	if path != "" {
		f := SearchFileMatches{Path: path}
		for _, r := range rows {
			m := claudeLineMatch.FindStringSubmatch(r)
			if m == nil {
				f.Matches = nil
				break
			}
			n, _ := strconv.Atoi(m[1])
			f.Matches = append(f.Matches, SearchLineMatch{LineNumber: n, Line: m[2]})
		}
		if f.Matches != nil {
			return SearchMatchesResultView{Files: []SearchFileMatches{f}, Total: len(f.Matches)}
		}
	}
	if v, ok := SearchFromText(t).(SearchMatchesResultView); ok {
		return v
	}
	return nil
}

// claudePaths is a list of file names from a result object, with its
// numFiles and truncated when given.
func claudePaths(names []any, obj map[string]any) ResultView {
	v := SearchPathsResultView{Paths: make([]string, 0, len(names))}
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

// claudePathList reads paths from result text, one a line: without the
// "Found N files" head, "No files found", or the note that the list was cut.
func claudePathList(text string) ResultView {
	v := SearchPathsResultView{Paths: []string{}}
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		switch {
		case l == "" || l == "No files found" || l == "No matches found":
		case strings.HasPrefix(l, "(Results are truncated"):
			v.Truncated = true
		case claudeFoundLine.MatchString(l):
			n, _ := strconv.Atoi(claudeFoundLine.FindStringSubmatch(l)[1])
			v.Total = n
		default:
			v.Paths = append(v.Paths, l)
		}
	}
	v.Total = max(v.Total, len(v.Paths))
	return v
}

// claudeGlobResult is a Glob's paths: the object's filenames, else the text.
func claudeGlobResult(obj map[string]any, text string) ResultView {
	if names, ok := obj["filenames"].([]any); ok {
		return claudePaths(names, obj)
	}
	return claudePathList(text)
}

// claudeLSResult reads LS's tree ("- /dir/", then "  - child" indented two
// spaces a level) into the paths under the listed folder; the note after
// the tree is not a path. A listing that is not such a tree is shown as it
// came.
func claudeLSResult(listing string) ResultView {
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
			return GenericResultView{Content: claudeMarkdown(claudeFence("", listing))}
		}
		stack = append(stack[:level], name)
		if level > 0 { // "/dir/" + "sub/" + "file": folders end in a slash
			paths = append(paths, strings.Join(stack, ""))
		}
	}
	if len(stack) == 0 {
		return GenericResultView{Content: claudeMarkdown(claudeFence("", listing))}
	}
	return SearchPathsResultView{Paths: paths, Total: len(paths)}
}

// claudeFetchResult is a WebFetch's card: its URL and HTTP status; the
// text the model read stays the result's content.
func claudeFetchResult(a Args, obj map[string]any, text string) ResultView {
	code, ok := jsonline.Int(obj["code"])
	if !ok {
		return GenericResultView{Content: claudeMarkdown(text)}
	}
	url, _ := obj["url"].(string)
	if url == "" {
		url = a.Str("url")
	}
	return WebFetchResultView{URL: url, StatusCode: int(code)}
}

// claudeSearchResult is a WebSearch's sources and answer: from the object's
// results (source lists and answer text mixed), else from the text's
// "Links: [...]" line and what follows it.
func claudeSearchResult(obj map[string]any, text string) ResultView {
	var v WebSearchResultView
	var answers []string
	if results, ok := obj["results"].([]any); ok {
		for _, r := range results {
			switch x := r.(type) {
			case string:
				answers = append(answers, x)
			case map[string]any:
				list, _ := x["content"].([]any)
				v.Sources = append(v.Sources, claudeSources(list)...)
			}
		}
	} else {
		for _, l := range strings.Split(text, "\n") {
			if links, ok := strings.CutPrefix(l, "Links: "); ok {
				var list []any
				if json.Unmarshal([]byte(links), &list) == nil {
					v.Sources = append(v.Sources, claudeSources(list)...)
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
		v.Sources = []WebSource{}
	}
	return v
}

func claudeSources(list []any) []WebSource {
	var out []WebSource
	for _, item := range list {
		m, ok := jsonline.AsObject(item)
		if !ok {
			continue
		}
		url, _ := m["url"].(string)
		title, _ := m["title"].(string)
		if url != "" || title != "" {
			out = append(out, WebSource{URL: url, Title: title})
		}
	}
	return out
}
