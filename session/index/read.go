package index

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"io"
	"sync"
	"syscall"
	"time"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/internal/regular"
	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/session/stats"
)

// headSize is how much of a log's start its head hash covers: enough to
// tell a log rewritten from one appended to, read with the log anyway.
const headSize = 64 << 10

// stat is what a log's file is now, or an error when it is gone or no
// regular file (catalog.Find looked, but it may have changed since).
func stat(path string) (fileState, error) {
	info, err := regular.Check(path)
	if err != nil {
		return fileState{}, err
	}
	st := fileState{size: info.Size(), mtime: info.ModTime().UnixNano()}
	if sys, ok := info.Sys().(*syscall.Stat_t); ok {
		st.inode = int64(sys.Ino)
	}
	return st, nil
}

// doc is one session read, ready to write: its row and its texts.
type doc struct {
	s       Session
	texts   []Text // until prepare cuts them into chunks
	chunks  []chunk
	rewrite bool // not an append to what the index holds: its rows are replaced whole
	known   bool // the index held the log before
	bytes   int  // of text, to size a batch
}

// gramSets are the scratch space of gramWords, kept between texts.
var gramSets = sync.Pool{New: func() any { return new(gramSet) }}

// readBuffers are the chunks a log is read in, kept between reads.
var readBuffers = sync.Pool{New: func() any { return new([1 << 20]byte) }}

// read reads a session's log whole. A log that changed within
// catalog.LiveWithin is probably still being written: its reader is not
// closed, so a last line still half written is not read as a broken one
// (the next update reads it, whole). before is what the index holds of it,
// nil for a log it does not hold.
func read(it catalog.Item, before *Session) (doc, error) {
	d := doc{s: Session{Path: it.Path, Agent: it.Agent, Unreadable: it.Unreadable}, known: before != nil}
	if it.Unreadable != "" {
		d.s.Mod = it.Mod
		d.s.file = fileState{mtime: it.Mod.UnixNano(), closed: true}
		d.rewrite = true
		return d, nil
	}
	if it.Stored() {
		return readStored(it, d)
	}
	f, _, err := regular.Open(it.Path)
	if err != nil {
		return d, err
	}
	defer f.Close()
	st, err := stat(it.Path)
	if err != nil {
		return d, err
	}
	r := source.NewReader()
	r.SetPath(it.Path) // a Claude Code session's subagents are beside it
	var head []byte    // the first headSize bytes
	buf := readBuffers.Get().(*[1 << 20]byte)
	defer readBuffers.Put(buf)
	in := io.LimitReader(f, st.size) // what was there when looked at; more is the next update's
	for {
		n, err := io.ReadFull(in, buf[:])
		if len(head) < headSize {
			head = append(head, buf[:min(n, headSize-len(head))]...)
		}
		r.Write(buf[:n])
		if r.Stopped() || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			break
		}
		if err != nil {
			return d, err
		}
	}
	sum := sha256.Sum256(head)
	st.head, st.headLen = sum[:], int64(len(head))
	st.closed = !live(st.mtime)
	st.folderMod = it.FolderMod
	if st.closed {
		r.Close()
	}
	d.rewrite = before == nil || !appended(before.file, st, head)
	s := r.Session()
	d.s.NotShown = ""
	if s.Header.Unsupported != nil {
		d.s.NotShown = s.Header.Unsupported.Error()
		s = s.HeaderOnly() // nothing its body says passes for what deck reads
	}
	d.s.file = st
	d.s.fill(s)
	d.texts = Texts(s)
	return d, nil
}

// readStored reads a session of an agent's store (catalog.Item.Stored).
// Its state is the time the store says it was last updated and the size
// it gives it (catalog.Item.Mod, Size), not its file's, which every session
// of the store shares: a session is read again when it changed, not when
// another did.
func readStored(it catalog.Item, d doc) (doc, error) {
	s, err := source.Open(it.Path)
	if err != nil {
		return d, err
	}
	d.rewrite = true
	d.s.file = fileState{size: it.Size, mtime: it.Mod.UnixNano(), closed: true}
	d.s.fill(s)
	d.s.Mod = it.Mod
	d.texts = Texts(s)
	return d, nil
}

// prepare cuts the texts into chunks, and packs and hashes them and finds
// their trigrams, for the writer: all it can, on the reader's core. The
// texts are let go: a batch of docs holds its chunks only.
func (d *doc) prepare() {
	seen := gramSets.Get().(*gramSet)
	defer gramSets.Put(seen)
	d.chunks = chunksOf(d.texts, seen)
	for _, t := range d.texts {
		d.bytes += len(t.Text)
	}
	d.texts = nil
}

// fill takes the session's row from what was read.
func (s *Session) fill(read *session.Session) {
	s.SessionID, s.Title, s.Cwd = read.Header.ID, read.Title, read.Header.Cwd
	s.Size, s.Mod = s.file.size, time.Unix(0, s.file.mtime)
	if read.Header.CreatedAt > 0 {
		s.Started = time.UnixMilli(read.Header.CreatedAt)
	}
	var last int64
	for _, e := range read.Entries {
		t := session.Base(e).Time
		if t > 0 && s.Started.IsZero() {
			s.Started = time.UnixMilli(t)
		}
		last = max(last, t)
	}
	s.Ended = millis(last)
	st := stats.Totals(read)
	s.Turns = st.Turns
	s.Calls = st.Figures.ToolCalls + st.Figures.NestedToolCalls
	s.Errors = st.Figures.Errors + st.Figures.NestedErrors
	for _, f := range []stats.Figure{st.Figures.InputTokens, st.Figures.OutputTokens} {
		if v, ok := f.Value(); ok {
			s.Tokens += int64(v)
		}
	}
}

// appended reports a log that only grew since the index read it: the same
// file, no shorter, its first bytes as they were. Anything else is a
// rewrite, read and indexed from nothing.
func appended(before, now fileState, head []byte) bool {
	if now.inode != before.inode || now.size < before.size || int64(len(head)) < before.headLen {
		return false
	}
	sum := sha256.Sum256(head[:before.headLen])
	return bytes.Equal(sum[:], before.head)
}
