package cli

import (
	"runtime/debug"
	"strings"
)

// What the linker stamps (make build: -ldflags "-X …"), for a build whose
// build info records no commit: go run, -buildvcs=false, a copy of the
// source without its .git.
var (
	stampedVersion  string // git describe
	stampedCommit   string // the commit's full hash
	stampedModified string // "true" when the tree had changes
)

// version is what deck --version prints: the version (the stamped one,
// else the module's from the build info: "(devel)" for a build from
// source), then the commit it was built from and whether it had changes,
// stamped or recorded by the build; a build from source that knows no
// commit says so.
func version() string {
	info, _ := debug.ReadBuildInfo()
	return versionOf(info, stamp{stampedVersion, stampedCommit, stampedModified})
}

// stamp is what the linker stamped.
type stamp struct{ version, commit, modified string }

func versionOf(info *debug.BuildInfo, st stamp) string {
	var v, revision, modified string
	if info != nil {
		v = info.Main.Version
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				revision = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
	}
	if st.version != "" {
		v = st.version
	}
	if st.commit != "" {
		revision, modified = st.commit, st.modified
	}
	switch {
	case v == "" && info == nil && revision == "":
		return "(unknown)"
	case v == "":
		v = "(devel)"
	}
	short := revision[:min(len(revision), 12)]
	switch {
	case short == "" && v == "(devel)":
		return v + " (commit unknown: built without VCS info; make build stamps it)"
	case short == "" || strings.Contains(v, short): // a release names itself; a pseudo-version says its commit (and +dirty)
		return v
	}
	v += " (" + short
	if modified == "true" {
		v += ", modified"
	}
	return v + ")"
}
