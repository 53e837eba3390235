package session

import (
	"strings"

	"github.com/deck-tui/deck/session/internal/jsonline"
)

// ReadMetaFromMeta narrows a read result's meta into the read card's data,
// by the harness's rules (readMetaFromMeta): a JSON object (not null, not an
// array) whose path is a string, offset an integer ≥ 1, totalLines an integer
// ≥ 0, lines an array of {number: integer ≥ 1, text: string} whose numbers
// strictly increase from above offset − 1 and never pass totalLines, and lang
// absent or a string. Anything else is not a read card. It never panics.
//
// One deliberate difference: JavaScript takes any integral double (1e300) as
// an integer; deck takes integers only up to 2^53 − 1, the exact range.
func ReadMetaFromMeta(meta any) (ReadResultView, bool) {
	var v ReadResultView
	m, ok := object(meta)
	if !ok {
		return v, false
	}
	path, ok := m["path"].(string)
	if !ok {
		return v, false
	}
	offset, ok := jsonline.Int(m["offset"])
	if !ok || offset < 1 {
		return v, false
	}
	total, ok := jsonline.Int(m["totalLines"])
	if !ok || total < 0 {
		return v, false
	}
	list, ok := m["lines"].([]any)
	if !ok {
		return v, false
	}
	lines := make([]ReadFileLine, 0, len(list))
	previous := offset - 1
	for _, item := range list {
		l, ok := object(item)
		if !ok {
			return v, false
		}
		n, ok := jsonline.Int(l["number"])
		if !ok || n < 1 || n <= previous || n > total {
			return v, false
		}
		text, ok := l["text"].(string)
		if !ok {
			return v, false
		}
		lines = append(lines, ReadFileLine{Number: int(n), Text: text})
		previous = n
	}
	lang, present := m["lang"]
	if present {
		s, ok := lang.(string)
		if !ok {
			return v, false
		}
		v.Lang = s
	}
	v.Path, v.Offset, v.TotalLines, v.Lines = path, int(offset), int(total), lines
	return v, true
}

// langByExtension is the harness's LANG_BY_EXTENSION: lower-cased file
// extension → language id.
var langByExtension = map[string]string{
	"ts": "ts", "tsx": "tsx", "mts": "ts", "cts": "ts",
	"js": "js", "jsx": "jsx", "mjs": "js", "cjs": "js",
	"json": "json", "jsonc": "json",
	"py": "py", "rb": "rb", "go": "go", "rs": "rs", "java": "java",
	"c": "c", "h": "c", "cc": "cpp", "cpp": "cpp", "hpp": "cpp", "cxx": "cpp",
	"cs": "cs", "kt": "kotlin", "swift": "swift", "php": "php",
	"sh": "sh", "bash": "sh", "zsh": "sh",
	"yaml": "yaml", "yml": "yaml", "toml": "toml", "ini": "ini",
	"md": "md", "markdown": "md", "mdx": "mdx",
	"html": "html", "htm": "html", "css": "css", "scss": "scss", "less": "less",
	"sql": "sql", "xml": "xml", "lua": "lua",
}

// LangFromPath is the harness's langFromPath: the language id of a path's
// extension, "" for none. The extension is what follows the last dot of the
// base name (after the last / or \); a dot at the start of the base name
// (.gitignore) or no dot at all gives none.
func LangFromPath(path string) string {
	base := path[strings.LastIndexAny(path, `/\`)+1:]
	dot := strings.LastIndexByte(base, '.')
	if dot <= 0 {
		return ""
	}
	return langByExtension[strings.ToLower(base[dot+1:])]
}
