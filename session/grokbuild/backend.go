package grokbuild

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// A backend_tool_call is a tool xAI's servers ran for the model (web
// search, X search, the code interpreter: conversation.rs,
// BackendToolKind), written once it is done: its call and its outcome in
// one record, tagged by tool_type, each the Responses API's own item.

// backendKind is a backend call's item, every tool's fields.
type backendKind struct {
	ToolType string `json:"tool_type"`
	ID       string `json:"id"`
	Status   string `json:"status"`
	Action   *struct {
		Type    string   `json:"type"`
		Query   string   `json:"query"`
		Queries []string `json:"queries"`
		URL     string   `json:"url"`
		Pattern string   `json:"pattern"`
		Sources []struct {
			URL string `json:"url"`
		} `json:"sources"`
	} `json:"action"`
	Name    string  `json:"name"`  // x_search
	Input   string  `json:"input"` // x_search
	Code    *string `json:"code"`  // code_interpreter
	Outputs []struct {
		Type string `json:"type"`
		Logs string `json:"logs"`
		URL  string `json:"url"`
	} `json:"outputs"`
}

// backend adds a backend call's card: a web search's, its sources; a page
// opened or searched, the web page's; the rest generic.
func (d *Decoder) backend(num int, raw jsontext.Value) (session.Outcome, string, error) {
	var k backendKind
	if raw.Kind() != '{' {
		return 0, "", fmt.Errorf("`backend_tool_call` record: its kind is not an object")
	}
	if err := jsonline.Unmarshal(raw, &k); err != nil {
		return 0, "", fmt.Errorf("`backend_tool_call` record: its kind does not fit its shape: %s", jsonline.Short(err))
	}
	if k.ToolType == "" {
		return 0, "", fmt.Errorf("`backend_tool_call` record: its kind names no tool_type")
	}
	c := &session.ToolCall{EntryBase: base(num), CallID: k.ID, Name: k.ToolType, Arguments: string(raw)}
	var text string
	var view session.ResultView
	switch {
	case k.ToolType == "web_search" && k.Action != nil:
		c.Call, text, view = webAction(&k)
	case k.ToolType == "x_search":
		c.Call = session.GenericCallView{Title: strings.TrimSpace("X search " + k.Name), Kind: "search", RawInput: optional(k.Input)}
	case k.ToolType == "code_interpreter" && k.Code != nil:
		c.Call = session.GenericCallView{Title: "Run code (on xAI's servers)", Kind: "execute", Content: markdown("```\n" + *k.Code + "\n```")}
		var logs []string
		for _, o := range k.Outputs {
			switch {
			case o.Logs != "":
				logs = append(logs, o.Logs)
			case o.URL != "":
				logs = append(logs, o.Type+": "+o.URL)
			}
		}
		text = strings.Join(logs, "\n")
	default:
		c.Call = session.GenericCallView{Title: k.ToolType, RawInput: jsonline.Loose(raw)}
	}
	switch k.Status {
	case "", "completed":
	case "failed", "incomplete":
		c.Result = &session.ToolResult{Content: markdown(text), IsError: true}
		c.View = session.GenericResultView{}
	default: // in progress: it never ran to its end in this log
		d.s.Add(c)
		return session.AsEntry, "", nil
	}
	if c.Result == nil {
		c.Result = &session.ToolResult{Content: markdown(text)}
		if view == nil {
			view = session.GenericResultView{}
		}
		c.View = view
	}
	d.s.Add(c)
	return session.AsEntry, "", nil
}

// webAction is a web search's call and card, by what it did: searched
// (its query, its sources), opened a page, or found a pattern in one.
func webAction(k *backendKind) (session.CallView, string, session.ResultView) {
	a := k.Action
	switch a.Type {
	case "open_page":
		return session.GenericCallView{Title: a.URL, Kind: "fetch"}, a.URL, session.WebFetchResultView{URL: a.URL}
	case "find", "find_in_page":
		title := fmt.Sprintf("Find %q in %s", a.Pattern, a.URL)
		return session.GenericCallView{Title: title, Kind: "fetch"}, title, session.WebFetchResultView{Title: title, URL: a.URL}
	}
	query := a.Query
	if query == "" {
		query = strings.Join(a.Queries, " · ")
	}
	v := session.WebSearchResultView{Sources: []session.WebSource{}}
	urls := []string{"search: " + query}
	for _, s := range a.Sources {
		v.Sources = append(v.Sources, session.WebSource{URL: s.URL})
		urls = append(urls, s.URL)
	}
	return session.GenericCallView{Title: query, Kind: "search"}, strings.Join(urls, "\n"), v
}
