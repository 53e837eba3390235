package aider_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// FuzzReader feeds any bytes after a run's start, in any chunks, to the
// reader: it never panics, every line is accounted for, and reading in
// chunks makes what reading whole does.
func FuzzReader(f *testing.F) {
	for _, p := range []string{sessiontest.Testdata + "/corpus/aider/simple-calculator.aider.chat.history.md", sessiontest.Testdata + "/aider/demo/.aider.chat.history.md"} {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		lines := bytes.SplitAfter(b, []byte("\n"))
		f.Add(bytes.Join(lines[:min(len(lines), 120)], nil), uint16(64))
	}
	f.Add([]byte("#### a  \n> b\nc\n\n<think>\nd\n<<<<<<< SEARCH\n=======\n>>>>>>> REPLACE\n"), uint16(3))
	f.Add([]byte("> Main model: m with udiff edit format  \n\n#### a  \n\n```diff\n--- a/x\n+++ b/x\n@@ @@\n-a\n+b\n@@\n c\n```\n\n> Applied edit to x  \n"), uint16(5))
	f.Add([]byte("> Main model: m with whole edit format  \n\n#### a  \n\n**x.py**\n```\nb\n```\n```\n"), uint16(7))
	f.Fuzz(func(t *testing.T, data []byte, chunk uint16) {
		in := append([]byte("# aider chat started at 2026-05-06 14:20:11\n"), data...)
		s := sessiontest.ReadBytes(in, int(chunk%4096)+1)
		if s.Format == "" && s.Account.Lines == 0 {
			return // binary bytes (a NUL, mostly not UTF-8): no text log, said so, as for any format
		}
		if s.Format != session.FormatAider || !s.Account.Balanced() {
			t.Fatalf("format %q accounting %+v", s.Format, s.Account)
		}
		whole := sessiontest.ReadBytes(in, len(in)+1)
		if a, b := sessiontest.Shape(s), sessiontest.Shape(whole); a != b {
			t.Fatalf("in chunks:\n%s\nwhole:\n%s", a, b)
		}
	})
}
