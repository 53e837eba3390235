package gemini

import (
	"bytes"
	"fmt"
	"sort"
)

// Gemini CLI before its JSON Lines log (0.x until April 2026) kept a chat
// as one JSON document, pretty-printed and rewritten whole as the chat
// grew: {sessionId, projectHash, startTime, lastUpdated, messages[],
// summary}. Its lines are gathered until the document closes; then it is
// read whole, each message placed at the line it starts on.

// maxDocument bounds the document held while it is read: past it the
// document is dropped with a notice, so one that never closes cannot
// hold the rest of the input.
const maxDocument = 256 << 20

// document is the legacy document while its lines come.
type document struct {
	buf   []byte
	lines []int // the offset in buf at which each of its lines starts
	first int   // the line it starts on; 0 when none is open
	depth int
	inStr bool
	esc   bool
}

func (doc *document) open() bool { return doc.first != 0 }

func (doc *document) start(num int) { doc.first = num }

func (doc *document) reset() { *doc = document{} }

// counted reports a line of the open document before the last it took
// (the one being read): each was counted as merged when it came.
func (doc *document) counted(num int) bool {
	return doc.open() && num >= doc.first && num < doc.first+len(doc.lines)-1
}

// line is the log line a byte of the document is on.
func (doc *document) line(offset int64) int {
	i := sort.Search(len(doc.lines), func(i int) bool { return int64(doc.lines[i]) > offset })
	return doc.first + max(i-1, 0)
}

// feed takes a line and reports whether the document closed on it.
func (doc *document) feed(line []byte) bool {
	doc.lines = append(doc.lines, len(doc.buf))
	doc.buf = append(append(doc.buf, line...), '\n')
	for _, c := range line {
		switch {
		case doc.inStr && doc.esc:
			doc.esc = false
		case doc.inStr && c == '\\':
			doc.esc = true
		case doc.inStr && c == '"':
			doc.inStr = false
		case doc.inStr:
		case c == '"':
			doc.inStr = true
		case c == '{' || c == '[':
			doc.depth++
		case c == '}' || c == ']':
			doc.depth--
			if doc.depth == 0 {
				return true
			}
		}
	}
	return false
}

// documentLine takes a line of the document: merged while it goes on; the
// line that closes it goes by what the document made.
func (d *Decoder) documentLine(num int, line []byte) {
	if !d.doc.feed(line) {
		d.s.Account.Merged++
		if len(d.doc.buf) > maxDocument {
			first := d.doc.first
			d.doc.reset()
			d.s.Account.Merged--
			d.s.Notice(num, fmt.Sprintf("line %d: the JSON document that starts at line %d is larger than %d MB: it was not read", num, first, maxDocument>>20))
		}
		return
	}
	out := d.document(num)
	d.account(num, out)
	d.doc.reset()
}

// document reads the whole legacy document, closed at line num.
func (d *Decoder) document(num int) outcome {
	buf := d.doc.buf
	w, err := walk(buf)
	switch {
	case err != nil:
		d.problem(d.doc.first, "not a Gemini CLI chat: "+err.Error())
		return outcome{}
	case w.SessionID == nil:
		d.problem(d.doc.first, "not a Gemini CLI chat: the document has no sessionId")
		return outcome{}
	}
	d.facts(&w.meta)
	out := hidden("chat document")
	if w.listed {
		out = d.messages(buf, w.messages, d.doc.line)
	}
	if rest := bytes.TrimSpace(buf[w.end:]); len(rest) > 0 {
		d.problem(num, "text after the JSON document: "+quote(string(rest[:min(len(rest), 240)])))
	}
	return out
}
