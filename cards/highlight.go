package cards

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

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

// Chroma's string rules backtrack exponentially over a run of backslashes
// in a string that never closes (`"` and 40 backslashes take minutes): each
// run of n costs up to 2^n steps, and a block whose runs cost more than
// maxBackslashSteps is not lexed. Decided by counting, so the same file is
// always highlighted the same way; ordinary code (`\\n`, a regexp) costs
// a few dozen steps a line.
const maxBackslashSteps = 1 << 22

// matchTimeout and lexBudget are the last resort, for a shape the counting
// does not know: no regexp match may run longer than matchTimeout (one that
// does gives up, and the lexer lexes on differently), and no block longer
// than lexBudget. Both are far above what ordinary code takes, under -race
// on a machine loaded twentyfold too (a 200-line stylesheet there: seconds
// for the block, a token once stalled 2 s), so only hostile input meets
// them; its block is then shown plain and says so.
const (
	matchTimeout = 10 * time.Second
	lexBudget    = 30 * time.Second
)

// lexLimits are the time limits lexLines keeps: matchTimeout and lexBudget.
type lexLimits struct{ match, block time.Duration }

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
	if backslashSteps(code) > maxBackslashSteps {
		return "not highlighted: too many backslashes in a row"
	}
	if longLangName(code) {
		return langNameNote
	}
	return ""
}

// chroma looks a language name it does not know up against every lexer's
// file patterns, a second for each 4 KB of the name: glamour for a fence's
// language, chroma's Markdown lexer for each fence in a Markdown file. No
// name longer than maxLangName is looked up, and code whose fences name one
// is not lexed (no lexer's name, alias or file extension is that long).
const maxLangName = 64

var langNameNote = fmt.Sprintf("not highlighted: a language name over %d bytes", maxLangName)

// longLangName reports whether a fence in text names a language longer
// than maxLangName.
func longLangName(text string) bool {
	return slices.ContainsFunc(fenceLangs(text), func(lang string) bool { return len(lang) > maxLangName })
}

// backslashSteps is what the runs of backslashes in code may cost a lexer:
// 2^n for a run of n, saturating past the cap.
func backslashSteps(code string) int {
	steps, run := 0, 0
	for i := 0; i <= len(code); i++ {
		if i < len(code) && code[i] == '\\' {
			run++
			continue
		}
		if run > 0 {
			steps += 1 << min(run, 23)
			if steps > maxBackslashSteps {
				return steps
			}
		}
		run = 0
	}
	return steps
}

// lexerIDs caches the lexer of each language id (a few dozen at most).
var lexerIDs sync.Map // language id → chroma.Lexer, budgeted

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
	lx := budgetedLexer(name)
	lexerIDs.Store(lang, lx)
	return lx
}

// token is a piece of one line of code and its style.
type token struct {
	text  string
	style theme.Style
}

// highlight is the card's code in tokens, and why it is not highlighted
// when it could have been ("" else): highlighted, unless the card is drawn
// without highlighting (the same rows, sooner: the caps are counted the
// same way).
func (c *card) highlight(lang, code string) ([][]token, string) {
	if lexerFor(lang) == nil {
		return plainTokens(c.th, code), ""
	}
	if why := tooBigToHighlight(code); why != "" {
		return plainTokens(c.th, code), why
	}
	if c.o.NoHighlight || c.o.Plain {
		return plainTokens(c.th, code), ""
	}
	return highlight(c.th, lang, code)
}

// highlight lexes code as one block, so state (an open string, a comment)
// carries across lines, and returns each line's tokens. Plain text, or code
// chroma cannot lex, comes back as one token a line in the text style; code
// over the caps or the time budget too, with why.
func highlight(th *theme.Theme, lang, code string) ([][]token, string) {
	lx := lexerFor(lang)
	if lx != nil {
		budgetFences(lang, code)
	}
	return highlightBy(th, lx, code)
}

// fenceTokens is highlight for the code of a Markdown fence too big for
// glamour (mdbig.go), by the fence's language as glamour looks it up; no
// language is plain text, never a lexer guessed from the code. lex false
// is plain too: the text's note says why.
func fenceTokens(th *theme.Theme, lang, code string, lex bool) ([][]token, string) {
	if !lex || lang == "" {
		return plainTokens(th, code), ""
	}
	return highlightBy(th, budgetedLexer(lang), code)
}

