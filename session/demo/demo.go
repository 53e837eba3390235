// Package demo holds deck's built-in demo session: a harness log, embedded,
// that shows every kind of card.
package demo

import (
	"bytes"
	_ "embed"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/source"
)

//go:embed demo.jsonl
var log []byte

// Log is the demo session's log, as the harness would have written it.
func Log() []byte { return log }

// Session reads the demo session.
func Session() *session.Session {
	s, _ := source.ReadAll(bytes.NewReader(log)) // reading bytes cannot fail
	return s
}
