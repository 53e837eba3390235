package source

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/deck-tui/deck/session/harness"

	"github.com/deck-tui/deck/session/codex"

	"github.com/deck-tui/deck/session/claude"

	"github.com/deck-tui/deck/session/acp"
	"github.com/deck-tui/deck/session/aider"

	"github.com/deck-tui/deck/session/gemini"
	"github.com/deck-tui/deck/session/grokbuild"
	"github.com/deck-tui/deck/session/opencode"
	"github.com/deck-tui/deck/session/pi"

	"github.com/deck-tui/deck/session/copilot"
	"github.com/deck-tui/deck/session/cursor"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/lines"
	"github.com/deck-tui/deck/session/internal/regular"
	"github.com/deck-tui/deck/session/internal/subagentfile"
	"github.com/klauspost/compress/zstd"
)

// Reader decodes a session log fed to it in pieces: a file read in chunks, or
// a log still being written. It detects zstd by its magic number, decodes
// whole frames only, joins lines across chunks and frames, and applies each
// line to its session as soon as the line is whole.
type Reader struct {
	s       *session.Builder
	dec     decoder    // the format's decoder, once the first lines told it
	prep    batches    // lines of this Write being prepared, for a preparer
	path    string     // the log's file, when it is one; see SetPath
	gen     generation // what the file's name says of its format
	pending []pending  // lines read before the format was known

	head     []byte // the first bytes, until the format is known
	detected bool
	zstd     bool
	frames   frameSplitter
	zdec     *zstd.Decoder // for a frame of more text than a piece; made when one comes
	lines    lines.Splitter
	stopped  bool // the input is not a log deck can read; the rest is ignored
	told     bool // a line told the format by its content
	consumed int64
	guard    ratioGuard
	piece    []byte // the piece of zstd text being filled (zstdtext.go)
	spare    []byte // the piece before it, whose lines may still be prepared
	deferred bool   // files beside the log are left to the user (Defer)
	held     bool   // this Write's bytes outlive it, until the next one's end (writeHeld)

	childrenTaken int // the catalog's children whose logs were taken to read (children.go)

	afterLine func(*session.Builder) // after each line is applied (OpenTaking)
}

// NewReader returns a reader for a new session.
func NewReader() *Reader {
	return &Reader{s: session.NewBuilder()}
}

// pending is a line kept until the format is known.
type pending struct {
	num  int
	line []byte
}

// sniffLines is how many lines may pass before a log that names no format
// is read as a harness log (whose decoder then reports each bad line).
const sniffLines = 16

// SetPath says which file the log is read from, before the first Write.
// Some formats keep parts of a session in files beside the log (Claude
// Code's subagent transcripts, a harness subagent's own session); without
// a path they are not looked for.
// The file's name is checked against the log's header too (generation.go).
func (r *Reader) SetPath(path string) {
	r.path = path
	r.SetName(path)
}

// Later is a part of a session kept in a file beside its log (a
// subagent's own transcript) that a reader told to Defer leaves to its
// user: Read may take long (the file is huge, or on a slow disk) and
// touches nothing of the session, so it runs without the session's lock;
// Show then puts what was read in place, where the session may change.
type Later = subagentfile.Later

// filesBeside is a decoder that reads its subagents' files beside the log
// (Claude Code's, Gemini CLI's, Grok Build's, Cursor CLI's): told to
// Defer, it leaves them to its user (subagentfile.Queue).
type filesBeside interface {
	Defer()
	TakeFiles() []Later
}

// Defer makes the reader leave the files beside the log to its user
// (TakeLater), before the first Write. Without it they are read at once,
// the same way, and give the same session.
func (r *Reader) Defer() { r.deferred = true }

// TakeLater returns the parts a deferring reader left since it was last
// called: its decoder's subagents' files, or a harness log's children's.
func (r *Reader) TakeLater() []Later {
	if d, ok := r.dec.(filesBeside); ok {
		return d.TakeFiles()
	}
	var out []Later
	if _, ok := r.dec.(*harness.Decoder); ok {
		for _, c := range r.newChildren() {
			out = append(out, c)
		}
	}
	return out
}

