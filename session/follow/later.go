package follow

import "github.com/deck-tui/deck/session/source"

// A session may keep parts in files beside its log (a Claude Code
// subagent's own transcript). The reader leaves them for later
// (source.Later): each is read on its own goroutine, without the session's
// lock, so a huge file or one on a slow disk never stops the log's own
// events from showing; what was read is then shown under the lock, unless
// the log was read again from the start meanwhile.

// readLater reads one part; a variable, so a test can make it wait.
var readLater = source.Later.Read

// startLater starts reading the parts the reader left since it was last
// asked.
func (l *Log) startLater() {
	l.mu.Lock()
	r, parts := l.reader, l.takeLater()
	l.mu.Unlock()
	l.readParts(r, parts)
}

// takeLater takes the parts the reader left, counting them, under the lock.
func (l *Log) takeLater() []source.Later {
	parts := l.reader.TakeLater()
	l.later += len(parts)
	return parts
}

// readParts reads the parts taken from reader r, each on its own goroutine.
func (l *Log) readParts(r *source.Reader, parts []source.Later) {
	for _, p := range parts {
		go l.readPart(r, p)
	}
}

// readPart reads a part of the session r reads, and shows it if r is still
// the log's reader.
func (l *Log) readPart(r *source.Reader, p source.Later) {
	readLater(p)
	l.mu.Lock()
	if l.reader == r {
		p.Show()
	}
	l.later--
	l.mu.Unlock()
	l.changed()
}
