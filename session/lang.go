package session

import "strings"

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
