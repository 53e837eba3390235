//go:build linux || darwin

package catalog

import (
	"io/fs"
	"path/filepath"
	"time"

	"golang.org/x/sys/unix"
)

// folder is a folder opened to look at the names in it: a stat by a name
// relative to it walks that name alone, not every folder of the path
// again, which was most of what listing a home's thousands of logs cost
// (BenchmarkAppendOneMB).
type folder struct {
	path string
	fd   int // -1: not open, names are looked at by their paths
}

// openFolder opens path, a folder; one that cannot be opened (it is no
// folder now, or there are too many open) is looked into by path.
// O_NONBLOCK: were it swapped for a named pipe, opening it would not wait.
func openFolder(path string) folder {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		return folder{path: path, fd: -1}
	}
	return folder{path: path, fd: fd}
}

func (f folder) close() {
	if f.fd >= 0 {
		unix.Close(f.fd)
	}
}

// stat looks at name (a name in the folder, or a path below it), links
// followed, as os.Stat does.
func (f folder) stat(name string) (facts, error) {
	if f.fd < 0 {
		return statPath(filepath.Join(f.path, name))
	}
	var st unix.Stat_t
	err := error(unix.EINTR)
	for err == unix.EINTR {
		err = unix.Fstatat(f.fd, name, &st, 0)
	}
	if err != nil {
		return facts{}, &fs.PathError{Op: "stat", Path: filepath.Join(f.path, name), Err: err}
	}
	return facts{size: st.Size, mod: time.Unix(st.Mtim.Unix()), inode: uint64(st.Ino), regular: uint32(st.Mode)&unix.S_IFMT == unix.S_IFREG, looked: true}, nil
}
