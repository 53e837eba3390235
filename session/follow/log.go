// Package follow reads a session log in the background, for a viewer that
// draws while it reads: a file (and then, while following, what is appended
// to it, as tail -f does) or a stream. The session it builds is shared under
// a lock; the viewer is told of each change without the reader ever waiting
// on it.
package follow

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync"
	"time"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/regular"
	"github.com/deck-tui/deck/session/source"
)

// pollEvery is how often a followed log is checked for growth: new events
// show within about this long of being written.
const pollEvery = 40 * time.Millisecond

// chunkSize is how much of a log is decoded at a time; the session's lock is
// held for one chunk, so a frame never waits long.
const chunkSize = 256 << 10

// tellEvery is how often, at most, a log still being read tells of its
// progress.
const tellEvery = 30 * time.Millisecond

// Log is a session log being read.
type Log struct {
	mu      sync.Mutex
	reader  *source.Reader
	name    string // shown in notices
	path    string // "" for a log read from a stream
	stream  io.Reader
	total   int64 // the file's size, for progress
	read    int64
	loading bool // the first read is not finished
	waiting bool // following a file that is not there yet
	follow  bool // watching the file for what is appended
	err     error
	notALog error // the first read found no session log (State.NotALog)
	resets  int   // times the log was read again from the start
	later   int   // parts kept beside the log being read (later.go)
	closed  bool  // the reader was closed: its session changes no more, but by those parts

	changes chan struct{} // one pending "the session changed" at most
	cancel  context.CancelFunc
	toggled chan bool // following turned on or off
	latest  string    // the generation the path stood for when reading began (migrate.go)

	// only the reading goroutine touches these
	file *os.File    // the log file being read
	info os.FileInfo // what Stat said of it when it was opened
	seen seen        // what was read of it (rewrite.go)
}

// State is what a viewer draws of a log: the session so far and how the
// reading goes.
type State struct {
	Session     *session.Session
	Loading     bool  // the first read is not finished
	Waiting     bool  // followed, the file is not there yet (tail -F waits)
	Read, Total int64 // bytes
	Err         error
	// NotALog is a *source.NotALogError, named, once the first read has
	// ended on an input that is no session log at all (a README, a binary
	// file): a viewer opened on it has nothing to show.
	NotALog   error
	Following bool
	// Resets counts the times the log was read again from the start: entry
	// ids started over then, and only event seqs name entries.
	Resets int
	// Final says the session will change no more: its reader was closed
	// and every part kept beside the log was shown. Following it again
	// reads it anew, into another session.
	Final bool

	reader *source.Reader // for TakeChanges; nil for a session read otherwise
}

// TakeChanges returns the ids of the entries added or changed since it was
// last called, or says to look at every entry (whole).
func (s State) TakeChanges() (ids []int, whole bool) {
	if s.reader == nil {
		return nil, true
	}
	return s.reader.TakeChanges()
}

// File reads the log at path (a log file or a session folder), following it
// as it grows when follow is set. Name is what notices call it.
func File(name, path string, follow bool) *Log {
	return newLog(name, path, nil, follow)
}

// Stream reads a log from r to its end.
func Stream(name string, r io.Reader) *Log { return newLog(name, "", r, false) }

func newLog(name, path string, stream io.Reader, follow bool) *Log {
	return &Log{
		name: name, path: path, stream: stream, follow: follow, loading: true,
		reader: readerFor(path), changes: make(chan struct{}, 1), toggled: make(chan bool, 1),
	}
}

// readerFor is a reader for the log at path ("" for a stream), told where
// the file is so it can find the parts of a session kept beside it.
func readerFor(path string) *source.Reader {
	r := source.NewReader()
	r.Defer()        // later.go
	r.TrackChanges() // for the viewer, which takes what changed (State.TakeChanges)
	if file, err := source.Resolve(path); path != "" && err == nil {
		r.SetPath(file)
	}
	return r
}

// With calls f with the log's state, under its lock: f may read the session
// but must not keep it past its return (clone what it keeps).
func (l *Log) With(f func(State)) {
	l.mu.Lock()
	defer l.mu.Unlock()
	f(State{Session: l.reader.Session(), Loading: l.loading, Read: l.read, Total: l.total, Err: l.err, NotALog: l.notALog,
		Following: l.follow, Resets: l.resets, Waiting: l.waiting, Final: l.closed && l.later == 0, reader: l.reader})
}

// Changes delivers a value after each change to the log's state.
func (l *Log) Changes() <-chan struct{} { return l.changes }

// Start begins reading in the background.
func (l *Log) Start() {
	ctx, cancel := context.WithCancel(context.Background())
	l.cancel = cancel
	go l.run(ctx)
}

