package cards

import (
	"reflect"
	"strings"
	"sync"
	"unsafe"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// Chroma gives every rule of a lexer a 250 ms regexp match timeout, gives up
// on a rule that times out, and silently lexes differently; on a loaded
// machine (two cores under -race) that made the same file highlight two
// ways. Every lexer deck uses has the timeout raised to matchTimeout
// instead, which only hostile input reaches, and lexLines then trusts none
// of the block's tokens; the counted caps in highlight.go keep the known
// exponential shapes from the lexer before that.
// Chroma compiles rules lazily and keeps them unexported, so this compiles
// the lexer and reaches the rules by reflection;
// TestLexersTimeOutOnlyAtTheBudget pins that it works for the pinned chroma version.

var (
	budgetMu sync.Mutex
	budgeted = map[chroma.Lexer]bool{}
)

// budgetFence readies the lexer glamour will use for a fenced code block.
func budgetFence(lang string) { budgetedLexer(lang) }

// budgetedLexer finds a lexer by name or alias and sets its timeout, with the
// lexers it hands text to, before anyone is handed it: that writes to a
// lexer, so it happens once, under budgetMu, before the lexer is read. A
// name longer than maxLangName is never looked up.
func budgetedLexer(name string) chroma.Lexer {
	if len(name) > maxLangName {
		return nil
	}
	budgetMu.Lock()
	defer budgetMu.Unlock()
	lx := lexers.Get(name)
	if lx != nil {
		budget(reflect.ValueOf(lx), 0)
	}
	return lx
}

// anyLanguage are the lexers budgeted for a lexer that picks its embedded
// lexer from the text (Markdown's fences): those markup embeds most.
var anyLanguage = []string{"JavaScript", "CSS", "HTML"}

// reachedUnnamed are the lexers a lexer hands text to that its rules do
// not name, so embeddedLexers cannot find them: Go's raw strings are lexed
// by "Go Text Template" through a closure, Markdown's front matter by YAML
// in its Tokenise. TestEveryLexerThatRanIsBudgeted finds a new one.
var reachedUnnamed = map[string][]string{
	"Go":       {"Go Text Template"},
	"markdown": {"YAML"},
}

// budgetFences budgets the lexers a Markdown file's fences name, which
// chroma's Markdown lexer hands their code to (a fence is "```" and a
// name on a line of its own), before the file is lexed.
func budgetFences(lang, code string) {
	if chromaLexers[lang] != "Markdown" {
		return
	}
	for rest := code; rest != ""; {
		line, after, _ := strings.Cut(rest, "\n")
		rest = after
		if name, ok := strings.CutPrefix(line, "```"); ok && name != "" && !strings.ContainsFunc(name, notWord) {
			budgetedLexer(name)
		}
	}
}

// notWord is a rune outside regexp's \w.
func notWord(r rune) bool {
	return !(r == '_' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z')
}

// budget sets the timeout of a lexer's rules and of the lexers it
// wraps (a delegating or embedding lexer holds them in its fields).
func budget(v reflect.Value, depth int) {
	if depth > 4 || !v.IsValid() {
		return
	}
	for v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return
		}
		if rl, ok := v.Interface().(*chroma.RegexLexer); ok {
			if budgeted[rl] {
				return
			}
			budgeted[rl] = true
			budgetRules(rl)
			for _, name := range append(embeddedLexers(rl), reachedUnnamed[rl.Config().Name]...) {
				if l := lexers.Get(name); l != nil {
					budget(reflect.ValueOf(l), depth+1)
				}
			}
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
		budget(f, depth+1)
	}
}

// budgetRules compiles a regex lexer's rules and sets their timeout to
// matchTimeout.
func budgetRules(rl *chroma.RegexLexer) {
	if _, err := rl.Tokenise(nil, ""); err != nil { // compiles the rules
		return
	}
	for _, rs := range compiledRules(rl) {
		for _, r := range rs {
			if r.Regexp != nil {
				r.Regexp.MatchTimeout = matchTimeout
			}
		}
	}
}

// compiledRules reaches a regex lexer's unexported compiled rules; nil when
// the chroma version keeps them elsewhere.
func compiledRules(rl *chroma.RegexLexer) map[string][]*chroma.CompiledRule {
	f := reflect.ValueOf(rl).Elem().FieldByName("rules")
	if !f.IsValid() {
		return nil
	}
	return *(*map[string][]*chroma.CompiledRule)(unsafe.Pointer(f.UnsafeAddr()))
}

// embeddedLexers are the names of the lexers a regex lexer's rules hand
// text to, which chroma finds in its registry by name (its using and
// usingbygroup emitters, alone or in a bygroups): HTML names CSS and
// JavaScript; a lexer that names none (Go, Python) costs no other
// lexer's compiling, which is most of a small card's time.
func embeddedLexers(rl *chroma.RegexLexer) []string {
	rules, err := rl.Rules()
	if err != nil {
		return nil
	}
	var names []string
	var walk func(e chroma.Emitter, depth int)
	walk = func(e chroma.Emitter, depth int) {
		se, ok := e.(chroma.SerialisableEmitter)
		if !ok || depth > 4 {
			return
		}
		v := reflect.ValueOf(se)
		for v.Kind() == reflect.Pointer && !v.IsNil() {
			v = v.Elem()
		}
		switch se.EmitterKind() {
		case "using":
			if f := v.FieldByName("Lexer"); f.Kind() == reflect.String {
				names = append(names, f.String())
			}
		case "usingbygroup":
			names = append(names, anyLanguage...)
		}
		if v.Kind() == reflect.Struct { // bygroups and usingbygroup hold their emitters here
			if f := v.FieldByName("Emitters"); f.IsValid() && f.CanInterface() {
				if es, ok := f.Interface().(chroma.Emitters); ok {
					for _, sub := range es {
						walk(sub, depth+1)
					}
				}
			}
		}
	}
	for _, rs := range rules {
		for _, r := range rs {
			walk(r.Type, 0)
		}
	}
	return names
}
