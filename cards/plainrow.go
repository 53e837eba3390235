package cards

import (
	"strings"
	"sync"
)

// A session of many short replies (a million events: hundreds of
// thousands of "ok" and "done") spent most of its drawing in glamour, which
// takes a Markdown renderer's whole pass for each: tens of kilobytes and
// half a millisecond a reply. A reply of plain words (plainParagraph) that
// fits on one row is drawn without it, as glamour draws it: its text in
// glamour's style for prose, the last word a span of its own with the
// space before it, then the blank row after the paragraph. A test holds
// the two to the same bytes (TestAPlainRowIsWhatGlamourDraws).

// plainRow lays out a piece glamour would draw as one row of plain words;
// false for any other.
func (m mdText) plainRow(piece string) ([]string, bool) {
	text := strings.TrimRight(piece, " \n")
	if len(text) > m.width || !plainParagraph(text) {
		return nil, false
	}
	open, ok := proseStyle(m)
	if !ok {
		return nil, false
	}
	span := func(s string) string { return open + s + "\x1b[m" }
	row := span(text)
	if sp := strings.LastIndexByte(text, ' '); sp > 0 {
		row = span(text[:sp]) + span(text[sp:])
	}
	return []string{row, ""}, true
}

// proseStyles holds, by renderer key, the sequence glamour opens a plain
// word with, learnt by drawing one.
var proseStyles sync.Map // mdKey → string

// proseStyle is the sequence glamour opens prose with in m's renderer,
// read from glamour's own drawing of one word; false when that drawing is
// not the word in one style.
func proseStyle(m mdText) (string, bool) {
	key := mdKey{m.th.Name, m.dim, m.lex, m.width}
	if s, ok := proseStyles.Load(key); ok {
		return s.(string), s.(string) != ""
	}
	open := ""
	if rows := m.glamourRows("word"); len(rows) == 2 && rows[1] == "" &&
		strings.HasPrefix(rows[0], "\x1b[") && strings.HasSuffix(rows[0], "mword\x1b[m") {
		open = strings.TrimSuffix(rows[0], "word\x1b[m")
	}
	proseStyles.Store(key, open)
	return open, open != ""
}
