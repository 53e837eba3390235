package cards

import (
	"path"
	"strings"

	"github.com/deck-tui/deck/session"
)

// relPath writes a path that lies inside the session's working directory
// relative to it, and the directory itself as "." (the harness's name for
// it: its own grep title says "in ."). The test is on the cleaned path, so
// /w/app/../x is outside /w/app, and a relative path is taken from the cwd,
// as the harness takes it (./x.md, ../app/x.md in /w/app are x.md); any
// other path is left as written.
func relPath(cwd, p string) string {
	back := strings.Contains(p, `\`) && !strings.Contains(p, "/")
	root := path.Clean(strings.ReplaceAll(cwd, `\`, "/"))
	q := path.Clean(strings.ReplaceAll(p, `\`, "/"))
	if cwd == "" || p == "" || root == "/" || root == "." {
		return p
	}
	if absolute := func(p string) bool { return path.IsAbs(p) || isDrive(p) }; absolute(root) && !absolute(q) {
		q = path.Join(root, q)
	}
	var rel string
	switch {
	case q == root:
		return "."
	case strings.HasPrefix(q, root+"/"):
		rel = q[len(root)+1:]
	default:
		return p
	}
	if strings.HasSuffix(p, "/") || strings.HasSuffix(p, `\`) {
		rel += "/" // a listing's folder keeps its mark
	}
	if back {
		rel = strings.ReplaceAll(rel, "/", `\`)
	}
	return rel
}

// isDrive is whether a path (its separators made "/") begins with a
// Windows drive, C:/.
func isDrive(p string) bool {
	return len(p) >= 2 && p[1] == ':' && ('a' <= p[0]|0x20 && p[0]|0x20 <= 'z')
}

// titlePaths are the paths a call's views name: its locations, the files
// its diffs change, the file a read shows. Only these are made relative in
// its title; a search's pattern or a query that holds the cwd is left whole.
func titlePaths(t *session.ToolCall) []string {
	var out []string
	locations := func(ls []session.FileLocation) {
		for _, l := range ls {
			out = append(out, l.Path)
		}
	}
	diffs := func(ds []session.FileDiff) {
		for _, d := range ds {
			out = append(out, d.Path)
		}
	}
	switch v := t.Call.(type) {
	case session.GenericCallView:
		locations(v.Locations)
	case session.DiffCallView:
		locations(v.Locations)
		diffs(v.Diffs)
	case session.TerminalCallView, nil:
	}
	switch v := t.View.(type) {
	case session.DiffResultView:
		diffs(v.Diffs)
	case session.ReadResultView:
		out = append(out, v.Path)
	case session.GenericResultView:
		if v.Gallery != nil {
			out = append(out, v.Gallery.Path)
		}
	case session.TerminalResultView, session.SearchMatchesResultView,
		session.SearchPathsResultView, session.WebSearchResultView, session.WebFetchResultView, nil:
	}
	return out
}

// relTitle writes each of the paths in a title relative to the cwd
// (relPath) where it stands as a word: at the start or after a space, and
// before the end, a space, or the ":" of a line number. The last such
// place is taken, since a title names what was done before where
// (`Grep /w/lib in /w/lib` is `Grep /w/lib in lib`).
func relTitle(cwd, text string, paths []string) string {
	done := map[string]bool{}
	for _, p := range paths {
		rel := relPath(cwd, p)
		if p == "" || rel == p || done[p] {
			continue
		}
		done[p] = true
		for end := len(text); end > 0; {
			at := strings.LastIndex(text[:end], p)
			if at < 0 {
				break
			}
			after := at + len(p)
			if (at == 0 || text[at-1] == ' ') && (after == len(text) || strings.IndexByte(" :", text[after]) >= 0) {
				text = text[:at] + rel + text[after:]
				break
			}
			end = at + len(p) - 1
		}
	}
	return text
}
