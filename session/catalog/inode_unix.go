//go:build unix

package catalog

import (
	"io/fs"
	"syscall"
)

// inode is a file's inode number.
func inode(info fs.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Ino)
	}
	return 0
}
