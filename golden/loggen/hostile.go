package loggen

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/klauspost/compress/zstd"
)

// Hostile logs, made to hurt a reader (docs/performance.md, "Hostile
// sessions"): each is written once into dir and reused.

// NewlineBomb is 1 GiB of newlines as one zstd frame (some 40 KB).
func NewlineBomb(dir string) (string, error) {
	return hostileLog(dir, "bomb-1GiB-newlines.jsonl.zstd", func(f *os.File) error {
		w, err := zstd.NewWriter(f, zstd.WithEncoderLevel(zstd.SpeedBestCompression))
		if err != nil {
			return err
		}
		chunk := []byte(strings.Repeat("\n", 1<<20))
		for range 1024 {
			if _, err := w.Write(chunk); err != nil {
				return err
			}
		}
		return w.Close()
	})
}

// HostileHeader is the header line of the hostile logs.
const HostileHeader = `{"type":"session","version":0,"id":"s","createdAt":1,"cwd":"/w","delegationDepth":0}` + "\n"

// Reply is a log named name of one assistant reply of text, which must
// need no JSON escaping (HugeLine, HugeWords).
func Reply(dir, name string, text func() string) (string, error) {
	return hostileLog(dir, name, func(f *os.File) error {
		_, err := f.WriteString(HostileHeader + `{"type":"assistant/message","seq":1,"time":1,"data":{"turn":1,"step":1,"message":{"role":"assistant","content":[{"type":"text","text":"` +
			text() + `"}],"source":{"kind":"model","provider":"p","model":"m"},"id":"x"}}}` + "\n")
		return err
	})
}

// Prompt is a log named name of one prompt a person typed, of text, which
// must need no JSON escaping (HugeLine, HugeWords).
func Prompt(dir, name string, text func() string) (string, error) {
	return hostileLog(dir, name, func(f *os.File) error {
		_, err := f.WriteString(HostileHeader + `{"type":"user/message","seq":1,"time":1,"data":{"content":[{"type":"text","text":"` +
			text() + `"}],"source":{"kind":"user"},"role":"user","id":"u1"}}` + "\n")
		return err
	})
}

// Title is a log named name whose session/title record is text, which must
// need no JSON escaping, before a short prompt.
func Title(dir, name string, text func() string) (string, error) {
	return hostileLog(dir, name, func(f *os.File) error {
		_, err := f.WriteString(HostileHeader + `{"type":"session/title","seq":0,"time":1,"data":{"title":"` + text() +
			`","messageSeqs":[],"source":{"kind":"fallback"}}}` + "\n" +
			`{"type":"user/message","seq":1,"time":1,"data":{"content":[{"type":"text","text":"hi"}],"source":{"kind":"user"},"role":"user","id":"u1"}}` + "\n")
		return err
	})
}

// HugeLine is mb megabytes of one word.
func HugeLine(mb int) string { return strings.Repeat("x", mb<<20) }

// HugeWords is mb megabytes of words.
func HugeWords(mb int) string {
	words := strings.Fields("the session card width memory of a reply and its words")
	var s strings.Builder
	for i := 0; s.Len() < mb<<20; i++ {
		s.WriteString(words[i*7%len(words)])
		s.WriteByte(' ')
	}
	return s.String()
}

// hostileLog writes a log once, in dir, and returns its path.
func hostileLog(dir, name string, write func(f *os.File) error) (string, error) {
	path := filepath.Join(dir, name)
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	f, err := os.Create(path + ".tmp")
	if err != nil {
		return "", err
	}
	if err := write(f); err != nil {
		f.Close()
		return "", err
	}
	if err := f.Close(); err != nil {
		return "", err
	}
	return path, os.Rename(path+".tmp", path)
}

// HugeParagraphs is mb megabytes of a reply's Markdown: short paragraphs
// and lists, its newlines escaped for a JSON string (Reply's text).
func HugeParagraphs(mb int) string {
	unit := `Some **prose** with ` + "`code`" + ` in it: a paragraph long enough to wrap once or twice at a width of a hundred columns, as a reply's are.\n\n- a list item\n- and another\n\n`
	return strings.Repeat(unit, mb<<20/len(unit)+1)
}
