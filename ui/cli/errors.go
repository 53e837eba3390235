package cli

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Exit codes (README "Exit codes").
const (
	exitOK    = 0
	exitInput = 1 // input that could not be read, is no session log, or a host that cannot be reached
	exitUsage = 2 // a bad command line
)

// commandError is an error of one command, with the exit code it means.
// Its text names the command (deck render: …), so a person knows which
// part of a pipeline failed.
type commandError struct {
	command string // the command's path: "deck", "deck render"
	code    int
	err     error
	quiet   bool // the code says it all: nothing is printed (deck search with no hit)
	trouble bool // a failure with a usage error's code (deck search's 2, as grep's): no hint to read --help
}

func (e *commandError) Error() string { return e.command + ": " + e.err.Error() }
func (e *commandError) Unwrap() error { return e.err }

// usageError is a bad command line for cmd: exit 2.
func usageError(cmd *cobra.Command, err error) error {
	return wrap(cmd, exitUsage, err)
}

// inputError is input cmd could not read, or a host it could not reach:
// exit 1.
func inputError(cmd *cobra.Command, err error) error {
	return wrap(cmd, exitInput, err)
}

// errNoHits is deck search finding nothing.
var errNoHits = errors.New("no hits")

// noHits is deck search finding nothing: exit 1 with nothing said, as
// grep.
func noHits(cmd *cobra.Command) error {
	return &commandError{command: cmd.CommandPath(), code: exitInput, err: errNoHits, quiet: true}
}

// searchFailed is deck search failing: exit 2, as grep, for whatever went
// wrong; 1 is finding nothing.
func searchFailed(cmd *cobra.Command, err error) error {
	return &commandError{command: cmd.CommandPath(), code: exitUsage, err: err, trouble: true}
}

// wrap gives err to cmd with code, unless it already belongs to a command.
func wrap(cmd *cobra.Command, code int, err error) error {
	if err == nil {
		return nil
	}
	var ce *commandError
	if errors.As(err, &ce) {
		return err
	}
	return &commandError{command: cmd.CommandPath(), code: code, err: err}
}

// exitCode is the exit code an error of Execute means. Every error of
// deck's own commands, and of cobra's parsing, is a commandError; anything
// else failed while running.
func exitCode(err error) int {
	if err == nil {
		return exitOK
	}
	var ce *commandError
	if errors.As(err, &ce) {
		return ce.code
	}
	return exitInput
}

// flagError turns pflag's errors into usage errors that say what the flag
// wants in deck's words.
func flagError(cmd *cobra.Command, err error) error {
	var invalid *pflag.InvalidValueError
	var missing *pflag.ValueRequiredError
	switch {
	case errors.As(err, &invalid) && invalid.GetFlag().Value.Type() == "bool":
		err = fmt.Errorf("--%s is on when given, or says true or false, not %q", invalid.GetFlag().Name, invalid.GetValue())
	case errors.As(err, &invalid):
		err = fmt.Errorf("--%s %v", invalid.GetFlag().Name, invalid.Unwrap())
	case errors.As(err, &missing):
		f := missing.GetFlag()
		err = fmt.Errorf("--%s needs a value", f.Name)
		if c, ok := f.Value.(*choice); ok {
			err = fmt.Errorf("--%s needs a value: %s", f.Name, c.want())
		}
	}
	return usageError(cmd, err)
}

// readError says which file could not be read without Go's "stat" or
// "open": the path and why.
func readError(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return fmt.Errorf("%s: %w", pe.Path, pe.Err)
	}
	return err
}
