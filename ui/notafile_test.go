//go:build unix

package ui

import (
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
	"github.com/deck-tui/deck/session/source"
)

// Named pipes, sockets and links to devices among the agents' logs are no
// sessions: the picker lists only the regular logs, each titled, and never
// opens the rest for a title (a pipe would hang its scan, a link to the
// terminal would take its keys).
func TestThePickerListsOnlyRegularFiles(t *testing.T) {
	home, _ := catalogtest.AgentsHome(t)
	for _, k := range []catalogtest.NotAFile{catalogtest.FIFO, catalogtest.Socket, catalogtest.TTYLink, catalogtest.ZeroLink} {
		k.Make(t, filepath.Join(home, ".claude/projects/-w/"+k.String()+".jsonl"))
		k.Make(t, filepath.Join(home, ".codex/sessions/2026/01/01/rollout-"+k.String()+".jsonl"))
	}
	x := start(t, Options{}, 120, 24)
	x.waitFor("3 of 3", "Use the bash tool", "/init", "finish up the users work")
	x.keys("enter")
	x.waitFor("card 1 of")
	x.quit()
}

// The viewer opened on a PATH that is no regular file does not start: Run
// says what the path is, followed or not.
func TestTheViewerRefusesWhatIsNotAFile(t *testing.T) {
	for _, k := range []catalogtest.NotAFile{catalogtest.FIFO, catalogtest.Socket, catalogtest.TTYLink, catalogtest.ZeroLink} {
		path := filepath.Join(t.TempDir(), k.String()+".jsonl")
		k.Make(t, path)
		for _, follow := range []bool{false, true} {
			err := Run(Options{Path: path, Follow: &follow, Theme: "dark", Input: strings.NewReader(""), Output: io.Discard})
			var nf *source.NotAFileError
			if !errors.As(err, &nf) || !strings.HasPrefix(err.Error(), path+" is a ") {
				t.Errorf("%s, follow %v: %v", k, follow, err)
			}
		}
	}
}
