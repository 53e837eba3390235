package present

import (
	"regexp"
	"strings"
	"unicode"
)

// ShellSearch is what an rg or grep command line says of what it prints,
// for a reader that makes a search card of its output.
type ShellSearch struct {
	Files   bool     // it prints file names (-l, --files), not matches
	Paths   []string // the paths it searches, as written
	Context bool     // context lines (-A, -B, -C) sit between its matches
	// Match is a Go regular expression of what it matched in each line,
	// for the card to mark; "" when deck cannot tell (patterns from a
	// file, a pattern Go does not read).
	Match string
}

// The rg and grep options that take a value: short ones by letter, long
// ones by name.
const (
	rgShortValue   = "efgtTABCmMjrEd"
	grepShortValue = "efABCmdD"
)

var valueFlags = map[string]bool{
	"--regexp": true, "--file": true, "--glob": true, "--iglob": true,
	"--type": true, "--type-not": true, "--type-add": true,
	"--after-context": true, "--before-context": true, "--context": true,
	"--max-count": true, "--max-columns": true, "--threads": true,
	"--sort": true, "--sortr": true, "--replace": true, "--encoding": true,
	"--max-depth": true, "--max-filesize": true, "--ignore-file": true,
	"--pre": true, "--pre-glob": true, "--context-separator": true, "--field-match-separator": true,
	"--path-separator": true, "--colors": true, "--engine": true, "--include": true, "--exclude": true,
	"--exclude-dir": true, "--label": true,
}

// searchSyntax is how a search reads its patterns.
type searchSyntax struct {
	grep                bool // grep's basic syntax unless told otherwise
	fixed, extended     bool // -F, -E/-P
	fromFile            bool // -f: patterns deck cannot see
	caseBlind, smart    bool // -i, rg's -S
	words, wholeLines   bool // -w, -x
	patterns            []string
	patternGiven, files bool
}

// ReadShellSearch reads an rg or grep command's words: which paths it
// searches, whether it prints files instead of matches, and what it
// matched. ok is false when it prints rows deck does not read (counts,
// JSON, byte offsets, NULs, rows without file names) or is no search.
func ReadShellSearch(argv []string) (ShellSearch, bool) {
	if len(argv) == 0 || argv[0] != "rg" && argv[0] != "grep" {
		return ShellSearch{}, false
	}
	var s ShellSearch
	var positional []string
	syn := searchSyntax{grep: argv[0] == "grep"}
	valued := rgShortValue
	if syn.grep {
		valued = grepShortValue
	}
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		switch {
		case a == "--":
			positional = append(positional, argv[i+1:]...)
			i = len(argv)
		case strings.HasPrefix(a, "--"):
			name, value, attached := strings.Cut(a, "=")
			if valueFlags[name] && !attached && i+1 < len(argv) {
				i++
				value = argv[i]
			}
			if !syn.long(name, value, &s) {
				return ShellSearch{}, false
			}
		case strings.HasPrefix(a, "-") && len(a) > 1:
			for j := 1; j < len(a); j++ {
				f := a[j]
				if strings.IndexByte(valued, f) >= 0 {
					value := a[j+1:] // the rest of this word, else the next word
					if value == "" && i+1 < len(argv) {
						i++
						value = argv[i]
					}
					syn.short(f, value, &s)
					break
				}
				if !syn.short(f, "", &s) {
					return ShellSearch{}, false
				}
			}
		default:
			positional = append(positional, a)
		}
	}
	if !syn.patternGiven && len(positional) > 0 {
		syn.patterns = append(syn.patterns, positional[0])
		positional = positional[1:]
	}
	s.Files, s.Paths = syn.files, positional
	if !s.Files {
		s.Match = syn.expression()
	}
	return s, true
}

// long takes a long option; false for one whose output deck does not read.
func (syn *searchSyntax) long(name, value string, s *ShellSearch) bool {
	switch name {
	case "--files", "--files-with-matches", "--files-without-match":
		syn.files = true
	case "--count", "--count-matches", "--json", "--stats", "--help", "--version", "--type-list", "--null", "--vimgrep", "--heading", "--byte-offset":
		return false
	case "--regexp":
		syn.patternGiven, syn.patterns = true, append(syn.patterns, value)
	case "--file":
		syn.patternGiven, syn.fromFile = true, true
	case "--after-context", "--before-context", "--context":
		s.Context = true
	case "--ignore-case":
		syn.caseBlind, syn.smart = true, false
	case "--smart-case":
		syn.caseBlind, syn.smart = false, true
	case "--case-sensitive", "--no-ignore-case":
		syn.caseBlind, syn.smart = false, false
	case "--fixed-strings":
		syn.fixed = true
	case "--extended-regexp", "--perl-regexp", "--pcre2":
		syn.extended = true
	case "--word-regexp":
		syn.words = true
	case "--line-regexp":
		syn.wholeLines = true
	}
	return true
}

