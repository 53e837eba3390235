package jsonline

import (
	"bytes"
	"errors"
	"hash/maphash"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
)

// ReadName reads an object member's name, unquoted. Its bytes are the
// decoder's own, valid until its next read: a switch over them makes no
// string, where Token.String makes one of each name that escapes. A name
// that is not valid UTF-8 is kept as it came: it matches no name deck
// looks for, as its U+FFFD form would not.
func ReadName(dec *jsontext.Decoder) ([]byte, error) {
	raw, err := dec.ReadValue()
	if err != nil {
		return nil, err
	}
	if raw.Kind() != '"' {
		return nil, errNotAName
	}
	if bytes.IndexByte(raw, '\\') < 0 {
		return raw[1 : len(raw)-1], nil
	}
	return []byte(unquote(raw)), nil
}

var errNotAName = errors.New("a value where a member's name was expected")

// Strings keeps the short strings a reader has read, so that a name read a
// million times (a tool's, a model's, a role) is one string, not a million:
// as json's reflection does with its own cache, which a reader that walks
// tokens goes without. A slot holds the last string hashed to it.
type Strings struct {
	seed  maphash.Seed
	slots [256]string
}

// NewStrings is an empty cache.
func NewStrings() *Strings { return &Strings{seed: maphash.MakeSeed()} }

// maxKept is the longest string kept: longer ones are rarely the same twice.
const maxKept = 24

// Read reads the next value as ReadString does, keeping a short one.
func (c *Strings) Read(dec *jsontext.Decoder) (string, error) {
	if dec.PeekKind() != '"' {
		return ReadString(dec)
	}
	val, err := dec.ReadValue()
	if err != nil {
		return "", err
	}
	src := val[1 : len(val)-1]
	if len(src) > maxKept || bytes.IndexByte(src, '\\') >= 0 || !utf8.Valid(src) {
		return unquote(val), nil
	}
	slot := &c.slots[maphash.Bytes(c.seed, src)%uint64(len(c.slots))]
	if *slot != string(src) {
		*slot = string(src)
	}
	return *slot, nil
}
