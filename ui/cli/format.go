package cli

import "fmt"

// format is what deck render writes: --format, with --color its older
// alias (always is ansi, never is plain, auto is auto). Given both, they
// must agree.
func (o renderOptions) format(colorSet bool) (string, error) {
	alias := map[string]string{"auto": "auto", "always": "ansi", "never": "plain"}[o.color]
	switch {
	case !colorSet:
		return o.formatName, nil
	case o.formatName == "auto" || o.formatName == alias:
		return alias, nil
	case o.formatName == "html" || o.formatName == "markdown":
		return "", fmt.Errorf("--color is for terminal output: --format %s has its own colours (drop --color)", o.formatName)
	}
	return "", fmt.Errorf("--color %s and --format %s contradict each other: give one (--format is the one to use)", o.color, o.formatName)
}

// colorMode is the --color mode that the ansi, plain and auto formats
// mean to theme.Profile.
func colorMode(format string) string {
	switch format {
	case "ansi":
		return "always"
	case "plain":
		return "never"
	}
	return "auto"
}
