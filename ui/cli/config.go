package cli

import (
	"os"

	"github.com/spf13/cobra"

	"github.com/deck-tui/deck/ui/config"
	"github.com/deck-tui/deck/ui/viewer"
)

// addConfig declares --config, for the commands that draw cards.
func addConfig(cmd *cobra.Command, path *string) {
	cmd.Flags().Var(pathValue{path}, "config", "the config file (default: $XDG_CONFIG_HOME/deck/config.toml)")
}

// loadConfig reads the config file --config names, else the default one
// if there is one. A bad file is a bad invocation: exit 2, naming the line.
func loadConfig(cmd *cobra.Command, path string) (config.File, error) {
	optional := path == ""
	if optional {
		if path = config.DefaultPath(os.Getenv); path == "" {
			return config.File{}, nil
		}
	}
	f, err := config.Load(path, optional, viewer.KeyActions())
	if err != nil {
		return config.File{}, usageError(cmd, err)
	}
	return f, nil
}

// themeOf is the theme to draw in: the flag's when given, else the config
// file's, else dflt.
func themeOf(cmd *cobra.Command, flag string, f config.File, dflt string) string {
	switch {
	case cmd.Flags().Changed("theme"):
		return flag
	case f.Theme != "":
		return f.Theme
	}
	return dflt
}
