package termimage

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	_ "image/gif"  // the media types the harness admits: GIF,
	_ "image/jpeg" // JPEG,
	_ "image/png"  // PNG
	"io"
	"time"

	_ "golang.org/x/image/webp" // and WebP

	"github.com/deck-tui/deck/session/harness"
)

// What decoding an image may cost: its file is read whole (at most
// maxFileBytes), its header first; one that says more than maxPixels is
// refused before a pixel is decoded (50 megapixels are 200 MB decoded), and
// a decoding that takes longer than decodeTime is given up.
const (
	maxFileBytes = 64 << 20
	maxPixels    = 50_000_000
	decodeTime   = 3 * time.Second
)

// errSlow is a decoding given up.
var errSlow = fmt.Errorf("it took over %s to decode", decodeTime)

// Decode decodes the image in the attachment store's file path
// (ImageRead.Path). An error says, in a person's words, why there is no
// picture: untrusted bytes never panic.
func Decode(path string) (image.Image, error) {
	f, info, err := harness.OpenImage(path)
	if err != nil {
		return nil, errors.New("its file could not be read again")
	}
	defer f.Close()
	if info.Size() > maxFileBytes {
		return nil, fmt.Errorf("its file is over %d MiB", maxFileBytes>>20)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxFileBytes))
	if err != nil {
		return nil, errors.New("its file could not be read again")
	}
	return decode(data, maxPixels)
}

// decode decodes data, refusing a header that says more than most pixels.
func decode(data []byte, most int64) (image.Image, error) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	switch {
	case err != nil:
		return nil, errors.New("its bytes are no image deck decodes")
	case cfg.Width < 1 || cfg.Height < 1:
		return nil, errors.New("its header says it has no pixels")
	case int64(cfg.Width)*int64(cfg.Height) > most:
		return nil, fmt.Errorf("its header says %d×%d, over %d megapixels: not decoded", cfg.Width, cfg.Height, most/1_000_000)
	}
	type decoded struct {
		m   image.Image
		err error
	}
	done := make(chan decoded, 1) // a decoding given up finishes into it, bounded by most
	go func() {
		defer func() {
			if recover() != nil {
				done <- decoded{nil, errors.New("its bytes broke the decoder")}
			}
		}()
		m, _, err := image.Decode(bytes.NewReader(data))
		done <- decoded{m, err}
	}()
	timer := time.NewTimer(decodeTime)
	defer timer.Stop()
	select {
	case d := <-done:
		if d.err != nil {
			return nil, errors.New("its bytes are cut short or broken: they do not decode")
		}
		if b := d.m.Bounds(); b.Dx() != cfg.Width || b.Dy() != cfg.Height {
			return nil, errors.New("its pixels are not the size its header says")
		}
		return d.m, nil
	case <-timer.C:
		return nil, errSlow
	}
}