// SetName says which file the log is read from, for the check of its name
// against its header only: nothing beside it is read.
func (r *Reader) SetName(path string) { r.gen = generationOf(path) }

// Session is the session read so far.
func (r *Reader) Session() *session.Session { return r.s.Session }

// TrackChanges makes the reader note which entries change, for a viewer
// that takes them (TakeChanges) instead of comparing every entry.
func (r *Reader) TrackChanges() { r.s.TrackChanges() }

// TakeChanges returns the ids of the entries added or changed since it was
// last called, or says to look at every entry (session.Builder.TakeChanges).
func (r *Reader) TakeChanges() (ids []int, whole bool) { return r.s.TakeChanges() }

// Info adds a notice of the reader's user saying what it did: why the log
// was read again, say. It is no error.
func (r *Reader) Info(text string) { r.s.Info(text) }

// Consumed is how many input bytes the reader has taken.
func (r *Reader) Consumed() int64 { return r.consumed }

// Stopped reports that the reader ignores the rest of its input (a binary
// file, UTF-16 text, a decompression bomb): whoever feeds it should stop
// reading, since an endless input such as /dev/zero would never end.
func (r *Reader) Stopped() bool { return r.stopped }

// Write feeds the next bytes of the log. It never fails: what it cannot read
// becomes notices in the session.
func (r *Reader) Write(p []byte) (int, error) {
	r.consumed += int64(len(p))
	if r.stopped {
		return len(p), nil
	}
	if !r.detected {
		if len(r.head) > 0 || len(p) < 1024 { // else p tells, without a copy
			r.head = append(r.head, p...)
			if len(r.head) < 1024 && !bytes.Contains(r.head, []byte("\n")) && !isZstd(r.head) {
				return len(p), nil // too little to tell what this is
			}
			p, r.head = r.head, nil
		}
		r.detect(p)
		if r.stopped {
			return len(p), nil
		}
	}
	r.feed(p)
	if r.held && !r.zstd { // a zstd log's lines are in its pieces, which pass on their own (nextPiece)
		r.keep()
	} else {
		r.drain()
	}
	if s, ok := r.dec.(settler); ok {
		s.Settle() // before the Write's caller lets anyone look at the session
	}
	return len(p), nil
}

// detect decides the encoding from the first bytes.
func (r *Reader) detect(first []byte) {
	r.detected = true
	switch {
	case isZstd(first):
		r.zstd = true
	case isSQLite(first):
		r.readStore()
	case bytes.HasPrefix(first, []byte{0xFF, 0xFE}) || bytes.HasPrefix(first, []byte{0xFE, 0xFF}):
		r.s.Notice(0, "this file is UTF-16 text; session logs are UTF-8 JSON lines, so nothing was read")
		r.stopped = true
	case looksBinary(told(first)):
		r.s.Notice(0, "this looks like a binary file, not a session log (plain or zstd JSON lines), so nothing was read")
		r.stopped = true
	}
}

func (r *Reader) feed(p []byte) {
	if !r.zstd {
		r.lines.Feed(p, r.applyLine)
		return
	}
	r.frames.feed(p, r.frameFound)
}

// frameFound decodes a whole zstd frame, or says bytes were skipped.
func (r *Reader) frameFound(f frameEvent) {
	if f.frame == nil {
		r.streamNotice(fmt.Sprintf("%d bytes at byte %d are not zstd data; skipped to the next frame", f.skipped, f.offset))
		return
	}
	r.decodeFrame(f)
}

// streamNotice says what went wrong where the stream is read: the lines
// before it, batched, are applied first, so that the notice takes the same
// place among the entries however the log arrives (whole, or in pieces
// while followed).
func (r *Reader) streamNotice(text string) {
	r.drain()
	r.s.Notice(0, text)
}

