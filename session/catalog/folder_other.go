//go:build !(linux || darwin)

package catalog

import "path/filepath"

// folder is a folder whose names are looked at by their paths.
type folder struct{ path string }

func openFolder(path string) folder { return folder{path: path} }

func (folder) close() {}

// stat looks at name (a name in the folder, or a path below it), links
// followed.
func (f folder) stat(name string) (facts, error) { return statPath(filepath.Join(f.path, name)) }
