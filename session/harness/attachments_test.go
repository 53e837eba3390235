package harness_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	img "image"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/harness"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// store puts bytes in a harness home's attachment store, under the id the
// store would give them, and returns that id.
func store(t *testing.T, home string, data []byte) string {
	t.Helper()
	sum := sha256.Sum256(data)
	h := hex.EncodeToString(sum[:])
	dir := filepath.Join(home, "attachments", "v1", "objects", h[:2])
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, h), data, 0o644); err != nil {
		t.Fatal(err)
	}
	return "sha256:" + h
}

func encoded(t *testing.T, enc func(*bytes.Buffer, img.Image) error, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := enc(&b, img.NewRGBA(img.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// An image a result returned is described by its own bytes, read from the
// harness's attachment store beside the log's folder, never only by what
// the log declares; an id that names no file of the store, a file that is
// not there, not a regular file or no image each say so, and nothing
// outside the store is opened.
func TestAResultsImagesAreReadFromTheAttachmentStore(t *testing.T) {
	home := t.TempDir()
	pngID := store(t, home, encoded(t, func(b *bytes.Buffer, m img.Image) error { return png.Encode(b, m) }, 3, 2))
	gifID := store(t, home, encoded(t, func(b *bytes.Buffer, m img.Image) error { return gif.Encode(b, m, nil) }, 5, 4))
	junkID := store(t, home, []byte("not an image at all"))
	fifoID := "sha256:" + strings.Repeat("f", 64)
	fifo := filepath.Join(home, "attachments", "v1", "objects", "ff", strings.Repeat("f", 64))
	os.MkdirAll(filepath.Dir(fifo), 0o755)
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	os.WriteFile(filepath.Join(home, "secret"), encoded(t, func(b *bytes.Buffer, m img.Image) error { return png.Encode(b, m) }, 9, 9), 0o644)
	ids := []string{pngID, gifID, "sha256:" + strings.Repeat("0", 64), "sha256:../../../secret", fifoID, junkID}
	var blocks []string
	for _, id := range ids {
		blocks = append(blocks, fmt.Sprintf(`{"type":"image","attachment":{"attachmentId":%q,"mediaType":"image/jpeg","bytes":90000,"width":1440,"height":900}}`, id))
	}
	log := `{"type":"session","version":4,"id":"s1","createdAt":1,"cwd":"/w","isSeeded":false,"delegationDepth":0}` + "\n" +
		`{"type":"tool/call","seq":0,"time":2,"data":{"turn":1,"step":1,"callId":"i1","name":"read_image","arguments":"{\"file_path\":\"a.png\"}"}}` + "\n" +
		`{"type":"tool/result","seq":1,"time":3,"data":{"turn":1,"step":1,"message":{"role":"tool","toolCallId":"i1","content":[` + strings.Join(blocks, ",") + `],"isError":false,"id":"r"}}}` + "\n"
	path := filepath.Join(home, "sessions", "--w--", "s1", "session.v4.jsonl")
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := os.WriteFile(path, []byte(log), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := source.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	sessiontest.NoNotices(t, s)
	want := []session.ImageRead{
		{MediaType: "image/png", Width: 3, Height: 2},
		{MediaType: "image/gif", Width: 5, Height: 4},
		{Missing: "not in the harness's attachment store"},
		{Missing: "its id names no file of the harness's attachment store"},
		{Missing: "its file in the attachment store could not be read"},
		{Missing: "its bytes are no image deck reads"},
	}
	content := sessiontest.OnlyCall(t, s).Result.Content
	for i, b := range content {
		got := b.Attachment.Read
		if got == nil {
			t.Fatalf("image %d was not looked for", i)
		}
		if got.Bytes != 0 && want[i].Missing == "" {
			want[i].Bytes = got.Bytes // the file's size, checked below
		}
		if got.MediaType != want[i].MediaType || got.Width != want[i].Width || got.Height != want[i].Height || got.Missing != want[i].Missing {
			t.Errorf("image %d: %+v, want %+v", i, *got, want[i])
		}
	}
	if info, _ := os.Stat(filepath.Join(home, "attachments", "v1", "objects", pngID[7:9], pngID[7:])); content[0].Attachment.Read.Bytes != info.Size() {
		t.Errorf("the PNG's size: %d, want its file's %d", content[0].Attachment.Read.Bytes, info.Size())
	}
	// The file whose header was read is named, for drawing the picture
	// (ui/termimage); one not read is not, and OpenImage opens only a
	// regular file, never waiting on a pipe.
	for i, b := range content {
		if r := b.Attachment.Read; (r.Path != "") != (want[i].Missing == "") {
			t.Errorf("image %d: path %q with %q missing", i, r.Path, r.Missing)
		}
	}
	if p, want := content[0].Attachment.Read.Path, filepath.Join(home, "attachments", "v1", "objects", pngID[7:9], pngID[7:]); p != want {
		t.Errorf("the PNG's file: %q, want %q", p, want)
	}
	if f, _, err := harness.OpenImage(content[0].Attachment.Read.Path); err != nil {
		t.Errorf("the PNG's file does not open again: %v", err)
	} else {
		f.Close()
	}
	if _, _, err := harness.OpenImage(fifo); err == nil {
		t.Error("a named pipe in the store was opened")
	}
	// A log outside a harness home (stdin, a copied file) looks for none.
	other := filepath.Join(t.TempDir(), "session.v4.jsonl")
	os.WriteFile(other, []byte(log), 0o644)
	s, _ = source.Open(other)
	if r := sessiontest.OnlyCall(t, s).Result.Content[0].Attachment.Read; r != nil {
		t.Errorf("a log outside a harness home: %+v, want no look", *r)
	}
}
