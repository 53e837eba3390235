package ui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/source"
)

// pollEvery is how often a followed log is checked for growth: new events
// show within about this long of being written.
const pollEvery = 40 * time.Millisecond

// chunkSize is how much of a log is decoded at a time; the session's lock is
// held for one chunk, so a frame never waits long.
const chunkSize = 256 << 10

// feed reads a session log off the update loop: the initial read of a
// file (with its progress), then, when following, what is appended to it.
// The session it builds is shared with the viewer under mu; the viewer takes
// clones of entries under the lock and draws them without it.
type feed struct {
	mu      sync.Mutex
	reader  *source.Reader
	name    string // shown in notices and the status bar
	path    string // "" for a log read from a stream
	stream  io.Reader
	total   int64 // the file's size, for progress
	read    int64
	loading bool // the first read is not finished
	follow  bool // watching the file for what is appended
	err     error
	resets  int // times the log was read again from the start

	updates chan struct{} // one pending "the session changed" at most
	cancel  context.CancelFunc
	toggled chan bool // follow turned on or off

	live *liveFeed // a session on a harness host, instead of a log
}

// session is the session read so far; the caller holds mu.
func (s *feed) session() *session.Session {
	if s.live != nil {
		return s.live.session.Session()
	}
	return s.reader.Session()
}

// changedMsg says the session changed; the viewer syncs its entries.
type changedMsg struct{}

func newSource(name, path string, stream io.Reader, follow bool) *feed {
	return &feed{
		name: name, path: path, stream: stream, follow: follow, loading: true,
		reader: readerFor(path), updates: make(chan struct{}, 1), toggled: make(chan bool, 1),
	}
}

// readerFor is a reader for the log at path ("" for a stream), told where
// the file is so it can find the parts of a session kept beside it.
func readerFor(path string) *source.Reader {
	r := source.NewReader()
	if file, err := source.Resolve(path); path != "" && err == nil {
		r.SetPath(file)
	}
	return r
}

// start begins reading in the background.
func (s *feed) start() {
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	if s.live != nil {
		s.live.watch = s.live.client.Watch(ctx, s.live.sessionID)
	}
	go s.run(ctx)
}

// stop ends the background reading.
func (s *feed) stop() {
	if s.cancel != nil {
		s.cancel()
	}
}

// wait is the command that delivers the next change to the viewer.
func (s *feed) wait() tea.Cmd {
	return func() tea.Msg {
		<-s.updates
		return changedMsg{}
	}
}

// changed tells the viewer, without ever blocking the reader.
func (s *feed) changed() {
	select {
	case s.updates <- struct{}{}:
	default:
	}
}

// setFollow turns following on or off.
func (s *feed) setFollow(on bool) {
	s.mu.Lock()
	s.follow = on
	s.mu.Unlock()
	select {
	case s.toggled <- on:
	default:
	}
}

func (s *feed) run(ctx context.Context) {
	if s.live != nil {
		s.readLive(ctx)
		return
	}
	if s.path == "" {
		s.readStream(ctx)
		return
	}
	s.readFile(ctx)
}

// readStream reads a log from stdin to its end.
func (s *feed) readStream(ctx context.Context) {
	buf := make([]byte, chunkSize)
	last := time.Now()
	for ctx.Err() == nil {
		n, err := s.stream.Read(buf)
		s.mu.Lock()
		s.reader.Write(buf[:n])
		s.read += int64(n)
		s.mu.Unlock()
		if time.Since(last) > 30*time.Millisecond {
			s.changed()
			last = time.Now()
		}
		if err != nil {
			s.mu.Lock()
			s.reader.Close()
			if !errors.Is(err, io.EOF) {
				s.err = err
			}
			s.loading = false
			s.mu.Unlock()
			s.changed()
			return
		}
	}
}

// readFile reads a log file, and then, while following, what is appended.
// A file that shrinks or is replaced is read again from the start.
func (s *feed) readFile(ctx context.Context) {
	f, info, err := openLog(s.path)
	if err != nil {
		s.fail(err)
		return
	}
	defer func() { f.Close() }()
	s.mu.Lock()
	s.total = info.Size()
	s.mu.Unlock()
	limitMemory(info.Size())
	buf := make([]byte, chunkSize)
	last := time.Now()
	closed := false // the reader was closed: its final line was read
	unsent := false // bytes were read since the viewer was last told
	for ctx.Err() == nil {
		n, rerr := f.Read(buf)
		if n > 0 {
			s.mu.Lock()
			s.reader.Write(buf[:n])
			s.read += int64(n)
			s.total = max(s.total, s.read)
			s.mu.Unlock()
			limitMemory(s.read)
			unsent = true
			if time.Since(last) > 30*time.Millisecond {
				s.changed()
				last, unsent = time.Now(), false
			}
			continue
		}
		if rerr != nil && !errors.Is(rerr, io.EOF) {
			s.fail(rerr)
			return
		}
		// at the end of what is written so far
		s.mu.Lock()
		wasLoading, follow := s.loading, s.follow
		s.loading = false
		if !follow && !closed {
			s.reader.Close() // the log is whole: its last line may lack a newline
			closed = true
		}
		s.mu.Unlock()
		if wasLoading || unsent || closed {
			s.changed()
			unsent = false
		}
		if !follow {
			select { // wait until following is turned on, or the end
			case <-ctx.Done():
				return
			case on := <-s.toggled:
				if on && closed { // the closed reader took the last line: start over
					if f, err = s.restart(f, "following from the start"); err != nil {
						s.fail(err)
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
		case <-s.toggled:
			continue
		case <-time.After(pollEvery):
		}
		now, err := os.Stat(s.path)
		if err != nil {
			continue // a log being replaced may be missing for a moment
		}
		s.mu.Lock()
		read := s.read
		s.mu.Unlock()
		if now.Size() < read || !os.SameFile(now, info) {
			info = now
			if f, err = s.restart(f, "the log was truncated or replaced; read again from the start"); err != nil {
				s.fail(err)
				return
			}
			continue
		}
	}
}

// restart reads the log again from the start, with a notice saying why.
func (s *feed) restart(old *os.File, why string) (*os.File, error) {
	old.Close()
	f, info, err := openLog(s.path)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.reader = readerFor(s.path)
	s.reader.Notice(why)
	s.read, s.total, s.loading = 0, info.Size(), true
	s.resets++
	s.mu.Unlock()
	s.changed()
	return f, nil
}

func openLog(path string) (*os.File, os.FileInfo, error) {
	file, err := source.Resolve(path)
	if err != nil {
		return nil, nil, err
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, info, nil
}

func (s *feed) fail(err error) {
	s.mu.Lock()
	s.err = fmt.Errorf("%s: %w", s.name, err)
	s.loading = false
	s.mu.Unlock()
	s.changed()
}
