package cli

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// choice is a flag value that must be one of a few words. A wrong word is
// a usage error when the flag is parsed, before anything is read.
type choice struct {
	value   *string
	allowed []string
}

func newChoice(value *string, dflt string, allowed ...string) *choice {
	*value = dflt
	return &choice{value: value, allowed: allowed}
}

func (c *choice) String() string { return *c.value }
func (c *choice) Type() string   { return strings.Join(c.allowed, "|") }

func (c *choice) Set(s string) error {
	if !slices.Contains(c.allowed, s) {
		return fmt.Errorf("wants %s, not %q", c.want(), s)
	}
	*c.value = s
	return nil
}

// want lists the words: "dark or light", "auto, always or never".
func (c *choice) want() string {
	n := len(c.allowed)
	if n < 2 {
		return strings.Join(c.allowed, "")
	}
	return strings.Join(c.allowed[:n-1], ", ") + " or " + c.allowed[n-1]
}

// path is a flag's file name: given, it is never empty (`--file=` would
// otherwise mean no flag at all, without a word).
type pathValue struct{ value *string }

func (p pathValue) String() string { return *p.value }
func (p pathValue) Type() string   { return "FILE" }

func (p pathValue) Set(s string) error {
	if s == "" {
		return fmt.Errorf("needs a file, not an empty value")
	}
	*p.value = s
	return nil
}

// maxColumns is the widest deck draws: wider than any screen, and a bound
// on the memory a row's padding takes (--width 99999999999 would fill the
// memory with spaces).
const maxColumns = 1000

// columns is a width in columns, 1 to maxColumns; 0 (unset) means the
// terminal's.
type columns struct{ value *int }

func (c columns) String() string {
	if *c.value == 0 {
		return ""
	}
	return strconv.Itoa(*c.value)
}

func (c columns) Type() string { return "N" }

func (c columns) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > maxColumns {
		return fmt.Errorf("wants a number of columns from 1 to %d, not %q", maxColumns, s)
	}
	*c.value = n
	return nil
}
