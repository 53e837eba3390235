package cards

import (
	"reflect"
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
// the lexer and reaches the rules by reflection; TestLexersNeverTimeOut
// pins that it works for the pinned chroma version.

var (
	budgetMu sync.Mutex
	budgeted = map[chroma.Lexer]bool{}
)

// budgetFence readies the lexer glamour will use for a fenced code block.
func budgetFence(lang string) { budgetedLexer(lang) }

// budgetedLexer finds a lexer by name or alias and sets its timeout, with the
// lexers markup embeds, before anyone is handed it: that writes to a
// lexer, so it happens once, under budgetMu, before the lexer is read.
func budgetedLexer(name string) chroma.Lexer {
	budgetMu.Lock()
	defer budgetMu.Unlock()
	lx := lexers.Get(name)
	if lx == nil || budgeted[lx] {
		return lx
	}
	for _, l := range []chroma.Lexer{lx, lexers.Get("JavaScript"), lexers.Get("CSS"), lexers.Get("HTML")} {
		if l != nil && !budgeted[l] {
			budget(reflect.ValueOf(l), 0)
			budgeted[l] = true
		}
	}
	return lx
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
			budgetRules(rl)
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