// drain applies every line batched so far, as the Write that brought them
// ends.
func (r *Reader) drain() {
	if p, ok := r.dec.(preparer); ok {
		r.prep.drain(p, r.applied)
	}
}

// writeHeld is Write of bytes its caller keeps unchanged until the next
// writeHeld (or Close) returns: the lines of this one may still be
// prepared, and applied, after it returns (read's two buffers).
func (r *Reader) writeHeld(p []byte) {
	r.held = true
	r.Write(p)
	r.held = false
}

// keep applies every line batched but this Write's last, which go on being
// prepared while the Write's caller reads on.
func (r *Reader) keep() {
	if p, ok := r.dec.(preparer); ok {
		r.prep.keep(p, r.applied)
	}
}

// applied checks the log's name against its header as soon as a line has
// given it, so its notice is at the top.
// applied follows each line applied: the generation is checked, and the
// session given to the caller of OpenTaking.
func (r *Reader) applied() {
	r.checkGeneration(false)
	if r.afterLine != nil {
		r.afterLine(r.s)
	}
}

func (r *Reader) applyLine(num int, line []byte) {
	if num == 1 {
		line = bytes.TrimPrefix(line, []byte("\xEF\xBB\xBF")) // a UTF-8 BOM
	}
	if r.dec == nil {
		r.pending = append(r.pending, pending{num, bytes.Clone(line)})
		format := sniffStart(r.pending)
		if format == "" && len(r.pending) < sniffLines {
			return
		}
		r.choose(format)
		return
	}
	if p, ok := r.dec.(preparer); ok {
		r.prep.add(p, num, line, r.applied)
		return
	}
	r.dec.Apply(num, line)
	r.applied()
}

// choose starts the decoder of a format and gives it the lines kept so far.
func (r *Reader) choose(format session.Format) {
	r.told = format != ""
	switch format {
	case session.FormatACP:
		r.dec = acp.New(r.s)
	case session.FormatClaudeCode:
		r.dec = claude.New(r.s, r.path)
	case session.FormatCodex:
		r.dec = codex.New(r.s)
	case session.FormatGemini:
		r.dec = gemini.New(r.s, r.path)
	case session.FormatOpenCode:
		r.dec = opencode.NewLegacy(r.s, r.path)
	case session.FormatAider:
		r.dec = aider.New(r.s, r.path)
	case session.FormatGrokBuild:
		r.dec = grokbuild.New(r.s, r.path)
	case session.FormatPi:
		r.dec = pi.New(r.s)
	case session.FormatCopilot:
		r.dec = copilot.New(r.s, r.path)
	case session.FormatCursor:
		r.dec = cursor.New(r.s, r.path)
	default:
		h := harness.New(r.s)
		h.SetPath(r.path) // its images' bytes are beside its folder
		r.dec = h
	}
	if d, ok := r.dec.(filesBeside); ok && r.deferred {
		d.Defer()
	}
	for _, p := range r.pending {
		r.dec.Apply(p.num, p.line)
		r.checkGeneration(false)
	}
	r.pending = nil
}

// told is what the first bytes are judged by: the first line when one
// ends in the first kilobyte, else the first kilobyte. A log read in pieces
// is judged when its first line is whole, so a whole read must judge the
// same bytes, or one log would be two things.
func told(first []byte) []byte {
	head := first[:min(len(first), 1024)]
	if i := bytes.IndexByte(head, '\n'); i >= 0 {
		return head[:i+1]
	}
	return head
}

// looksBinary reports data that no log starts with: not a JSON object, and
// a NUL byte in the bytes it is told by (told: JSON text never holds one) or mostly
// bytes that are not UTF-8. A log that starts well and goes bad later is
// read line by line, each bad line a notice.
func looksBinary(first []byte) bool {
	head := first[:min(len(first), 1024)]
	if t := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xEF\xBB\xBF")), " \t\r\n"); len(t) > 0 && t[0] == '{' {
		return false
	}
	if bytes.IndexByte(head, 0) >= 0 {
		return true
	}
	bad := 0
	for i := 0; i < len(head); {
		r, size := utf8.DecodeRune(head[i:])
		if r == utf8.RuneError && size == 1 {
			bad++
		}
		i += size
	}
	return len(head) >= 16 && bad*4 > len(head)
}

