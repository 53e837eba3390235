package cards

import (
	"reflect"
	"sync"
	"unsafe"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/dlclark/regexp2/v2"
)

// Chroma gives every rule of a lexer a 250 ms regexp match timeout, gives up
// on a rule that times out, and silently lexes differently; on a loaded
// machine (two cores under -race) that made the same file highlight two
// ways. Every lexer deck uses has the timeout removed, so highlighting is
// deterministic; the size caps in highlight.go bound the work instead.
// Chroma compiles rules lazily and keeps them unexported, so this compiles
// the lexer and reaches the rules by reflection; TestLexersNeverTimeOut
// pins that it works for the pinned chroma version.

var (
	untimeMu sync.Mutex
	untimed  = map[chroma.Lexer]bool{}
)

// untimeFence readies the lexer glamour will use for a fenced code block.
func untimeFence(lang string) { untimedLexer(lang) }

// untimedLexer finds a lexer by name or alias and untimes it, with the
// lexers markup embeds, before anyone is handed it: untiming writes to a
// lexer, so it happens once, under untimeMu, before the lexer is read.
func untimedLexer(name string) chroma.Lexer {
	untimeMu.Lock()
	defer untimeMu.Unlock()
	lx := lexers.Get(name)
	if lx == nil || untimed[lx] {
		return lx
	}
	for _, l := range []chroma.Lexer{lx, lexers.Get("JavaScript"), lexers.Get("CSS"), lexers.Get("HTML")} {
		if l != nil && !untimed[l] {
			untime(reflect.ValueOf(l), 0)
			untimed[l] = true
		}
	}
	return lx
}

// untime removes the timeout from a lexer's rules and from the lexers it
// wraps (a delegating or embedding lexer holds them in its fields).
func untime(v reflect.Value, depth int) {
	if depth > 4 || !v.IsValid() {
		return
	}
	for v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return
		}
		if rl, ok := v.Interface().(*chroma.RegexLexer); ok {
			untimeRules(rl)
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
		untime(f, depth+1)
	}
}

// untimeRules compiles a regex lexer's rules and lifts their timeout.
func untimeRules(rl *chroma.RegexLexer) {
	if _, err := rl.Tokenise(nil, ""); err != nil { // compiles the rules
		return
	}
	for _, rs := range compiledRules(rl) {
		for _, r := range rs {
			if r.Regexp != nil {
				r.Regexp.MatchTimeout = regexp2.DefaultMatchTimeout
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
