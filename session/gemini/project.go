package gemini

import (
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
	"strings"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/internal/regular"
)

// A chat does not say which folder its session worked in. Gemini CLI keeps
// a project's chats in ~/.gemini/tmp/<project>/chats/, <project> being the
// SHA-256 of the folder's path (older releases) or a short name the CLI
// gives it (projectRegistry.ts): the short name's folder holds the path in
// a file .project_root, and ~/.gemini/projects.json maps each path to its
// short name. A hash is matched against the paths that file names.

// maxMarker bounds what is read of .project_root and projects.json.
const maxMarker = 1 << 20

// ProjectRoot is the folder the session of the chat at path worked in, as
// Gemini CLI's files beside it say; "" when they do not.
func ProjectRoot(path string) string {
	if path == "" {
		return ""
	}
	chats := filepath.Dir(path)
	if filepath.Base(chats) != "chats" { // a subagent's chat: chats/<session>/<agent>.jsonl
		chats = filepath.Dir(chats)
	}
	if filepath.Base(chats) != "chats" {
		return ""
	}
	project := filepath.Dir(chats)
	if root := strings.TrimSpace(string(small(filepath.Join(project, ".project_root")))); root != "" && !strings.ContainsAny(root, "\n\x00") {
		return root
	}
	var registry struct {
		Projects map[string]string `json:"projects"`
	}
	if jsonline.Unmarshal(small(filepath.Join(filepath.Dir(filepath.Dir(project)), "projects.json")), &registry) != nil {
		return ""
	}
	name := filepath.Base(project)
	for root, short := range registry.Projects {
		sum := sha256.Sum256([]byte(root))
		if short == name || hex.EncodeToString(sum[:]) == name {
			return root
		}
	}
	return ""
}

// small is a small regular file's bytes; nil when it is none.
func small(path string) []byte {
	b, _ := regular.ReadCapped(path, maxMarker)
	return b
}