// Close ends the input: a last line without a newline is read, and an
// unfinished zstd frame is reported. A log still being written must not be
// closed, since its tail is only unfinished for now.
func (r *Reader) Close() error {
	if !r.detected && len(r.head) > 0 {
		head := r.head
		r.head = nil
		r.detect(head)
		if !r.stopped {
			r.feed(head)
		}
	}
	if r.zstd {
		r.frames.finish(r.frameFound)
		if off, n := r.frames.tail(); n > 0 {
			r.s.Notice(0, fmt.Sprintf("the log ends in an unfinished zstd frame: %d bytes at byte %d could not be decoded", n, off))
		}
	}
	r.lines.Flush(r.applyLine)
	r.drain()
	if r.dec == nil && len(r.pending) > 0 {
		r.choose(sniffEnded(r.pending))
	}
	if r.dec != nil {
		r.dec.Finish()
	}
	if _, ok := r.dec.(*harness.Decoder); ok && !r.deferred {
		for _, c := range r.newChildren() { // the subagents' logs, now their catalog is whole
			c.Read()
			c.Show()
		}
	}
	r.checkGeneration(true)
	if r.zdec != nil {
		r.zdec.Close()
	}
	r.releasePieces()
	if r.consumed == 0 {
		r.s.Notice(0, "the log is empty")
	}
	r.s.Finish()
	return nil
}

// NotALogError says that what was read is no session log of any format
// deck reads: a binary file, UTF-16 text, or lines none of which is a
// record of any format. A log that is partly broken is not one of these:
// it is read, each bad line a notice.
type NotALogError struct {
	Name   string // the input, as its user named it ("" when unknown)
	Reason string // the first notice, which says why
}

func (e *NotALogError) Error() string {
	said := strings.Contains(e.Reason, "not a session log") // "a binary file, not a session log (…)"
	switch {
	case e.Name == "" && said:
		return e.Reason
	case e.Name == "":
		return "not a session log: " + e.Reason
	case said:
		return e.Name + ": " + e.Reason
	}
	return e.Name + " is not a session log: " + e.Reason
}

// Named is err with the input's name, when it is a *NotALogError that has
// none.
func Named(err error, name string) error {
	var notALog *NotALogError
	if errors.As(err, &notALog) && notALog.Name == "" {
		notALog.Name = name
	}
	return err
}

// NotALog returns a *NotALogError when the input, now closed, held no
// session log at all; nil for any log, an empty one too (a log the harness
// has only just created).
func (r *Reader) NotALog() error {
	s := r.s.Session
	if r.consumed == 0 || r.told && !r.stopped || r.s.TookLog() {
		return nil
	}
	for _, e := range s.Entries {
		if _, ok := e.(*session.Notice); !ok {
			return nil
		}
	}
	if n := s.Notices(); len(n) > 0 {
		return &NotALogError{Reason: n[0].Text}
	}
	return nil
}

// readChunk is how much ReadAll reads at a time into each of its two
// buffers: enough whole lines for the cores to share (a line of a real log
// can be a megabyte).
const readChunk = 2 << 20

// ReadAll reads a whole log from rd. What it holds is returned even with an
// error: a *NotALogError (with no Name) says it is no session log at all.
func ReadAll(rd io.Reader) (*session.Session, error) { return readFrom(rd, "") }

// readFrom reads a whole log from rd, which holds the file at path (or "").
func readFrom(rd io.Reader, path string) (*session.Session, error) {
	r := NewReader()
	r.SetPath(path)
	return read(r, rd)
}

// readBuffers are ReadAll's buffers, kept between reads: a new one is
// 2 MiB to zero, which is most of reading a small log.
var readBuffers = sync.Pool{New: func() any { return new([readChunk]byte) }}

