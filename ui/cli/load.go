package cli

import (
	"errors"
	"fmt"
	"io"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/demo"
	"github.com/deck-tui/deck/session/source"
)

// load reads the session to print, and the name to give it in messages:
// the demo, the newest session on disk, the file or folder at path (read
// by open), stdin for "-" (or for no path when stdin is not a terminal),
// else the demo.
func load(src sourceFlags, path string, stdin io.Reader, open func(path string) (*session.Session, error)) (*session.Session, string, error) {
	switch {
	case src.demo:
		return demo.Session(), "demo", nil
	case src.last:
		roots := catalog.DefaultRoots()
		found := catalog.Find(roots)
		if len(found) == 0 {
			return nil, "", fmt.Errorf("no sessions in %s", catalog.Describe(roots))
		}
		path = found[0].Opens()
	case path == "-" || path == "" && !isTerminal(stdin):
		s, err := source.ReadAll(stdin)
		if err != nil && !isNotALog(err) {
			err = fmt.Errorf("reading stdin: %w", err)
		}
		return s, "stdin", source.Named(err, "stdin")
	case path == "":
		return demo.Session(), "demo", nil
	}
	s, err := open(path)
	return s, path, readError(err)
}

func isNotALog(err error) bool {
	var notALog *source.NotALogError
	return errors.As(err, &notALog)
}
