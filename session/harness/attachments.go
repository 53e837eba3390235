package harness

import (
	"bufio"
	"errors"
	"image"
	_ "image/gif"  // the media types the harness admits: GIF,
	_ "image/jpeg" // JPEG,
	_ "image/png"  // PNG
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"

	_ "golang.org/x/image/webp" // and WebP, the one the standard library does not decode

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/regular"
)

// The harness keeps an image's bytes out of its log, in its attachment
// store (attachment-local): <home>/attachments/v1/objects/<2 hex>/<sha256>,
// its id "sha256:<sha256>". A log sits at <home>/sessions/<folder>/<id>/;
// deck finds the store from there and reads each image's header, so its
// card says what the bytes are, never only what the log declares.

// attachmentID is the one id shape the store names a file by: anything
// else from the log never becomes a path.
var attachmentID = regexp.MustCompile(`^sha256:([0-9a-f]{64})$`)

// maxImageHeader bounds what is read of an image to find its size: a
// header is a few bytes (a JPEG's after its metadata, which the harness
// strips).
const maxImageHeader = 1 << 20

// SetPath tells the decoder the log's file, for the images its results
// return: their bytes are in the harness home four folders up from it.
// Without a path (stdin, a live host) no image is looked for.
func (d *Decoder) SetPath(path string) {
	d.home = ""
	if path == "" {
		return
	}
	sessions := filepath.Dir(filepath.Dir(filepath.Dir(path)))
	if filepath.Base(sessions) == "sessions" {
		d.home = filepath.Dir(sessions)
	}
}

// readImages reads the header of each image of a result from the store,
// before the result is presented (its view holds the same attachments).
func (d *Decoder) readImages(content []session.ContentBlock) {
	if d.home == "" {
		return
	}
	for _, b := range content {
		if b.Type == "image" && b.Attachment != nil {
			b.Attachment.Read = readImage(d.home, b.Attachment.AttachmentID)
		}
	}
}

// readImage decodes the header of the image the store holds under id.
func readImage(home, id string) *session.ImageRead {
	m := attachmentID.FindStringSubmatch(id)
	if m == nil {
		return &session.ImageRead{Missing: "its id names no file of the harness's attachment store"}
	}
	f, info, err := regular.Open(filepath.Join(home, "attachments", "v1", "objects", m[1][:2], m[1]))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &session.ImageRead{Missing: "not in the harness's attachment store"}
	case err != nil:
		return &session.ImageRead{Missing: "its file in the attachment store could not be read"}
	}
	defer f.Close()
	cfg, format, err := image.DecodeConfig(bufio.NewReader(io.LimitReader(f, maxImageHeader)))
	if err != nil {
		return &session.ImageRead{Bytes: info.Size(), Missing: "its bytes are no image deck reads"}
	}
	return &session.ImageRead{MediaType: "image/" + format, Width: cfg.Width, Height: cfg.Height, Bytes: info.Size(), Path: f.Name()}
}

// OpenImage opens an image's file of the attachment store (ImageRead.Path)
// again, to draw or copy its picture, only while it is still a regular file:
// the store may have changed since its header was read.
func OpenImage(path string) (*os.File, fs.FileInfo, error) { return regular.Open(path) }