// read fills two buffers in turn and writes each while holding the other
// (writeHeld): the last lines of one are prepared while the next is read
// and its first lines are, so no core waits at a buffer's end.
func read(r *Reader, rd io.Reader) (*session.Session, error) {
	b := [2]*[readChunk]byte{readBuffers.Get().(*[readChunk]byte), readBuffers.Get().(*[readChunk]byte)}
	defer func() { // Close applied every line, which hold none of their bytes after
		readBuffers.Put(b[0])
		readBuffers.Put(b[1])
	}()
	for i := 0; ; i++ {
		buf := b[i%2][:]
		n, err := io.ReadFull(rd, buf)
		r.writeHeld(buf[:n])
		if r.Stopped() || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			break
		}
		if err != nil {
			r.Close()
			return r.Session(), err
		}
	}
	r.Close()
	return r.Session(), r.NotALog()
}

// Resolve turns a path into the log file to read: the file itself, the
// log inside a session folder that Pick takes, or the log of another
// agent's session folder (agentFolderLog). A path that is neither a
// regular file nor a folder (a named pipe, a device, a socket) is a
// *regular.NotAFileError: nothing is opened to find out.
func Resolve(path string) (string, error) {
	info, err := os.Stat(path)
	if err != nil {
		if ref, ok := storeRef(path); ok {
			return ref, nil
		}
		return "", err
	}
	if !info.IsDir() {
		if err := regular.NotAFile(path, info); err != nil {
			return "", err
		}
		return path, nil
	}
	if file, ok := Pick(path); ok {
		return file, Unreadable(file)
	}
	if file, ok := folderLog(path); ok {
		return file, nil
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		return "", err // a folder deck may not list holds no log it can name, nor is it empty
	}
	return "", &NoLogError{Dir: path, Empty: len(entries) == 0}
}

// NotAFileError says a path deck was to read a session from is no regular
// file (a named pipe, a socket, a device), which deck never opens.
type NotAFileError = regular.NotAFileError

// NoLogError says a folder holds no session log. An empty one is a
// session folder the harness has made and not yet written its log in: a
// not-exist error, as a log file's own absence is, so that following waits
// for the log. A folder that holds other things is no session's.
type NoLogError struct {
	Dir   string
	Empty bool
}

func (e *NoLogError) Error() string {
	return e.Dir + " is a folder with no session log in it (looked for session.jsonl and session.vN.jsonl, plain or .zstd, events.jsonl and FOLDER.jsonl)"
}

func (e *NoLogError) Is(target error) bool { return e.Empty && target == fs.ErrNotExist }

// ReadHead reads a log's start from rd, as ReadAll does, and checks the
// name of its file against its header (nothing beside the file is read):
// what a list of sessions needs.
func ReadHead(rd io.Reader, file string) *session.Session {
	r := NewReader()
	r.SetName(file)
	s, _ := read(r, rd)
	return s
}

// Open reads the session at path: a log file (plain or zstd, told apart by
// content) or a session folder holding one. A file that is no session log
// is a *NotALogError, with what was read.
func Open(path string) (*session.Session, error) { return OpenTaking(path, nil) }

// OpenTaking is Open for a reader that draws the session while its log is
// read (deck render): after each line is applied, take (when not nil) is
// given the session on the reading goroutine, to take the entries it is
// done with (session.Builder.Take).
func OpenTaking(path string, take func(*session.Builder)) (*session.Session, error) {
	file, err := Resolve(path)
	if err != nil {
		return nil, err
	}
	f, _, err := regular.Open(FileOf(file)) // it may have been swapped since Resolve looked
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := NewReader()
	r.SetPath(file)
	r.afterLine = take
	s, err := read(r, f)
	var notALog *NotALogError
	if err != nil && !errors.As(err, &notALog) {
		return s, fmt.Errorf("reading %s: %w", file, err)
	}
	return s, Named(err, path)
}
