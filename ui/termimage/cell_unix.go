//go:build unix

package termimage

import (
	"image"
	"os"

	"golang.org/x/sys/unix"
)

// cellOf is a cell's size in pixels as the terminal on f tells the kernel
// (TIOCGWINSZ's pixels over its cells): for a terminal that answers no
// CSI 16 t (xterm, unless its window operations are allowed); zero when
// it tells none.
func cellOf(f *os.File) image.Point {
	ws, err := unix.IoctlGetWinsize(int(f.Fd()), unix.TIOCGWINSZ)
	if err != nil || ws.Col == 0 || ws.Row == 0 || ws.Xpixel == 0 || ws.Ypixel == 0 {
		return image.Point{}
	}
	return image.Pt(int(ws.Xpixel/ws.Col), int(ws.Ypixel/ws.Row))
}
