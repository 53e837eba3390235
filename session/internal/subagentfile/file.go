// Package subagentfile reads a subagent's own log, kept in a file beside
// its parent's (a Claude Code, Gemini CLI, Grok Build or Cursor CLI
// subagent's transcript), into the card of the call that ran it: the
// file is found among the places it may be, only a regular file is
// opened, at most MaxBytes of it is read, and a decoder told to Defer
// leaves each file to its user (Queue) rather than reading it at once.
package subagentfile

import (
	"io"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/regular"
)

// MaxDepth bounds subagents in subagents: a decoder that deep reads no
// subagent's file.
const MaxDepth = 3

// Later is a part of a session kept in a file beside its log, to be read
// apart from the session: Read may take long (the file is huge, or on a
// slow disk) and touches nothing of the session, so it runs without the
// session's lock; Show then puts what was read in place, where the
// session may change.
type Later interface {
	Read()
	Show()
}

// File is a subagent's own log, read by a decoder of its own (which
// shares nothing with its parent's) into the card of the call that ran
// it. It is a Later.
type File struct {
	paths []string // where the file may be, the likeliest first
	read  func(path string, rd io.Reader) []session.Entry
	show  func([]session.Entry)

	entries []session.Entry
	found   bool
}

// New returns the file that may be at paths: read gives the entries of
// the one found (read by the subagent's own decoder), show puts them in
// the parent's session.
func New(paths []string, read func(path string, rd io.Reader) []session.Entry, show func([]session.Entry)) *File {
	return &File{paths: paths, read: read, show: show}
}

// Nested is a show that puts the entries in call's card and tells the
// session the card changed.
func Nested(s *session.Builder, call *session.ToolCall) func([]session.Entry) {
	return func(entries []session.Entry) {
		call.Nested = entries
		s.Touch(call)
	}
}

// Read reads the first of the paths that is a regular file (a named pipe
// or a device would never end). It touches nothing of the session: it
// may run beside the session's reading.
func (f *File) Read() {
	for _, p := range f.paths {
		file, _, err := regular.Open(p)
		if err != nil {
			continue
		}
		f.entries, f.found = f.read(p, file), true
		file.Close()
		return
	}
}

// Show puts what Read found in the parent's session. It changes the
// session: call it where the session may change (under its lock).
func (f *File) Show() {
	if f.found {
		f.show(f.entries)
	}
}

// ReadInto reads the file at once and puts what it found in call's card
// without telling the session: for a call not yet in the session, or one
// its decoder touches next.
func (f *File) ReadInto(call *session.ToolCall) {
	f.Read()
	if f.found {
		call.Nested = f.entries
	}
}
