//go:build !unix

package catalog

import "io/fs"

// inode is 0 where the system has none to tell.
func inode(fs.FileInfo) uint64 { return 0 }
