package cards

import (
	"reflect"
	"strings"
	"sync"
	"unsafe"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/dlclark/regexp2/v2"

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

var (
	lexerMu  sync.Mutex
	lexerIDs = map[string]chroma.Lexer{} // language id → lexer, untimed
	untimed  = map[chroma.Lexer]bool{}
)

// lexerFor returns the lexer of a harness language id, nil for plain text.
func lexerFor(lang string) chroma.Lexer {
	name, ok := chromaLexers[lang]
	if !ok {
		return nil
	}
	lexerMu.Lock()
	defer lexerMu.Unlock()
	lx, ok := lexerIDs[lang]
	if !ok {
		lx = untimedLexer(name)
		lexerIDs[lang] = lx
	}
	return lx
}

// untimeFence readies the lexer glamour will use for a fenced code block.
func untimeFence(lang string) {
	lexerMu.Lock()
	defer lexerMu.Unlock()
	untimedLexer(lang)
}

// untimedLexer finds a lexer by name or alias and untimes it, with the
// lexers markup embeds, before anyone is handed it: untiming writes to a
// lexer, so it happens once, under lexerMu, before the lexer is read.
func untimedLexer(name string) chroma.Lexer {
	lx := lexers.Get(name)
	if lx == nil || untimed[lx] {
		return lx
	}
	for _, l := range []chroma.Lexer{lx, lexers.Get("JavaScript"), lexers.Get("CSS"), lexers.Get("HTML")} {
		if l != nil && !untimed[l] {
			untime(l, 0)
			untimed[l] = true
		}
	}
	return lx
}

// untime removes chroma's 250 ms per-rule regexp timeout from a lexer and the
// lexers it wraps. Chroma gives up on a rule that times out and silently
// lexes differently; on a loaded machine (two cores under -race) that made
// the same file highlight two ways. A rule that never times out keeps
// highlighting deterministic; the size caps above bound the work instead.
// Chroma compiles rules lazily and keeps them unexported, so this compiles
// the lexer and reaches the rules by reflection; a test pins that it works
// for the pinned chroma version.
func untime(l chroma.Lexer, depth int) {
	if l == nil || depth > 4 {
		return
	}
	untimeLocked(reflect.ValueOf(l), depth)
}

func untimeLocked(v reflect.Value, depth int) {
	if depth > 4 || !v.IsValid() {
		return
	}
	for v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return
		}
		if rl, ok := v.Interface().(*chroma.RegexLexer); ok {
			untimeRegex(rl)
			return
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct || !v.CanAddr() {
		return
	}
	lexerType := reflect.TypeFor[chroma.Lexer]()
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		if !f.Type().Implements(lexerType) {
			continue
		}
		f = reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
		untimeLocked(f, depth+1)
	}
}

func untimeRegex(rl *chroma.RegexLexer) {
	if _, err := rl.Tokenise(nil, ""); err != nil { // compiles the rules
		return
	}
	f := reflect.ValueOf(rl).Elem().FieldByName("rules")
	if !f.IsValid() {
		return
	}
	rules := *(*map[string][]*chroma.CompiledRule)(unsafe.Pointer(f.UnsafeAddr()))
	for _, rs := range rules {
		for _, r := range rs {
			if r.Regexp != nil {
				r.Regexp.MatchTimeout = regexp2.DefaultMatchTimeout
			}
		}
	}
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
