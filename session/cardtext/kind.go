package cardtext

import (
	"fmt"
	"strings"
)

// Kind is what part of a card a text is, as `deck search --kind` names it.
type Kind uint8

// The kinds, eight: the index keeps one in three bits of a row's id
// (session/index, rowid.go).
const (
	KindPrompt    Kind = iota // a person's prompt
	KindReply                 // the model's reply, a summary of earlier messages
	KindReasoning             // the model's reasoning
	KindCall                  // a tool call: its name, title, arguments, command line, paths, a plan
	KindOutput                // what a call gave back: a command's output, search and web results
	KindFile                  // a file's contents: a read's lines, a diff's old and new text
	KindError                 // what failed: a notice, a failed call's error, a turn that ended in error
	KindEvent                 // what neither a person nor the model said: injected context, session events, deck's own notes
)

// Kinds is how many kinds there are.
const Kinds = len(kindNames)

var kindNames = [...]string{"prompt", "reply", "reasoning", "call", "output", "file", "error", "event"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", k)
}

// KindNames are the kinds' names, in order.
func KindNames() []string { return kindNames[:] }

// ParseKind reads a kind's name.
func ParseKind(s string) (Kind, error) {
	for i, n := range kindNames {
		if strings.EqualFold(s, n) {
			return Kind(i), nil
		}
	}
	return 0, fmt.Errorf("%q is no kind of card text: %s", s, strings.Join(kindNames[:], ", "))
}

// MarshalText writes a kind by its name (JSON Lines of deck search).
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }
