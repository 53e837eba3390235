// Package cardtext is the text of each card by kind, as search finds it:
// what the card shows, from the session model (never the log's JSON, whose
// keys and metadata no card shows). The index stores it and the viewer
// counts by it, so a hit the index finds is one the viewer finds.
package cardtext

import (
	"sort"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// Gatherer gathers entries' texts, reusing its memory from one entry to
// the next.
type Gatherer struct{ c cardText }

// Of is an entry's texts by kind, each kind's pieces in the order the card
// shows them; valid until the next call.
func (g *Gatherer) Of(e session.Entry) *[Kinds][]string {
	g.c.reset()
	g.c.entry(e)
	return &g.c.pieces
}

// Nested are where the entries nested in the last entry's card (a
// subagent's work in a call) start among its pieces, one a nested entry,
// depth first as the card draws them: the k-th is the viewer's "nested
// k+1 of n". Valid until the next call.
func (g *Gatherer) Nested() []Nest { return g.c.nests }

// Nest is where an entry nested in a card starts among the card's pieces:
// the first of its pieces of each kind, and the call whose subagent's
// work it is.
type Nest struct {
	Call   *session.ToolCall
	Pieces [Kinds]int
}

// Of is an entry's texts, each kind's pieces a line apart, in UTF-8 (a byte
// that is not is U+FFFD), the kinds it has none of left out.
func Of(e session.Entry) []string {
	var g Gatherer
	var out []string
	for _, pieces := range g.Of(e) {
		if len(pieces) > 0 {
			out = append(out, Join(pieces))
		}
	}
	return out
}

// Join is a kind's pieces as one text: a line apart, in UTF-8.
func Join(pieces []string) string {
	return strings.ToValidUTF8(strings.Join(pieces, "\n"), "\uFFFD")
}

// cardText gathers an entry's texts by kind; a text the entry holds twice
// (a write's content in its arguments and its diff) is kept once, where
// it came first.
type cardText struct {
	pieces [Kinds][]string
	seen   map[string]bool
	nests  []Nest
}

func (c *cardText) reset() {
	for k := range c.pieces {
		c.pieces[k] = nil
	}
	clear(c.seen)
	c.nests = c.nests[:0]
}

func (c *cardText) add(k Kind, texts ...string) {
	for _, t := range texts {
		if strings.TrimSpace(t) == "" {
			continue
		}
		if len(t) > 16 { // short ones cost less than their check
			if c.seen == nil {
				c.seen = map[string]bool{}
			}
			if c.seen[t] {
				continue
			}
			c.seen[t] = true
		}
		c.pieces[k] = append(c.pieces[k], t)
	}
}

// entry adds what an entry's card shows. The one switch over the entry
// union: a new kind of entry fails `make lint` until it is indexed.
func (c *cardText) entry(e session.Entry) {
	switch e := e.(type) {
	case *session.UserMessage:
		k := KindEvent // context and instructions the agent injected
		switch e.Role {
		case session.RoleHuman:
			k = KindPrompt
		case session.RoleSummary:
			k = KindReply // the model's summary of what it replaced
		}
		c.blocks(k, e.Content)
	case *session.AssistantText:
		c.add(KindReply, e.Text)
	case *session.Reasoning:
		c.add(KindReasoning, e.Text)
	case *session.ToolCall:
		c.call(e)
	case *session.TurnStart:
	case *session.TurnEnd:
		k := KindEvent
		if e.Reason == "error" {
			k = KindError
		}
		if e.Detail != "" {
			c.add(k, e.Detail)
		}
	case *session.Plan:
		for _, it := range e.Items {
			c.add(KindCall, it.Content)
		}
		c.add(KindCall, e.Explanation)
	case *session.Event:
		k := KindEvent
		if e.Failed {
			k = KindError
		}
		c.add(k, e.Summary, e.Body)
	case *session.Notice:
		k := KindError
		if e.Info {
			k = KindEvent
		}
		c.add(k, e.Text)
	}
}

// call adds a tool call's card: its views first (a diff's file text is
// file, not the call's), then its name, arguments and result.
func (c *cardText) call(t *session.ToolCall) {
	c.resultView(t)
	c.callView(t.Call)
	c.add(KindCall, t.Name, t.Title())
	if v := jsonline.Loose([]byte(t.Arguments)); v != nil {
		c.value(KindCall, v)
	} else {
		c.add(KindCall, t.Arguments) // still streaming, or not JSON: as written
	}
	if r := t.Result; r != nil {
		k := KindOutput
		if r.IsError || r.Error != nil {
			k = KindError
		}
		if k == KindError || shownRaw(t.View) {
			c.blocks(k, r.Content)
		}
		if r.Error != nil {
			c.add(KindError, r.Error.Name, r.Error.Code, r.Error.Reason)
		}
	}
	if a := t.Approval; a != nil {
		c.add(KindCall, a.Reason)
	}
	for _, s := range t.SubCalls {
		c.add(KindCall, s.Name)
	}
	for _, n := range t.Nested {
		nest := Nest{Call: t}
		for k, pieces := range c.pieces {
			nest.Pieces[k] = len(pieces)
		}
		c.nests = append(c.nests, nest)
		c.entry(n)
	}
}

// shownRaw reports a result view that leaves the card to show the
// result's own content: none, or a generic one with none of its own.
func shownRaw(v session.ResultView) bool {
	g, ok := v.(session.GenericResultView)
	return v == nil || ok && len(g.Content) == 0
}

// callView adds a pending call's view, which the card shows until the
// result comes and above it after.
func (c *cardText) callView(v session.CallView) {
	switch v := v.(type) {
	case session.GenericCallView:
		c.add(KindCall, v.Title, string(v.Kind))
		c.value(KindCall, v.RawInput)
		c.blocks(KindCall, v.Content)
		for _, l := range v.Locations {
			c.add(KindCall, l.Path)
		}
	case session.TerminalCallView:
		c.add(KindCall, v.Title, v.Description, v.Cwd)
	case session.DiffCallView:
		c.add(KindCall, v.Title)
		c.diffs(v.Diffs)
		for _, l := range v.Locations {
			c.add(KindCall, l.Path)
		}
	case nil:
	}
}

// resultView adds a finished call's view.
func (c *cardText) resultView(t *session.ToolCall) {
	switch v := t.View.(type) {
	case session.GenericResultView:
		c.add(KindCall, v.Title)
		c.blocks(KindOutput, v.Content)
	case session.TerminalResultView:
		c.add(KindCall, v.Title)
		c.add(KindOutput, v.Output, v.Signal)
	case session.DiffResultView:
		c.add(KindCall, v.Title)
		c.diffs(v.Diffs)
	case session.SearchMatchesResultView:
		c.add(KindCall, v.Title)
		for _, f := range v.Files {
			c.add(KindOutput, f.Path)
			for _, m := range f.Matches {
				c.add(KindOutput, m.Line)
			}
		}
	case session.SearchPathsResultView:
		c.add(KindCall, v.Title)
		c.add(KindOutput, v.Paths...)
	case session.ReadResultView:
		c.add(KindCall, v.Title, v.Path)
		lines := make([]string, len(v.Lines))
		for i, l := range v.Lines {
			lines[i] = l.Text
		}
		c.add(KindFile, strings.Join(lines, "\n"))
		c.blocks(KindFile, v.Content)
	case session.WebSearchResultView:
		c.add(KindCall, v.Title)
		for _, s := range v.Sources {
			c.add(KindOutput, s.Title, s.URL, s.Snippet)
		}
		c.add(KindOutput, v.Answer)
	case session.WebFetchResultView:
		c.add(KindCall, v.Title)
		c.add(KindOutput, v.URL)
	case nil:
	}
}

// diffs adds file changes: the path is the call's, the text the file's.
func (c *cardText) diffs(diffs []session.FileDiff) {
	for _, d := range diffs {
		c.add(KindCall, d.Path)
		if d.OldText != nil {
			c.add(KindFile, *d.OldText)
		}
		c.add(KindFile, d.NewText)
	}
}

// blocks adds content blocks as a card shows them: text, an image's name
// and words, a call's name and arguments, a block deck does not know as
// its JSON.
func (c *cardText) blocks(k Kind, blocks []session.ContentBlock) {
	for _, b := range blocks {
		c.add(k, b.Text, b.Alt, b.Name, b.Arguments)
		if a := b.Attachment; a != nil {
			c.add(k, a.Name)
		}
		if b.Raw != nil {
			c.add(k, string(b.Raw))
		}
		c.blocks(k, b.Content)
	}
}

// value adds the strings of a JSON value (not its keys, which no card
// shows as such), in a fixed order: a call's arguments unescaped, so a
// line of code in them is found as it was written.
func (c *cardText) value(k Kind, v any) {
	switch v := v.(type) {
	case nil:
	case string:
		c.add(k, v)
	case map[string]any:
		keys := make([]string, 0, len(v))
		for key := range v {
			keys = append(keys, key)
		}
		sort.Strings(keys)
		for _, key := range keys {
			c.value(k, v[key])
		}
	case []any:
		for _, x := range v {
			c.value(k, x)
		}
	case jsonline.Number:
		c.add(k, string(v))
	case bool:
	default:
		if b, err := jsonline.Marshal(v); err == nil {
			c.add(k, string(b))
		}
	}
}
