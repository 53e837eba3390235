package present

import (
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// RecordedPath is the operation-time location a tool's result meta
// records (the harness's web client's recordedAbsolutePath): field "cwd"
// of a command, "path" of a file tool. Only an absolute path counts, as
// there: a relative one would have to be read against a folder the meta
// does not name, so it, a meta of another shape and an old result without
// one all give "".
func RecordedPath(meta any, field string) string {
	m, ok := jsonline.AsObject(meta)
	if !ok {
		return ""
	}
	p, _ := m[field].(string)
	if !IsAbsolute(p) {
		return ""
	}
	return p
}

// IsAbsolute is whether a path is absolute on the host that wrote it, POSIX
// or Windows: /x, C:\x or C:/x, \\server\share.
func IsAbsolute(p string) bool {
	switch {
	case p == "":
		return false
	case p[0] == '/' || len(p) > 1 && p[0] == '\\' && p[1] == '\\':
		return true
	}
	return len(p) > 2 && p[1] == ':' && ('a' <= p[0]|0x20 && p[0]|0x20 <= 'z') && (p[2] == '/' || p[2] == '\\')
}
