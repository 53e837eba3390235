package termimage

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/harness"
)

// left is what this process leaves behind it: the kitty images it sent
// for cards, which the terminal keeps until told, and the copies of images
// made for a program to open.
var left struct {
	mu  sync.Mutex
	ids map[int]bool
	dir string // the copies' folder, made at the first
}

// sent records a kitty image id sent, for Leave.
func sent(id int) {
	left.mu.Lock()
	defer left.mu.Unlock()
	if left.ids == nil {
		left.ids = map[int]bool{}
	}
	left.ids[id] = true
}

// extensions are the names a program opening an image by name tells its
// type by: the store's files have none.
var extensions = map[string]string{"image/png": ".png", "image/jpeg": ".jpg", "image/gif": ".gif", "image/webp": ".webp"}

// Copy is a copy of the image read as r, named with its type's extension,
// for a program that opens it by name: readable by its owner alone, in a
// folder of deck's own that Leave removes.
func Copy(r *session.ImageRead, name string) (string, error) {
	ext, ok := extensions[r.MediaType]
	if !ok || r.Path == "" {
		return "", errors.New("deck has no file of this image")
	}
	src, info, err := harness.OpenImage(r.Path)
	if err != nil {
		return "", errors.New("its file could not be read again")
	}
	defer src.Close()
	if info.Size() > maxFileBytes {
		return "", errors.New("its file is over 64 MiB")
	}
	left.mu.Lock()
	defer left.mu.Unlock()
	if left.dir == "" {
		if left.dir, err = os.MkdirTemp("", "deck-images-"); err != nil { // 0700
			return "", err
		}
	}
	dst, err := os.CreateTemp(left.dir, safeName(name)+"-*"+ext) // 0600
	if err != nil {
		return "", err
	}
	if _, err = io.Copy(dst, io.LimitReader(src, maxFileBytes)); err == nil {
		err = dst.Close()
	} else {
		dst.Close()
	}
	if err != nil {
		os.Remove(dst.Name())
		return "", err
	}
	return dst.Name(), nil
}

// safeName is an image's name as part of a file name: its letters, digits,
// dots, dashes and underscores, at most 40 of them, without its extension.
func safeName(name string) string {
	name = filepath.Base(name)
	name = name[:len(name)-len(filepath.Ext(name))]
	var b []rune
	for _, r := range name {
		switch {
		case len(b) == 40:
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			b = append(b, r)
		}
	}
	if len(b) == 0 || b[0] == '.' || b[0] == '-' {
		return "image" + string(b)
	}
	return string(b)
}

// Leave frees what this process left behind: it tells the terminal on w to
// forget the kitty images sent for cards, and removes the copies made.
func Leave(w io.Writer) {
	left.mu.Lock()
	defer left.mu.Unlock()
	for id := range left.ids {
		io.WriteString(w, kittyForget(id))
	}
	left.ids = nil
	if left.dir != "" {
		os.RemoveAll(left.dir)
		left.dir = ""
	}
}
