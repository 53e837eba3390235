package cursor

import (
	"os"
	"path/filepath"
	"strings"
)

// maxProbes bounds the folders ProjectRoot looks at for one transcript.
const maxProbes = 256

// ProjectRoot is the folder a transcript's session ran in, as its
// project's folder under ~/.cursor/projects names it: the folder's path
// with every "/" (and ".") written "-" ("Users-me-my-app"). The name alone
// cannot say which "-" stood for what, so the folders it may stand for are
// looked at, and the one that is there is it; "" when none is, or the
// transcript is not in a project's agent-transcripts.
func ProjectRoot(transcript string) string {
	dir := filepath.Dir(transcript)
	for i := 0; i < 3 && filepath.Base(dir) != "agent-transcripts"; i++ {
		dir = filepath.Dir(dir)
	}
	if filepath.Base(dir) != "agent-transcripts" {
		return ""
	}
	slug := filepath.Base(filepath.Dir(dir))
	words := strings.Split(slug, "-")
	if slug == "" || len(words) > 64 {
		return ""
	}
	probes := 0
	var walk func(done, part string, rest []string) string
	walk = func(done, part string, rest []string) string {
		if len(rest) == 0 {
			p := done + "/" + part
			if info, err := os.Stat(p); err == nil && info.IsDir() {
				return p
			}
			return ""
		}
		if probes++; probes > maxProbes {
			return ""
		}
		// "/" after part: part must be a folder there
		if info, err := os.Stat(done + "/" + part); err == nil && info.IsDir() {
			if p := walk(done+"/"+part, rest[0], rest[1:]); p != "" {
				return p
			}
		}
		for _, sep := range []string{"-", "."} {
			if p := walk(done, part+sep+rest[0], rest[1:]); p != "" {
				return p
			}
		}
		return ""
	}
	return walk("", words[0], words[1:])
}
