package cards

import (
	"path"
	"strings"
)

// producedShown is how many files a turn's tail names at most, as the web
// client's chips: every other is counted.
const producedShown = 6

// produced ends a turn's card with the files it wrote or edited
// (TurnEnd.Produced), as the web client's turn tail does: `produced
// main.go  util.go  +2 files`, each by its name (its path from the working
// directory where two share a name), at most six, as many as fit the row
// with the count of the rest.
func (c *card) produced(paths []string) {
	if len(paths) == 0 {
		return
	}
	th := c.th
	names := chipNames(paths, c.o.Cwd)
	label := line{{"produced", th.Muted}}
	more := func(n int) line {
		if n == 0 {
			return nil
		}
		return line{{"  +" + plural(n, "file", "files"), th.Muted}}
	}
	room := c.o.Width - indent // the row is indented under the turn's end
	chips := make([]line, 0, min(len(names), producedShown))
	for _, n := range names[:min(len(names), producedShown)] {
		chips = append(chips, append(line{{"  ", th.Muted}}, c.safeLine(n, th.Path)...))
	}
	shown, used := 0, label.width()
	for k, chip := range chips {
		if used+chip.width()+more(len(names)-k-1).width() > room {
			break
		}
		shown, used = k+1, used+chip.width()
	}
	row := label
	for _, chip := range chips[:shown] {
		row = append(row, chip...)
	}
	c.bodyAt(append(row, more(len(names)-shown)...), indent)
}

// chipNames are the names the chips show: each file's name, or, for the
// files that share one, their paths from the working directory.
func chipNames(paths []string, cwd string) []string {
	base := func(p string) string { return path.Base(strings.ReplaceAll(p, `\`, "/")) }
	count := map[string]int{}
	for _, p := range paths {
		count[base(p)]++
	}
	names := make([]string, len(paths))
	for i, p := range paths {
		names[i] = base(p)
		if count[names[i]] > 1 {
			names[i] = relPath(cwd, p)
		}
	}
	return names
}
