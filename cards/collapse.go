package cards

// limit is how much of a long list a collapsed card keeps: a list of at
// most whole items is shown whole, a longer one keeps its first keep. Rows
// of text keep whole one past their limit, since "… 1 more line" would take
// the row the line needs. chosen is the user's own figure for the kind (a
// field of Collapse; 0 keeps the default).
type limit struct {
	keep, whole int
	chosen      func(Collapse) int
}

// Collapse is how many items a collapsed card keeps, by kind, where the
// user chose (deck's config file); 0 is deck's default for the kind.
type Collapse struct {
	Read     int // a read's lines
	Diff     int // an edit's hunks
	Search   int // a grep's file and match rows together
	Paths    int // a path search's paths
	Sources  int // a web search's sources
	Page     int // a fetched page's rows
	Terminal int // a command's output lines, kept from the end
	Content  int // a generic card's rows of content
	Input    int // a generic call's input lines
	Text     int // lines of a message, reasoning or event
}

// collapsed is what a collapsed card keeps, by card kind.
var collapsed = struct {
	readLines, diffHunks, searchRows, searchPaths, webSources, pageRows, terminalLines, contentRows, inputLines, bodyLines limit
}{
	readLines:     limit{12, 13, func(c Collapse) int { return c.Read }},
	diffHunks:     limit{1, 1, func(c Collapse) int { return c.Diff }}, // a hunk is many rows: its note is shorter
	searchRows:    limit{8, 8, func(c Collapse) int { return c.Search }},
	searchPaths:   limit{8, 9, func(c Collapse) int { return c.Paths }},
	webSources:    limit{8, 9, func(c Collapse) int { return c.Sources }},
	pageRows:      limit{12, 13, func(c Collapse) int { return c.Page }},
	terminalLines: limit{8, 9, func(c Collapse) int { return c.Terminal }},
	contentRows:   limit{12, 13, func(c Collapse) int { return c.Content }},
	inputLines:    limit{3, 4, func(c Collapse) int { return c.Input }},
	bodyLines:     limit{3, 4, func(c Collapse) int { return c.Text }},
}

// keep is how many of n items the card shows: all of them when it is
// expanded or they are few enough, else the limit's keep (the user's, when
// chosen).
func (c *card) keep(n int, l limit) int {
	l = c.limitOf(l)
	if c.o.Expanded || n <= l.whole {
		return n
	}
	return l.keep
}

// limitOf is the limit with the user's figure for the kind, where chosen.
func (c *card) limitOf(l limit) limit {
	if k := l.chosen(c.o.Collapse); k > 0 {
		l.keep, l.whole = k, k+l.whole-l.keep
	}
	return l
}