// Stop ends the background reading.
func (l *Log) Stop() {
	if l.cancel != nil {
		l.cancel()
	}
}

// SetFollow turns following on or off.
func (l *Log) SetFollow(on bool) {
	l.mu.Lock()
	l.follow = on
	l.mu.Unlock()
	select {
	case l.toggled <- on:
	default:
	}
}

// changed tells the viewer, without ever blocking the reader.
func (l *Log) changed() {
	select {
	case l.changes <- struct{}{}:
	default:
	}
}

func (l *Log) run(ctx context.Context) {
	if l.path == "" {
		l.readStream(ctx)
		return
	}
	l.readFile(ctx)
}

// readStream reads a log from a stream to its end.
func (l *Log) readStream(ctx context.Context) {
	buf := make([]byte, chunkSize)
	last := time.Now()
	for ctx.Err() == nil {
		n, err := l.stream.Read(buf)
		l.mu.Lock()
		l.reader.Write(buf[:n])
		l.read += int64(n)
		stopped := l.reader.Stopped()
		l.mu.Unlock()
		if time.Since(last) > tellEvery {
			l.changed()
			last = time.Now()
		}
		if stopped && err == nil {
			err = io.EOF // the rest is not read: it may never end (/dev/zero)
		}
		if err != nil {
			l.mu.Lock()
			l.closeReader()
			if !errors.Is(err, io.EOF) {
				l.err = err
			}
			l.loading = false
			l.ended()
			l.mu.Unlock()
			l.changed()
			return
		}
	}
}

// readFile reads a log file, and then, while following, what is appended.
// A file that shrinks, is replaced or is rewritten is read again from the
// start.
func (l *Log) readFile(ctx context.Context) {
	f, info, err := l.openWhenThere(ctx)
	if ctx.Err() != nil {
		return
	}
	if err != nil {
		l.fail(err)
		return
	}
	l.opened(f, info)
	defer func() { l.file.Close() }()
	buf := make([]byte, chunkSize)
	last := time.Now()
	closed := false // the reader was closed: its final line was read
	unsent := false // bytes were read since the viewer was last told
	for ctx.Err() == nil {
		more, err := l.readMore(buf)
		if err != nil {
			l.fail(err)
			return
		}
		if more {
			l.startLater()
			limitMemory(l.read)
			unsent = true
			if l.refused() {
				l.stopReading()
				<-ctx.Done()
				return
			}
			if time.Since(last) > tellEvery {
				l.changed()
				last, unsent = time.Now(), false
			}
			continue
		}
		// at the end of what is written so far
		l.mu.Lock()
		wasLoading, follow := l.loading, l.follow
		l.loading = false
		var parts []source.Later
		if !follow && !closed {
			parts = l.closeReader() // the log is whole: its last line may lack a newline
			closed = true
		}
		if wasLoading {
			l.ended()
		}
		r := l.reader
		l.mu.Unlock()
		l.readParts(r, parts)
		l.startLater()
		if wasLoading || unsent || closed {
			l.changed()
			unsent = false
		}
		if !follow {
			select { // wait until following is turned on, or the end
			case <-ctx.Done():
				return
			case <-l.toggled:
				l.mu.Lock()
				on := l.follow // the latest word, not the first of several
				l.mu.Unlock()
				if on && closed { // the closed reader ended the log (its last line, its calls): read it again, as a fresh open would
					if err := l.restart(""); err != nil {
						l.fail(err)
						return
					}
					closed = false
				}
			}
			continue
		}
		select {
		case <-ctx.Done():
			return
		case <-l.toggled:
			continue
		case <-time.After(pollEvery):
		}
		if err := l.look(); err != nil {
			l.fail(err)
			return
		}
	}
}

// opened makes f, just opened, the file the log is read from.
func (l *Log) opened(f *os.File, info os.FileInfo) {
	l.file, l.info = f, info
	l.latest = latestLog(l.path)
	l.mu.Lock()
	l.total = info.Size()
	l.mu.Unlock()
	limitMemory(info.Size())
}

// readAgain is the notice of a followed log read again from the start.
const readAgain = "the log was truncated, replaced or rewritten; read again from the start"

// readMore takes the next bytes of the file into the reader, and reports
// whether there may be more to read now: false at the end of what is
// written so far. Bytes that follow what was read are taken only while the
// file still holds what was read: else the log is read again from the
// start, as a fresh open reads it, not spliced onto the old reading.
func (l *Log) readMore(buf []byte) (bool, error) {
	n, err := l.file.Read(buf)
	if n == 0 {
		if errors.Is(err, io.EOF) {
			err = nil
		}
		return false, err
	}
	if l.rewritten() {
		return true, l.restart(readAgain)
	}
	l.seen.add(buf[:n])
	l.mu.Lock()
	l.reader.Write(buf[:n])
	l.read += int64(n)
	l.total = max(l.total, l.read)
	l.mu.Unlock()
	return true, nil
}

