package theme

import (
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// Profile decides how much colour output gets. Cards are drawn in true
// colour; the profile downsamples them once, at output.
//   - never, or NO_COLOR with auto: no escape byte at all;
//   - auto: what the terminal supports (none when not a terminal);
//   - always: colour even into a pipe, as much as the environment says the
//     terminal supports, true colour when it says nothing.
func Profile(mode string, out io.Writer, env []string) (colorprofile.Profile, error) {
	switch mode {
	case "never":
		return colorprofile.NoTTY, nil
	case "auto", "":
		if noColor(env) {
			return colorprofile.NoTTY, nil
		}
		p := colorprofile.Detect(out, env)
		if p == colorprofile.ASCII { // no colour but styles: still escapes
			p = colorprofile.NoTTY
		}
		return p, nil
	case "always":
		p := colorprofile.Env(env)
		if p < colorprofile.ANSI {
			p = colorprofile.TrueColor
		}
		return p, nil
	}
	return 0, fmt.Errorf("unknown --color %q (want auto, always or never)", mode)
}

func noColor(env []string) bool {
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "NO_COLOR="); ok && v != "" {
			return true
		}
	}
	return false
}

// Encode returns text as it is written in profile p: colours downsampled
// to what the profile holds; with no colour at all, no escape byte and no
// blanks at the ends of lines (the padding that carried a background).
func Encode(text string, p colorprofile.Profile) string {
	if p <= colorprofile.NoTTY {
		lines := strings.Split(ansi.Strip(text), "\n")
		for i, l := range lines {
			lines[i] = strings.TrimRight(l, " ")
		}
		return strings.Join(lines, "\n")
	}
	if p == colorprofile.TrueColor { // the Writer forwards it as it is
		return text
	}
	if out, ok := downsample(text, p); ok {
		return out
	}
	var b strings.Builder
	w := &colorprofile.Writer{Forward: &b, Profile: p}
	_, _ = w.WriteString(text) // a strings.Builder does not fail
	return b.String()
}
