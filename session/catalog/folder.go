package catalog

import (
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// facts are what a look at a log says of it: what Find lists it by.
type facts struct {
	size    int64
	mod     time.Time
	inode   uint64
	regular bool // a regular file (links followed): the only kind deck opens
	looked  bool // false: no look was taken yet (the zero facts)
}

// factsOf are the facts of what os.Stat says.
func factsOf(info fs.FileInfo) facts {
	return facts{size: info.Size(), mod: info.ModTime(), inode: inode(info), regular: info.Mode().IsRegular(), looked: true}
}

// statPath looks at path, links followed.
func statPath(path string) (facts, error) {
	info, err := os.Stat(path)
	if err != nil {
		return facts{}, err
	}
	return factsOf(info), nil
}

// named is a name in a folder opened to look at it (folder_unix.go).
type named struct {
	dir  *folder
	name string
}

// path is the name's path: the folder's, then the name (a name read from
// the folder, so clean: no filepath.Join, which cleans it again).
func (n named) path() string { return n.dir.path + string(filepath.Separator) + n.name }

// lookAll looks at the names of folders that take keeps, each by a stat
// relative to its opened folder, on every core at once: the regular
// files among them, as logs already looked at.
func lookAll(folders []string, take func(name string) bool) []logFile {
	var opened []*folder
	defer func() {
		for _, f := range opened {
			f.close()
		}
	}()
	var files []named
	for _, path := range folders {
		path = filepath.Clean(path) // once a folder: its names are joined to it as they are (named.path)
		entries, err := os.ReadDir(path)
		if err != nil {
			continue // an unreadable folder hides only itself
		}
		dir := openFolder(path)
		opened = append(opened, &dir)
		for _, e := range entries {
			if take(e.Name()) {
				files = append(files, named{&dir, e.Name()})
			}
		}
	}
	logs := make([]logFile, len(files))
	eachAtOnce(len(files), func(i int) {
		f := files[i]
		if st, err := f.dir.stat(f.name); err == nil && st.regular { // a named pipe or a device would never end, or wait forever
			logs[i] = logFile{path: f.path(), seen: st}
		}
	})
	out := logs[:0]
	for _, l := range logs {
		if l.path != "" {
			out = append(out, l)
		}
	}
	return out
}