// short takes a short option's letter, and its value when it takes one;
// false for one whose output deck does not read.
func (syn *searchSyntax) short(f byte, value string, s *ShellSearch) bool {
	switch {
	case f == 'l' || f == 'L':
		syn.files = true
	case f == 'c' || f == 'b' || f == 'Z' || !syn.grep && f == 'I' || syn.grep && (f == 'h' || f == 'z'):
		return false // counts, offsets, NULs, rows without file names
	case f == 'A' || f == 'B' || f == 'C':
		s.Context = true
	case f == 'e':
		syn.patternGiven, syn.patterns = true, append(syn.patterns, value)
	case f == 'f':
		syn.patternGiven, syn.fromFile = true, true
	case f == 'i' || syn.grep && f == 'y':
		syn.caseBlind, syn.smart = true, false
	case !syn.grep && f == 'S':
		syn.caseBlind, syn.smart = false, true
	case !syn.grep && f == 's':
		syn.caseBlind, syn.smart = false, false
	case f == 'F':
		syn.fixed = true
	case f == 'P' || syn.grep && f == 'E':
		syn.extended = true
	case syn.grep && f == 'G':
		syn.extended = false
	case f == 'w':
		syn.words = true
	case f == 'x':
		syn.wholeLines = true
	}
	return true
}

// maxMatch bounds a shell search's expression: a card compiles it each
// time it is drawn, and a pattern longer than a person writes (a log's
// megabyte of command line) is not worth that.
const maxMatch = 4 << 10

// expression is the search's patterns as one Go regular expression, or ""
// when Go would not read it as the search did.
func (syn *searchSyntax) expression() string {
	size := 0
	for _, p := range syn.patterns {
		size += len(p)
	}
	if syn.fromFile || len(syn.patterns) == 0 || size > maxMatch {
		return ""
	}
	parts := make([]string, len(syn.patterns))
	for i, p := range syn.patterns {
		switch {
		case p == "":
			return "" // matches every line, and marks nothing
		case syn.fixed:
			p = regexp.QuoteMeta(p)
		case syn.grep && !syn.extended:
			p = basicToGo(p)
		}
		parts[i] = "(?:" + p + ")"
	}
	expr := strings.Join(parts, "|")
	switch {
	case syn.wholeLines:
		expr = "^(?:" + expr + ")$"
	case syn.words:
		expr = `\b(?:` + expr + `)\b`
	}
	if syn.caseBlind || syn.smart && !hasUpper(syn.patterns) {
		expr = "(?i)" + expr
	}
	if _, err := regexp.Compile(expr); err != nil {
		return ""
	}
	return expr
}

// hasUpper is rg's smart case test: a pattern with an upper-case letter
// is matched as written.
func hasUpper(patterns []string) bool {
	for _, p := range patterns {
		if strings.IndexFunc(p, unicode.IsUpper) >= 0 {
			return true
		}
	}
	return false
}

// basicToGo writes a POSIX basic regular expression (grep without -E), as
// GNU grep reads it, in Go's syntax: \( \) \{ \} \| \+ \? are operators
// and the bare characters literal; \< and \> are word edges; a bracket
// expression's backslash is literal; a * that starts it is literal.
func basicToGo(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '[':
			end := bracketEnd(p, i)
			if end < 0 {
				b.WriteString(`\[`)
				continue
			}
			b.WriteString(strings.ReplaceAll(p[i:end+1], `\`, `\\`))
			i = end
		case c == '\\' && i+1 < len(p):
			i++
			switch n := p[i]; n {
			case '(', ')', '{', '}', '|', '+', '?':
				b.WriteByte(n)
			case '<', '>':
				b.WriteString(`\b`)
			default:
				b.WriteByte('\\')
				b.WriteByte(n)
			}
		case strings.IndexByte("(){}|+?", c) >= 0 || c == '*' && i == 0:
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// bracketEnd is where the bracket expression starting at p[at] ends: its
// closing ], which may not be its first character; -1 when it never ends.
func bracketEnd(p string, at int) int {
	i := at + 1
	if i < len(p) && p[i] == '^' {
		i++
	}
	if i < len(p) && p[i] == ']' {
		i++
	}
	for ; i < len(p); i++ {
		switch {
		case p[i] == '[' && i+1 < len(p) && strings.IndexByte(":.=", p[i+1]) >= 0:
			close := strings.Index(p[i+2:], string(p[i+1])+"]")
			if close < 0 {
				return -1
			}
			i += 2 + close + 1
		case p[i] == ']':
			return i
		}
	}
	return -1
}
