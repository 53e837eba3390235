package cli

import (
	"runtime/debug"
	"strings"
)

// version is what deck --version prints: the module's version from the
// build info ("(devel)" under go run and in tests), then the commit it was
// built from and whether it had changes, when the build recorded them.
func version() string {
	info, _ := debug.ReadBuildInfo()
	return versionOf(info)
}

func versionOf(info *debug.BuildInfo) string {
	if info == nil {
		return "(unknown)"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var revision, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	short := revision[:min(len(revision), 12)]
	if short == "" || strings.Contains(v, short) { // a pseudo-version already says it (and +dirty)
		return v
	}
	v += " (" + short
	if modified == "true" {
		v += ", modified"
	}
	return v + ")"
}
