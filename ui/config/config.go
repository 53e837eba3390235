// Package config reads deck's config file: the theme, wrapping, how much
// collapsed cards keep, and the viewer's keys. Flags override it. Every bad
// value is an error naming the file and the line.
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/deck-tui/deck/cards"
)

// File is what a config file says; a setting it leaves out is the zero
// value, which means deck's default.
type File struct {
	Theme    string         // "dark", "light", or "" for the terminal's background
	Wrap     *bool          // start the viewer with long lines wrapped
	Collapse cards.Collapse // how much collapsed cards keep, by kind
	// Keys replaces the keys of the viewer's actions named here, in the
	// order the file gives them.
	Keys map[string][]string
}

// schema is the file's shape as TOML writes it.
type schema struct {
	Theme    themeName          `toml:"theme"`
	Wrap     flag               `toml:"wrap"`
	Collapse collapseTable      `toml:"collapse"`
	Keys     map[string]keyList `toml:"keys"`
}

type collapseTable struct {
	Read     count `toml:"read"`
	Diff     count `toml:"diff"`
	Search   count `toml:"search"`
	Paths    count `toml:"paths"`
	Sources  count `toml:"sources"`
	Page     count `toml:"page"`
	Terminal count `toml:"terminal"`
	Content  count `toml:"content"`
	Input    count `toml:"input"`
	Text     count `toml:"text"`
}

// DefaultPath is where deck looks for its config: $XDG_CONFIG_HOME/deck/
// config.toml, else ~/.config/deck/config.toml; "" when neither is known.
func DefaultPath(getenv func(string) string) string {
	if dir := getenv("XDG_CONFIG_HOME"); filepath.IsAbs(dir) {
		return filepath.Join(dir, "deck", "config.toml")
	}
	if home := getenv("HOME"); home != "" {
		return filepath.Join(home, ".config", "deck", "config.toml")
	}
	return ""
}

// Load reads the config at path. A missing file is no error when optional
// (the default place). keys are the viewer's actions and their default
// keys: the names the [keys] table may use, and the keys it must not take
// from an action it leaves alone.
func Load(path string, optional bool, keys map[string][]string) (File, error) {
	src, err := os.ReadFile(path)
	if optional && errors.Is(err, fs.ErrNotExist) {
		return File{}, nil
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return File{}, fmt.Errorf("config %s: %w", pe.Path, pe.Err) // without Go's "open"
	}
	if err != nil {
		return File{}, fmt.Errorf("config: %w", err)
	}
	f, err := parse(string(src), keys)
	if err != nil {
		return File{}, fmt.Errorf("config %s%w", path, err)
	}
	return f, nil
}

// parse reads a config file's text. Its errors start with ":LINE: " (or
// ": " when no line is known), for Load to put the file's name before.
func parse(src string, keys map[string][]string) (File, error) {
	var s schema
	md, err := toml.Decode(src, &s)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return File{}, fmt.Errorf(":%d: %s", pe.Position.Line, pe.Message)
		}
		return File{}, fmt.Errorf(": %w", err)
	}
	if undecoded := md.Undecoded(); len(undecoded) > 0 {
		k := undecoded[0]
		return File{}, fmt.Errorf("%s: unknown setting %q%s", at(lineOf(src, k)), k.String(), known(k))
	}
	for action := range s.Keys {
		if _, ok := keys[action]; !ok {
			return File{}, fmt.Errorf("%s: no action %q to bind keys to (the actions: %s)", at(lineOf(src, toml.Key{"keys", action})), action, strings.Join(slices.Sorted(maps.Keys(keys)), ", "))
		}
	}
	if err := conflicts(src, s.Keys, keys); err != nil {
		return File{}, err
	}
	return s.file(), nil
}

func (s schema) file() File {
	c := s.Collapse
	f := File{Theme: string(s.Theme), Wrap: s.Wrap.value, Collapse: cards.Collapse{
		Read: int(c.Read), Diff: int(c.Diff), Search: int(c.Search), Paths: int(c.Paths), Sources: int(c.Sources),
		Page: int(c.Page), Terminal: int(c.Terminal), Content: int(c.Content), Input: int(c.Input), Text: int(c.Text),
	}}
	if len(s.Keys) > 0 {
		f.Keys = map[string][]string{}
		for action, keys := range s.Keys {
			f.Keys[action] = keys
		}
	}
	return f
}

// known names the settings a table holds, after an unknown one.
func known(k toml.Key) string {
	switch {
	case len(k) == 1:
		return " (the settings: theme, wrap, [collapse], [keys])"
	case len(k) == 2 && k[0] == "collapse":
		return " (collapse takes: read, diff, search, paths, sources, page, terminal, content, input, text)"
	}
	return ""
}

func at(line int) string {
	if line == 0 {
		return ""
	}
	return fmt.Sprintf(":%d", line)
}
