package cards

import (
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"

	"github.com/deck-tui/deck/theme"
)

// chromaLexers maps the harness's language ids (LANG_BY_EXTENSION's values)
// to chroma lexer names.
var chromaLexers = map[string]string{
	"ts": "TypeScript", "tsx": "TSX", "js": "JavaScript", "jsx": "react",
	"json": "JSON", "py": "Python", "rb": "Ruby", "go": "Go", "rs": "Rust",
	"java": "Java", "c": "C", "cpp": "C++", "cs": "C#", "kotlin": "Kotlin",
	"swift": "Swift", "php": "PHP", "sh": "Bash", "yaml": "YAML", "toml": "TOML",
	"ini": "INI", "md": "Markdown", "mdx": "Markdown", "html": "HTML", "css": "CSS",
	"scss": "SCSS", "less": "SCSS", // chroma has no LESS lexer; SCSS is its closest kin
	"sql": "SQL", "xml": "XML", "lua": "Lua",
}

// Highlighting caps: past these a block is shown as plain text, with a mark
// saying why, so one huge file never stalls a frame.
const (
	maxHighlightLines = 10000
	maxHighlightBytes = 1 << 20
	maxHighlightLine  = 16 << 10
)

// tooBigToHighlight says why code is not highlighted, or "" when it is.
func tooBigToHighlight(code string) string {
	switch {
	case len(code) > maxHighlightBytes:
		return "not highlighted: over 1 MiB"
	case strings.Count(code, "\n") >= maxHighlightLines:
		return "not highlighted: over 10,000 lines"
	}
	for rest := code; rest != ""; {
		i := strings.IndexByte(rest, '\n')
		if i < 0 {
			i = len(rest)
		}
		if i > maxHighlightLine {
			return "not highlighted: a line over 16 KiB"
		}
		rest = rest[min(i+1, len(rest)):]
	}
	return ""
}

// lexerIDs caches the lexer of each language id (a few dozen at most).
var lexerIDs sync.Map // language id → chroma.Lexer, untimed

// lexerFor returns the lexer of a harness language id, nil for plain text.
func lexerFor(lang string) chroma.Lexer {
	name, ok := chromaLexers[lang]
	if !ok {
		return nil
	}
	if v, ok := lexerIDs.Load(lang); ok {
		lx, _ := v.(chroma.Lexer)
		return lx
	}
	lx := untimedLexer(name)
	lexerIDs.Store(lang, lx)
	return lx
}

// token is a piece of one line of code and its style.
type token struct {
	text  string
	style theme.Style
}

// highlight is the card's code in tokens: highlighted, unless the card is
// drawn without highlighting (the same rows, sooner).
func (c *card) highlight(lang, code string) [][]token {
	if c.o.NoHighlight {
		return plainTokens(c.th, code)
	}
	return highlight(c.th, lang, code)
}

// highlight lexes code as one block, so state (an open string, a comment)
// carries across lines, and returns each line's tokens. Plain text, or code
// chroma cannot lex, comes back as one token a line in the text style.
func highlight(th *theme.Theme, lang, code string) [][]token {
	lx := lexerFor(lang)
	if lx == nil {
		return plainTokens(th, code)
	}
	lines, ok := lexLines(th, lx, code)
	if !ok {
		return plainTokens(th, code)
	}
	return lines
}

func lexLines(th *theme.Theme, lx chroma.Lexer, code string) (lines [][]token, ok bool) {
	defer func() {
		if recover() != nil { // a lexer bug must not take the card down
			ok = false
		}
	}()
	it, err := lx.Tokenise(&chroma.TokeniseOptions{State: "root"}, code)
	if err != nil {
		return nil, false
	}
	lines = [][]token{nil}
	for t := it(); t != chroma.EOF; t = it() {
		style := th.Token(t.Type)
		for i, part := range strings.Split(t.Value, "\n") {
			if i > 0 {
				lines = append(lines, nil)
			}
			if part != "" {
				lines[len(lines)-1] = append(lines[len(lines)-1], token{part, style})
			}
		}
	}
	want := strings.Count(code, "\n") + 1
	for len(lines) < want {
		lines = append(lines, nil)
	}
	return lines[:want], true
}

func plainTokens(th *theme.Theme, code string) [][]token {
	parts := strings.Split(code, "\n")
	out := make([][]token, len(parts))
	for i, p := range parts {
		if p != "" {
			out[i] = []token{{p, th.Text}}
		}
	}
	return out
}
