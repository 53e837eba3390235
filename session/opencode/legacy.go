package opencode

import (
	"bytes"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/internal/regular"
)

// Older opencode releases kept each session in a tree of JSON files under
// storage/: session/<project>/<session>.json (the session's row),
// message/<session>/<message>.json and part/<message>/<part>.json, the
// same JSON as the store's message.data and part.data. A session's file is
// what deck is given (and what the catalog lists); its messages and parts
// are read from the folders beside it.

// maxRecordFile bounds one message's or part's file: a file at such a name
// that is no record (a disk image) is not read whole.
const maxRecordFile = 64 << 20

// maxRecords bounds the files read from one folder of the tree.
const maxRecords = 100_000

// LegacyDecoder reads a session's file of the older storage tree: its
// lines are the session's row, its messages and parts are read from the
// tree once the file has ended.
type LegacyDecoder struct {
	s    *session.Builder
	path string
	doc  bytes.Buffer
	full bool // the file was larger than a session's row can be: the rest is not kept
}

// NewLegacy starts a decoder of the session file at path ("" for a stream,
// whose messages are then not looked for).
func NewLegacy(s *session.Builder, path string) *LegacyDecoder {
	s.Format = session.FormatOpenCode
	s.Agent = "opencode"
	return &LegacyDecoder{s: s, path: path}
}

// maxRow bounds a session's row: a few hundred bytes in practice.
const maxRow = 1 << 20

// Apply keeps a line of the session's row.
func (d *LegacyDecoder) Apply(num int, line []byte) {
	d.s.Account.Lines++
	d.s.Tally(session.AsBookkeeping, "session row")
	if d.doc.Len()+len(line) > maxRow {
		d.full = true
		return
	}
	d.doc.Write(line)
	d.doc.WriteByte('\n')
}

// legacyRow is a session's file.
type legacyRow struct {
	ID        string `json:"id"`
	ParentID  string `json:"parentID"`
	Title     string `json:"title"`
	Directory string `json:"directory"`
	Version   string `json:"version"`
	Time      struct {
		Created int64 `json:"created"`
		Updated int64 `json:"updated"`
	} `json:"time"`
}

// Finish reads the session's row, then its messages from the tree.
func (d *LegacyDecoder) Finish() {
	var row legacyRow
	if d.full {
		d.s.Notice(0, "this opencode session's file is larger than 1 MB: it is no session row")
		return
	}
	if err := jsonline.Unmarshal(bytes.TrimSpace(d.doc.Bytes()), &row); err != nil {
		d.s.Notice(0, "this opencode session's file does not fit its shape: "+jsonline.Short(err))
		return
	}
	info := Info{ID: row.ID, ParentID: row.ParentID, Title: row.Title, Directory: row.Directory, Version: row.Version, Created: row.Time.Created, Updated: row.Time.Updated}
	if d.path == "" {
		Decode(d.s, info, nil, nil)
		d.s.Notice(0, "an opencode session's messages are in the files beside its own; read from a stream, it shows none")
		return
	}
	storage := filepath.Dir(filepath.Dir(filepath.Dir(d.path)))
	tree := legacyTree{root: storage}
	recs := tree.records(row.ID, d.s)
	Decode(d.s, info, recs, func(id string) []Record { return tree.records(id, nil) })
}

// legacyTree reads records from a storage folder.
type legacyTree struct{ root string }

// records reads a session's messages and each one's parts, in order of
// their ids. Problems are notices of s (nil: a subagent's, not said).
func (t legacyTree) records(id string, s *session.Builder) []Record {
	if !safeName(id) {
		return nil
	}
	var out []Record
	for _, m := range t.files(filepath.Join(t.root, "message", id), s) {
		data := t.read(m, s)
		if data == nil {
			continue
		}
		r := Record{ID: strings.TrimSuffix(filepath.Base(m), ".json"), Data: data}
		var head struct {
			ID string `json:"id"`
		}
		if jsonline.Unmarshal(data, &head) == nil && safeName(head.ID) {
			r.ID = head.ID
		}
		for _, p := range t.files(filepath.Join(t.root, "part", r.ID), s) {
			if b := t.read(p, s); b != nil {
				r.Parts = append(r.Parts, b)
			}
		}
		out = append(out, r)
	}
	return out
}

// files are a folder's JSON files, sorted by name (opencode's ids grow
// with time).
func (t legacyTree) files(dir string, s *session.Builder) []string {
	names, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	sort.Strings(names)
	if len(names) > maxRecords {
		if s != nil {
			s.Notice(0, "more than 100,000 files in "+dir+": only the first are read")
		}
		names = names[:maxRecords]
	}
	return names
}

// read reads one record's file: only a regular file, at most
// maxRecordFile bytes; nil (and a notice) when it cannot be.
func (t legacyTree) read(path string, s *session.Builder) []byte {
	f, _, err := regular.Open(path)
	if err != nil {
		if s != nil {
			s.Notice(0, "could not read "+path+": "+err.Error())
		}
		return nil
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxRecordFile+1))
	if err != nil || len(b) > maxRecordFile {
		if s != nil {
			s.Notice(0, path+" is larger than 64 MB or could not be read: skipped")
		}
		return nil
	}
	return b
}

// safeName is an id that names a file of the tree, never a path out of
// it.
func safeName(id string) bool {
	return id != "" && id != "." && id != ".." && !strings.ContainsAny(id, `/\`+"\x00") && len(id) <= 255
}

// LegacySessions lists the session files of a storage folder, a subagent's
// session (with a parentID) not on its own.
func LegacySessions(storage string) []string {
	files, _ := filepath.Glob(filepath.Join(storage, "session", "*", "ses_*.json"))
	var out []string
	for _, f := range files {
		b, err := readSmall(f)
		if err != nil {
			continue
		}
		var row legacyRow
		if jsonline.Unmarshal(bytes.TrimSpace(b), &row) == nil && row.ParentID == "" {
			out = append(out, f)
		}
	}
	return out
}

func readSmall(path string) ([]byte, error) {
	return regular.ReadCapped(path, maxRow)
}
