package cards

import (
	"reflect"
	"testing"

	"github.com/alecthomas/chroma/v2"
)

// A match that makes no token (ignored, or a state change with no token
// type) is followed by a match with the rules of the character after it,
// as chroma's one pass follows it with all of them: the block is lexed by
// character, not handed back to chroma (splitlex.go's step once did).
func TestAMatchWithoutATokenIsFollowedByTheNextCharactersRules(t *testing.T) {
	lx := chroma.MustNewLexer(&chroma.Config{Name: "test"}, func() chroma.Rules {
		return chroma.Rules{
			"root": {
				{Pattern: `#`, Type: chroma.Ignore},
				{Pattern: `@`, Mutator: chroma.Push("at")},
				{Pattern: `[a-z]+`, Type: chroma.Name},
				{Pattern: `\d+`, Type: chroma.Number},
				{Pattern: `\s+`, Type: chroma.Text},
			},
			"at": {
				{Pattern: `[a-z]+`, Type: chroma.NameDecorator, Mutator: chroma.Pop(1)},
				{Pattern: `\d+`, Type: chroma.LiteralNumberHex, Mutator: chroma.Pop(1)},
			},
		}
	})
	code := "#abc #12 @name @34 x#y\n#\n@q 7"
	got, why, ok := lexSplit(lx, code, nil, newLexClock(lexLimits{matchTimeout, lexBudget}))
	if !ok || why != "" {
		t.Fatalf("not lexed by character (why %q)", why)
	}
	if want := onePass(t, lx, code); !reflect.DeepEqual(got, want) {
		t.Errorf("lexed by character\n%v\nchroma's one pass\n%v", got, want)
	}
}