// highlightBy is highlight with the lexer lx, nil for plain text.
func highlightBy(th *theme.Theme, lx chroma.Lexer, code string) ([][]token, string) {
	if lx == nil {
		return plainTokens(th, code), ""
	}
	if why := tooBigToHighlight(code); why != "" {
		return plainTokens(th, code), why
	}
	lines, why := lexLines(th, lx, code, lexLimits{matchTimeout, lexBudget})
	if lines == nil {
		return plainTokens(th, code), why
	}
	return lines, ""
}

// lexLines lexes code into lines of tokens; nil, with why when it is worth
// saying, when the lexer fails or runs over its limits. A regex lexer's
// block is lexed trying only the rules that can match at each character
// (firstchar.go), a large one on every core (splitlex.go), to the same
// tokens as chroma's one pass.
func lexLines(th *theme.Theme, lx chroma.Lexer, code string, limit lexLimits) ([][]token, string) {
	clock := newLexClock(limit)
	if rl, ok := lx.(*chroma.RegexLexer); ok {
		if toks, why, ok := lexSplit(rl, code, splitCuts(code), clock); ok {
			if why != "" {
				return nil, why
			}
			return linesOf(th, toks, code), ""
		}
	}
	toks, why, ok := lexOnePass(lx, code, clock)
	if !ok {
		return nil, why
	}
	return linesOf(th, toks, code), ""
}

// lexOnePass lexes code from start to end; ok false, with why when it is
// worth saying, when the lexer fails or runs over its limits.
func lexOnePass(lx chroma.Lexer, code string, clock *lexClock) (toks []chroma.Token, why string, ok bool) {
	defer func() {
		if recover() != nil { // a lexer bug must not take the card down
			toks, why, ok = nil, "", false
		}
	}()
	it, err := lx.Tokenise(&chroma.TokeniseOptions{State: "root"}, code)
	if err != nil {
		return nil, "", false
	}
	for t := it(); ; t = it() {
		if why := clock.tick(); why != "" {
			return nil, why, false
		}
		if t == chroma.EOF {
			return toks, "", true
		}
		toks = append(toks, t)
	}
}

// lexClock keeps a lexing's time limits: it is ticked after each token and
// at the end.
type lexClock struct {
	limit       lexLimits
	start, last time.Time
}

func newLexClock(limit lexLimits) *lexClock {
	now := time.Now()
	return &lexClock{limit, now, now}
}

// fork is a clock for another goroutine lexing the same block: the same
// start, its own last token.
func (c *lexClock) fork() *lexClock { d := *c; return &d }

// tick says why the lexing must stop, or "".
func (c *lexClock) tick() string {
	now := time.Now()
	defer func() { c.last = now }()
	switch {
	case now.Sub(c.last) >= c.limit.match: // a match may have timed out and lexed wrong: trust none
		return fmt.Sprintf("not highlighted: a lexer rule ran over %v", c.limit.match)
	case now.Sub(c.start) > c.limit.block:
		return fmt.Sprintf("not highlighted: the lexer took over %v", c.limit.block)
	}
	return ""
}

// linesOf splits tokens into code's lines, each token styled. The lines
// share one backing array of tokens, cut to length so that appending to one
// cannot write over the next.
func linesOf(th *theme.Theme, toks []chroma.Token, code string) [][]token {
	want := strings.Count(code, "\n") + 1
	lines := make([][]token, want)
	all := make([]token, 0, len(toks)+want)
	n, start := 0, 0 // the line being filled, and where its tokens start in all
	for _, t := range toks {
		style := th.Token(t.Type)
		for rest := t.Value; ; {
			part, after, newline := strings.Cut(rest, "\n")
			if part != "" {
				all = append(all, token{part, style})
			}
			if !newline {
				break
			}
			if n < want {
				lines[n] = all[start:len(all):len(all)]
			}
			n, start, rest = n+1, len(all), after
		}
	}
	if n < want {
		lines[n] = all[start:len(all):len(all)]
	}
	for i, l := range lines {
		if len(l) == 0 {
			lines[i] = nil
		}
	}
	return lines
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
