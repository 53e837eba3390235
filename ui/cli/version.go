package cli

import "runtime/debug"

// version is what deck --version prints: the module's version from the
// build info ("(devel)" when built from a checkout by go run or go build),
// then the commit it was built from, when the build recorded one.
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
	if revision == "" {
		return v
	}
	v += " (" + revision[:min(len(revision), 12)]
	if modified == "true" {
		v += ", modified"
	}
	return v + ")"
}
