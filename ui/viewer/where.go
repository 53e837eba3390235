package viewer

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
	"github.com/deck-tui/deck/ui/kit"
)

// whereHeight is the rows the where bar takes above a log's status bar:
// one, but on a screen too short to spare it. A host session says its
// model and tokens in its status bar.
func (v *Viewer) whereHeight() int {
	if v.live != nil || v.height < 8 {
		return 0
	}
	return 1
}

// wherePart is one fact of the where bar, sanitised, in its style.
type wherePart struct {
	text  string
	style theme.Style
}

// whereBar says where the session is, as render's header does: its model,
// whose format its log is when a fork's, its tokens (the web client's usage
// pill: total and cache hits) and the folder it is in now (where the log
// last moved it, else its header's), each sanitised. On
// a narrow screen the cache hits go first, then the directory loses its
// start (…/src/app), then the tokens go, then the directory, then the
// fork's format; the model is cut last.
func (v *Viewer) whereBar() string {
	th := v.th
	room := v.width - 1
	model := wherePart{kit.OneLine(v.model), th.Text}
	fork := wherePart{kit.OneLine(v.fork), th.Notice}
	dir := wherePart{kit.OneLine(v.where), th.Path}
	long, short := wherePart{"", th.Muted}, wherePart{"", th.Muted}
	if pill := cards.UsagePill(v.usage); pill != "" {
		long.text, short.text = pill, tokensShort(v.usage)
	}
	if model.text == "" && dir.text == "" && short.text == "" {
		model = wherePart{"no model or folder recorded", th.Faint}
	}
	for i, parts := range [][]wherePart{
		{model, fork, long, dir},
		{model, fork, short, dir},
		{model, fork, short, tail(dir, room-joinedWidth(model, fork, short)-3)},
		{model, fork, tail(dir, room-joinedWidth(model, fork)-3)},
		{model, fork},
		{model},
	} {
		lost := dir.text != "" && i == 2 && parts[3].text == "" // the directory goes before the tokens
		if !lost && joinedWidth(parts...) <= room {
			return " " + joinParts(th, parts)
		}
	}
	return " " + model.style.Render(cards.Truncate(model.text, room, "…"))
}

// forkFormat names a log's format when its number is a fork's, not the
// harness's (docs/format.md, "Format versions"): "TnzGit's format v5",
// "a fork's format v6"; "" for any other log.
func forkFormat(h session.Header) string {
	if !h.Fork.Numbered() {
		return ""
	}
	whose := "a fork's"
	if h.Fork.Name != "" {
		whose = h.Fork.Name + "'s"
	}
	return fmt.Sprintf("%s format v%d", whose, h.Version)
}

// tail is a directory cut from its start to fit n cells, at a separator
// where one is left (…/src/app); none when fewer than ten cells of it
// would show.
func tail(dir wherePart, n int) wherePart {
	w := cards.Width(dir.text)
	switch {
	case w <= n:
		return dir
	case n < 10:
		return wherePart{}
	}
	dir.text = cards.TruncateLeft(dir.text, w-n+1, "…") // a wide character at the cut goes whole
	if i := strings.IndexAny(dir.text[len("…"):], `/\`); i > 0 {
		dir.text = "…" + dir.text[len("…")+i:]
	}
	return dir
}

// joinedWidth is the cells of the parts that say something, joined by " · ".
func joinedWidth(parts ...wherePart) int {
	w, n := 0, 0
	for _, p := range parts {
		if p.text != "" {
			w += cards.Width(p.text)
			n++
		}
	}
	return w + 3*max(n-1, 0)
}

func joinParts(th *theme.Theme, parts []wherePart) string {
	var out []string
	for _, p := range parts {
		if p.text != "" {
			out = append(out, p.style.Render(p.text))
		}
	}
	return strings.Join(out, th.Faint.Render(" · "))
}

// tokensShort is a session's token total alone, for a where bar too
// narrow for the usage pill (cards.UsagePill): `16.8k tokens`.
func tokensShort(u session.TokenUsage) string {
	if u.InputUnknown() {
		return cards.Tokens(u.Output) + " out tokens"
	}
	return cards.Tokens(u.Input+u.CacheRead+u.CacheWrite+u.Output) + " tokens"
}
