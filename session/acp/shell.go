package acp

import (
	"path"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/shellwords"
	"github.com/deck-tui/deck/session/present"
)

// command is what an execute call runs: its input's command (a string, or
// an argv whose shell wrapper is dropped), the command of its terminal, or
// its title without the backticks an adapter puts round it.
func (d *Decoder) command(c *call) string {
	switch v := c.input["command"].(type) {
	case string:
		if v != "" {
			return v
		}
	case []any:
		if s := argv(v); s != "" {
			return s
		}
	}
	for _, id := range c.terminals {
		if t := d.terminals[callKey{c.key.session, id}]; t != nil && t.command != "" {
			return strings.Join(append([]string{t.command}, t.args...), " ")
		}
	}
	return strings.Trim(c.titleOf(), "`")
}

// argv words an argv as a command line (shellwords.Command); "" when it
// holds anything but strings.
func argv(argv []any) string {
	words := make([]string, 0, len(argv))
	for _, a := range argv {
		s, ok := a.(string)
		if !ok {
			return ""
		}
		words = append(words, s)
	}
	return shellwords.Command(words)
}

// searchMatch is what a search call matched, when it ran rg or grep
// (Codex's adapter gives the command, alone or piped into head):
// present.ShellSearch's expression; "" otherwise, and a search tool's own
// pattern argument says it.
func searchMatch(c *call) string {
	script, _ := c.input["command"].(string)
	if list, ok := c.input["command"].([]any); ok {
		script = argv(list)
	}
	cmds, ops, ok := shellwords.Split(script)
	head := len(cmds) == 2 && ops[0] == "|" && len(cmds[1]) > 0 && cmds[1][0] == "head"
	if !ok || len(cmds) != 1 && !head {
		return ""
	}
	s, _ := present.ReadShellSearch(cmds[0])
	return s.Match
}

// cwd is where an execute call runs.
func (d *Decoder) cwd(c *call) string {
	cwd := orElse(str(c.input, "cwd"), c.cwd)
	for _, id := range c.terminals {
		if t := d.terminals[callKey{c.key.session, id}]; t != nil && cwd == "" {
			cwd = t.cwd
		}
	}
	if cwd == "" {
		return ""
	}
	return path.Clean(cwd)
}

// terminalView is a finished command: its output (the raw output when the
// adapter gave one, else its terminal's, else what streamed, else its
// content) and how it ended (the raw output's exit code, else the streamed
// exit, else the terminal's).
func (d *Decoder) terminalView(c *call) session.TerminalResultView {
	v := session.TerminalResultView{}
	out, haveOut := outputText(c.output)
	for _, id := range c.terminals {
		t := d.terminals[callKey{c.key.session, id}]
		if t == nil {
			continue
		}
		if !haveOut && t.hasOutput {
			out, haveOut = t.output, true
		}
		if v.ExitCode == nil && v.Signal == "" {
			v.ExitCode, v.Signal = t.exit, t.signal
		}
	}
	switch {
	case haveOut:
	case c.streamed.Len() > 0:
		out = c.streamed.String()
	default:
		out = c.text()
	}
	v.Output = out
	if c.exit != nil || c.signal != "" {
		v.ExitCode, v.Signal = c.exit, c.signal
	}
	if m, ok := c.output.(map[string]any); ok {
		if code := exitOf(m); code != nil {
			v.ExitCode, v.Signal = code, ""
		}
	}
	return v
}

// exitOf reads an exit code in the spellings adapters use.
func exitOf(m map[string]any) *int {
	for _, k := range []string{"exit_code", "exitCode"} {
		if code := present.ExitOf(m[k]); code != nil {
			return code
		}
	}
	return nil
}

// outputText reads a tool's output from the shapes adapters write:
// Codex's formatted_output / aggregated_output / stdout and stderr, Claude
// Code's stdout / result, an MCP result's text content, or a plain string.
func outputText(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case map[string]any:
		for _, k := range []string{"formatted_output", "aggregated_output", "output"} {
			if s, ok := x[k].(string); ok {
				return s, true
			}
		}
		out, hasOut := x["stdout"].(string)
		errs, hasErr := x["stderr"].(string)
		if hasOut || hasErr {
			if out != "" && errs != "" && !strings.HasSuffix(out, "\n") {
				out += "\n"
			}
			return out + errs, true
		}
		if s, ok := x["result"].(string); ok {
			return s, true
		}
		if f, ok := x["file"].(map[string]any); ok { // Claude Code's Read
			if s, ok := f["content"].(string); ok {
				return s, true
			}
		}
		if list, ok := x["content"].([]any); ok { // an MCP tool's result
			var texts []string
			for _, it := range list {
				if b, ok := it.(map[string]any); ok && b["type"] == "text" {
					texts = append(texts, str(b, "text"))
				}
			}
			return strings.Join(texts, "\n"), len(texts) > 0
		}
	}
	return "", false
}
