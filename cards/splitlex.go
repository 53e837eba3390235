package cards

import (
	"cmp"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// A large block is lexed on every core. It is cut at line starts into one
// part a core, and each part is lexed from the root state at its cut, over
// the whole text (so a look-behind sees what one pass sees). A cut is
// proven, never assumed: the lexer of the part before lexes on past the cut
// until it stands at a token boundary in the bare root state (the stack
// just "root", no sub-lexer's tokens pending, no mutator context) at a
// position where the next part's lexer stood in that state too. From there
// the two are the same machine in the same state over the same text, so
// their tokens are the same, and the block's tokens are the first lexer's
// up to that point and the second's after it. A cut that does not prove
// itself before the next part ends makes the whole block one pass.

// minSplitPart is the least a part is worth (bytes): below it the overlap
// and the goroutines cost more than a core saves.
const minSplitPart = 8 << 10

// splitParts is how many parts a block of n bytes is lexed in: one a core,
// each at least minSplitPart. Tests cut finer, to prove many more seams.
var splitParts = func(n int) int { return min(runtime.GOMAXPROCS(0), n/minSplitPart) }

// splitCuts are the byte offsets where the parts of code start after the
// first: line starts near equal shares, each at a line that does not start
// with a space (more often where the lexer is back at its root). Nil when
// code is too small to split.
func splitCuts(code string) []int {
	parts := splitParts(len(code))
	var cuts []int
	for i := 1; i < parts; i++ {
		at := i * len(code) / parts
		for at < len(code) {
			nl := strings.IndexByte(code[at:], '\n')
			if nl < 0 {
				at = len(code)
				break
			}
			at += nl + 1
			if at < len(code) && code[at] != ' ' && code[at] != '\t' && code[at] != '\n' {
				break
			}
		}
		if at >= len(code) || (len(cuts) > 0 && at <= cuts[len(cuts)-1]) {
			break
		}
		cuts = append(cuts, at)
	}
	return cuts
}

// part is one part's lexing: its tokens, and where it stood in the bare
// root state.
type part struct {
	st     *chroma.LexerState
	rules  *asciiRules
	clock  *lexClock
	toks   []chroma.Token
	roots  []root        // in rising position: the lexer only moves on
	peeked *chroma.Token // the next token, taken from a pending emitter by settle
	group  [1]string     // the one group of a match of a single token (iterate.go)
	why    string
	bad    bool // the lexer failed, panicked or ran over its limits
}

// root is a place where a part's lexer stood in the bare root state: a rune
// position and the index of the token there.
type root struct{ pos, tok int }

// noteRoot notes that the lexer stands in the bare root state; at a place
// already noted (a rule that matched nothing), the later token counts.
func (p *part) noteRoot() {
	at := root{p.st.Pos, len(p.toks)}
	if n := len(p.roots); n > 0 && p.roots[n-1].pos == at.pos {
		p.roots[n-1] = at
		return
	}
	p.roots = append(p.roots, at)
}

// rootAt is the index of the token where the part stood in the bare root
// state at rune position pos, or false.
func (p *part) rootAt(pos int) (int, bool) {
	i, found := slices.BinarySearchFunc(p.roots, pos, func(r root, pos int) int { return cmp.Compare(r.pos, pos) })
	if !found {
		return 0, false
	}
	return p.roots[i].tok, true
}

// step lexes one token; false at the end of the text or when it failed.
func (p *part) step() bool {
	if p.bad {
		return false
	}
	var t chroma.Token
	if p.peeked != nil {
		t, p.peeked = *p.peeked, nil
	} else {
		t = p.next()
	}
	if why := p.clock.tick(); why != "" {
		p.why, p.bad = why, true
		return false
	}
	if t == chroma.EOF {
		return false
	}
	p.toks = append(p.toks, t)
	p.settle()
	return true
}

// settle does what chroma's iterator does first on its next call: it drops
// the emitters a match has exhausted, and takes the next pending token, if
// any, so that the state shows whether a token boundary has been reached.
func (p *part) settle() {
	stack := pendingEmitters(p.st)
	for len(*stack) > 0 {
		n := len(*stack) - 1
		t := (*stack)[n]()
		switch {
		case t.Type == chroma.Ignore:
		case t == chroma.EOF:
			*stack = (*stack)[:n]
		default:
			p.peeked = &t
			return
		}
	}
}

// atRoot says whether the lexer stands at a token boundary in the bare
// root state.
func (p *part) atRoot() bool {
	st := p.st
	return p.peeked == nil && len(*pendingEmitters(st)) == 0 &&
		len(st.Stack) == 1 && st.Stack[0] == "root" && len(st.MutatorContext) == 0
}

// lexTo lexes until the lexer stands at a token boundary at or past rune
// position end, noting each bare root boundary.
func (p *part) lexTo(end int) {
	defer p.contain()
	for {
		if p.atRoot() {
			p.noteRoot()
		}
		if (p.st.Pos >= end && p.boundary()) || !p.step() {
			return
		}
	}
}

// boundary says whether no token is pending: the position is between two.
func (p *part) boundary() bool { return p.peeked == nil && len(*pendingEmitters(p.st)) == 0 }

// meet lexes on past the part's end until it stands in the bare root state
// where next stood so too, within next's span; the index of the token there
// in p and in next, or ok false.
func (p *part) meet(next *part, end int) (mine, theirs int, ok bool) {
	defer p.contain()
	for {
		if p.atRoot() {
			if i, found := next.rootAt(p.st.Pos); found {
				return len(p.toks), i, true
			}
		}
		if p.st.Pos > end || !p.step() {
			return 0, 0, false
		}
	}
}

// contain turns a lexer's panic into a failed part.
func (p *part) contain() {
	if recover() != nil {
		p.bad = true
	}
}

// lexSplit lexes code in parts on every core, in one part without cuts,
// each handed only the rules that can match where it stands
// (firstchar.go); ok false when it could not (the caller lexes as chroma
// does, in one pass), a non-empty why when the lexer ran over its limits.
func lexSplit(rl *chroma.RegexLexer, code string, cuts []int, clock *lexClock) (toks []chroma.Token, why string, ok bool) {
	if _, err := rl.Tokenise(nil, ""); err != nil { // compiles the rules
		return nil, "", false
	}
	rules := compiledRules(rl)
	if rules == nil || !statePatchable {
		return nil, "", false
	}
	byChar := asciiRulesOf(rl, rules)
	text, added := code, false
	if rl.Config().EnsureNL && !strings.HasSuffix(text, "\n") {
		text, added = text+"\n", true
	}
	runes := []rune(text)
	// Byte cuts to rune positions; the end of each part's span.
	starts := []int{0}
	for _, c := range cuts {
		starts = append(starts, utf8.RuneCountInString(code[:c]))
	}
	ends := append(starts[1:], len(runes))
	parts := make([]*part, len(starts))
	for i, s := range starts {
		parts[i] = &part{st: newLexerState(rl, rules, runes, s, added), rules: byChar, clock: clock.fork()}
	}
	var wg sync.WaitGroup
	for i, p := range parts {
		wg.Go(func() { p.lexTo(ends[i]) })
	}
	wg.Wait()
	// Prove each cut: the part before lexes on into the next part's span.
	type seam struct{ mine, theirs int }
	seams := make([]seam, len(parts)-1)
	met := make([]bool, len(parts)-1)
	for i := range seams {
		if parts[i].bad || parts[i+1].bad {
			continue
		}
		wg.Go(func() {
			mine, theirs, found := parts[i].meet(parts[i+1], ends[i+1])
			seams[i], met[i] = seam{mine, theirs}, found && !parts[i].bad
		})
	}
	wg.Wait()
	for _, p := range parts {
		if p.bad {
			return nil, p.why, p.why != ""
		}
	}
	for i := range met {
		if !met[i] {
			return nil, "", false
		}
	}
	if len(parts) == 1 {
		return parts[0].toks, "", true
	}
	n := 0
	for _, p := range parts {
		n += len(p.toks) // at least what the block keeps of them
	}
	toks = make([]chroma.Token, 0, n)
	from := 0
	for i, p := range parts {
		to := len(p.toks)
		if i < len(seams) {
			to = seams[i].mine
		}
		if from > to {
			return nil, "", false
		}
		toks = append(toks, p.toks[from:to]...)
		if i < len(seams) {
			from = seams[i].theirs
		}
	}
	return toks, "", true
}

// newLexerState is the state chroma's RegexLexer.Tokenise makes, standing at
// rune position pos in the root state. Every lexer deck uses comes from
// chroma's global registry (lexers.Get), the one its embedded lexers are
// found in.
func newLexerState(rl *chroma.RegexLexer, rules chroma.CompiledRules, text []rune, pos int, added bool) *chroma.LexerState {
	st := &chroma.LexerState{
		Lexer:          rl,
		Registry:       lexers.GlobalLexerRegistry,
		Text:           text,
		Pos:            pos,
		Rules:          rules,
		Stack:          []string{"root"},
		MutatorContext: map[any]any{},
	}
	*(**chroma.TokeniseOptions)(unsafe.Add(unsafe.Pointer(st), stateFields.options)) = &chroma.TokeniseOptions{State: "root"}
	*newlineAdded(st) = added
	return st
}

// stateFields are the offsets in chroma's LexerState of the unexported
// fields newLexerState and pendingEmitters reach; statePatchable says the
// pinned chroma has them, of the types expected (else nothing is split),
// and TestSplitLexingReachesChroma fails when a chroma update moves them.
var stateFields struct{ options, newlineAdded, iteratorStack uintptr }

var statePatchable = func() bool {
	t := reflect.TypeFor[chroma.LexerState]()
	options, ok1 := t.FieldByName("options")
	added, ok2 := t.FieldByName("newlineAdded")
	pending, ok3 := t.FieldByName("iteratorStack")
	if !ok1 || !ok2 || !ok3 ||
		options.Type != reflect.TypeFor[*chroma.TokeniseOptions]() ||
		added.Type != reflect.TypeFor[bool]() ||
		pending.Type != reflect.TypeFor[[]chroma.Iterator]() {
		return false
	}
	stateFields.options, stateFields.newlineAdded, stateFields.iteratorStack = options.Offset, added.Offset, pending.Offset
	return true
}()

// newlineAdded says the lexer added the text's last newline (EnsureNL).
func newlineAdded(st *chroma.LexerState) *bool {
	return (*bool)(unsafe.Add(unsafe.Pointer(st), stateFields.newlineAdded))
}

// pendingEmitters are the emitters of the matches made whose tokens chroma
// has not all handed out yet.
func pendingEmitters(st *chroma.LexerState) *[]chroma.Iterator {
	return (*[]chroma.Iterator)(unsafe.Add(unsafe.Pointer(st), stateFields.iteratorStack))
}