// refused reports that the reader stopped taking the log (a binary file, a
// decompression bomb).
func (l *Log) refused() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.reader.Stopped()
}

// look checks a followed file at the end of what was read: a newer
// generation is switched to; a file cut, replaced or rewritten (of any
// length, at any time of change) is read again from the start.
func (l *Log) look() error {
	if next, moved := l.migrated(); moved {
		return l.switchGeneration(next)
	}
	if !l.info.Mode().IsRegular() {
		return nil // a pipe (deck <(…)) is read once: it is never cut, replaced or rewritten
	}
	now, err := os.Stat(l.file.Name()) // the log file, also when a folder is followed
	if err != nil {
		return nil // a log being replaced may be missing for a moment
	}
	if now.Size() < l.read || !os.SameFile(now, l.info) || l.rewritten() {
		return l.restart(readAgain)
	}
	return nil
}

// stopReading ends the reading of a file the reader refused (a binary
// file, a decompression bomb): the rest is not read, nor followed, since it
// may never end (/dev/zero).
func (l *Log) stopReading() {
	l.mu.Lock()
	r, parts := l.reader, l.closeReader()
	l.loading, l.follow = false, false
	l.ended()
	l.mu.Unlock()
	l.readParts(r, parts)
	l.changed()
}

// restart reads the log again from the start, with a notice saying why
// (none when why is "": the same bytes, read as a fresh open reads them).
func (l *Log) restart(why string) error {
	l.file.Close()
	f, info, err := openLog(l.path)
	if err != nil {
		return err
	}
	l.file, l.info = f, info
	l.seen.reset()
	l.mu.Lock()
	l.reader, l.closed = readerFor(l.path), false
	if why != "" {
		l.reader.Info(why)
	}
	l.read, l.total, l.loading, l.notALog = 0, info.Size(), true, nil
	l.resets++
	l.mu.Unlock()
	l.changed()
	return nil
}

// openWhenThere opens the log; a followed log that is not there yet is
// waited for, as tail -F waits, saying so.
func (l *Log) openWhenThere(ctx context.Context) (*os.File, os.FileInfo, error) {
	for {
		f, info, err := openLog(l.path)
		l.mu.Lock()
		follow, was := l.follow, l.waiting
		l.waiting = err != nil && errors.Is(err, fs.ErrNotExist) && follow
		if was && !l.waiting {
			l.reader, l.closed = readerFor(l.path), false // now that the file is there, for the parts kept beside it
		}
		waiting := l.waiting
		l.mu.Unlock()
		if !waiting {
			return f, info, err
		}
		if !was {
			l.changed()
		}
		select {
		case <-ctx.Done():
			return nil, nil, ctx.Err()
		case <-l.toggled:
		case <-time.After(pollEvery):
		}
	}
}

func openLog(path string) (*os.File, os.FileInfo, error) {
	file, err := source.Resolve(path)
	if err != nil {
		return nil, nil, err
	}
	return regular.Open(source.FileOf(file)) // it may have been swapped since Resolve looked
}

// ended is called, under the lock, as the first read of the log ends: what
// was read so far says whether it is a session log at all. A log still
// followed is judged on its complete lines (one just created has none).
func (l *Log) ended() {
	l.notALog = source.Named(l.reader.NotALog(), l.name)
}

// closeReader ends the reader's input, under the lock: its session then
// changes no more but by the parts kept beside the log, which are taken
// under the same lock, so that State.Final never says a session is done
// that a part will still change. The caller reads them (readParts).
func (l *Log) closeReader() []source.Later {
	l.reader.Close()
	l.closed = true
	return l.takeLater()
}

// namesItsPath is whether an error already says which file or folder it is
// about, so that it is named once.
func namesItsPath(err error) bool {
	_, path := errors.AsType[*fs.PathError](err)
	_, noLog := errors.AsType[*source.NoLogError](err)
	_, unreadable := errors.AsType[*source.UnreadableError](err)
	_, notAFile := errors.AsType[*regular.NotAFileError](err)
	return path || noLog || unreadable || notAFile
}

func (l *Log) fail(err error) {
	l.mu.Lock()
	l.err = err
	if !namesItsPath(err) {
		l.err = fmt.Errorf("%s: %w", l.name, err)
	}
	l.loading = false
	l.mu.Unlock()
	l.changed()
}
