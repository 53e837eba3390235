package cards

// limit is how much of a long list a collapsed card keeps: a list of at
// most whole items is shown whole, a longer one keeps its first keep. Rows
// of text keep whole one past their limit, since "… 1 more line" would take
// the row the line needs.
type limit struct{ keep, whole int }

// collapsed is what a collapsed card keeps, by card kind.
var collapsed = struct {
	readLines, diffHunks, searchRows, searchPaths, webSources, pageRows, terminalLines, contentRows, inputLines, bodyLines limit
}{
	readLines:     limit{keep: 12, whole: 13}, // a read's lines
	diffHunks:     limit{keep: 1, whole: 1},   // a diff's hunks (a hunk is many rows: its note is shorter)
	searchRows:    limit{keep: 8, whole: 8},   // a search's file and match rows together
	searchPaths:   limit{keep: 8, whole: 9},   // a path search's paths
	webSources:    limit{keep: 8, whole: 9},   // a web search's sources
	pageRows:      limit{keep: 12, whole: 13}, // a fetched page's rows of Markdown
	terminalLines: limit{keep: 8, whole: 9},   // a command's output lines, kept from the end
	contentRows:   limit{keep: 12, whole: 13}, // a generic card's rows of Markdown content
	inputLines:    limit{keep: 3, whole: 4},   // a generic call's input, when it is a string
	bodyLines:     limit{keep: 3, whole: 4},   // lines of text: a message, reasoning, an event, a raw result
}

// keep is how many of n items the card shows: all of them when it is
// expanded or they are few enough, else the limit's keep.
func (c *card) keep(n int, l limit) int {
	if c.o.Expanded || n <= l.whole {
		return n
	}
	return l.keep
}
