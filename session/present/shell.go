package present

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/deck-tui/deck/session"
)

// The shell tools: bash and pwsh (@deepseek-ai/dsh-tool-bash, -pwsh), their
// persistent PTY twins, and the terminal_* tools.

func init() {
	shell := presenter{
		schema: withSandbox(schema{
			"command": req(str()), "description": req(str()), "timeoutMs": opt(number),
			"workdir": opt(str()), "run_in_background": opt(boolean),
		}),
		call:   shellCall,
		result: shellResult,
		// The persistent (PTY) shells register under the same names and take
		// only a command: a terminal call, and no result presenter.
		alt: &presenter{
			schema: schema{"command": req(str())},
			call: func(a Args) session.CallView {
				if blank(a.Str("command")) {
					return nil
				}
				return session.TerminalCallView{Title: a.Str("command")}
			},
		},
	}
	register([]string{"bash", "pwsh"}, shell)

	register([]string{"terminal_open"}, presenter{
		schema: schema{"type": req(str()), "name": opt(str()), "cwd": opt(str())},
		call: func(a Args) session.CallView {
			return session.GenericCallView{Title: rowTitle("terminal_open", a, "type", "name", "cwd"), Kind: "execute", RawInput: map[string]any(a)}
		},
	})
	register([]string{"terminal_send"}, presenter{
		schema: schema{"sessionId": req(str()), "text": req(str()), "submit": opt(boolean), "run_in_background": opt(boolean)},
		call: func(a Args) session.CallView {
			if a.Str("sessionId") == "" {
				return nil
			}
			if a["run_in_background"] == true {
				return session.GenericCallView{Title: "Send to terminal " + a.Str("sessionId") + " in background", Kind: "execute", RawInput: a.Str("text")}
			}
			title := a.Str("text")
			if title == "" {
				title = "(send input)"
			}
			return session.TerminalCallView{Title: title, Description: "Terminal " + a.Str("sessionId")}
		},
		result: func(a Args, r *session.ToolResult) session.ResultView {
			if a["run_in_background"] == true || r.IsError || a.Str("sessionId") == "" {
				return nil
			}
			text, ok := singleText(r)
			if !ok {
				return nil
			}
			return session.TerminalResultView{Output: text, Cwd: RecordedPath(r.Meta, "cwd")} // no exit status: the session lives on
		},
	})
	terminalTool := func(name, kind string, s schema) presenter {
		s["sessionId"] = req(str())
		return presenter{schema: s, call: rowCall(kind, "sessionId")(name)}
	}
	register([]string{"terminal_read"}, terminalTool("terminal_read", "read", schema{"offset": opt(number), "count": opt(number)}))
	register([]string{"terminal_signal"}, terminalTool("terminal_signal", "execute", schema{"signal": req(str("SIGINT", "SIGTERM", "SIGKILL", "SIGTSTP", "SIGHUP"))}))
	register([]string{"terminal_close"}, terminalTool("terminal_close", "delete", schema{}))
	register([]string{"terminal_list"}, presenter{call: rowCall("read")("terminal_list")})
}

// shellCall: a foreground command is a terminal card (the command, its
// description, its working directory); a background one a generic card.
func shellCall(a Args) session.CallView {
	if !shellFits(a) {
		return nil
	}
	if a["run_in_background"] == true {
		return session.GenericCallView{
			Title: a.Str("command"), Kind: "execute", RawInput: a.Str("command"),
			Content: []session.ContentBlock{{Type: "text", Text: a.Str("description")}},
		}
	}
	return session.TerminalCallView{Title: a.Str("command"), Description: a.Str("description"), Cwd: a.Str("workdir")}
}

// shellResult: the output with its exit status parsed off its last line,
// and the folder it ran in as the meta recorded it; a background start, an
// error or an output the harness spilled (its last line may not be the
// status) is the text in a console fence.
func shellResult(a Args, r *session.ToolResult) session.ResultView {
	text, ok := singleText(r)
	if !ok || !shellFits(a) {
		return nil
	}
	if a["run_in_background"] == true || r.IsError || Spilled(text) {
		fenced := "```console\n" + strings.TrimRight(text, "\n") + "\n```"
		return session.GenericResultView{Content: []session.ContentBlock{{Type: "text", Text: fenced}}}
	}
	body, code, signal := parseExitStatus(text)
	v := session.TerminalResultView{Output: body, Signal: signal, Cwd: RecordedPath(r.Meta, "cwd")}
	if signal == "" {
		v.ExitCode = &code
	}
	return v
}

// shellFits is the web client's check of a shell call beyond its schema
// (terminal-card-model.ts): a command and a description that are not
// blank, and a timeout, when given, above 0. Any other call is no
// terminal card, pending or done.
func shellFits(a Args) bool {
	if blank(a.Str("command")) || blank(a.Str("description")) {
		return false
	}
	if t, given := a.Num("timeoutMs"); a.Has("timeoutMs") && (!given || t <= 0 || math.IsInf(t, 0)) {
		return false
	}
	return true
}

func blank(s string) bool { return strings.TrimSpace(s) == "" }

var (
	signalMarker = regexp.MustCompile(`\n\[killed by signal: ([^\]\n]+)\]$`)
	exitMarker   = regexp.MustCompile(`\n\[exit code: (\d+)\]$`)
)

// parseExitStatus is the harness's parseExitStatus: a final line
// "[killed by signal: X]" or "[exit code: N]" (after a newline, at the very
// end) is the status and is cut from the output; with neither the exit code
// is 0. signal is "" unless the process was killed.
//
// A marker holds no newline, so only the last line is matched: a regular
// expression anchored at the end still scans all of a long output.
func parseExitStatus(text string) (body string, exitCode int, signal string) {
	last := strings.LastIndexByte(text, '\n')
	if last < 0 {
		return text, 0, ""
	}
	tail := text[last:] // a match starts at its newline, or there is none
	if m := signalMarker.FindStringSubmatchIndex(tail); m != nil {
		return text[:last], 0, tail[m[2]:m[3]]
	}
	if m := exitMarker.FindStringSubmatchIndex(tail); m != nil {
		code, err := strconv.Atoi(tail[m[2]:m[3]])
		if err != nil { // more digits than an int holds
			code = -1
		}
		return text[:last], code, ""
	}
	return text, 0, ""
}

// withSandbox adds the keys bash, pwsh, write and edit take to ask for a
// wider sandbox, with the modes the harness offers. A deployment with no
// sandbox declares neither key, and its open root takes any value there;
// every captured header declares them, so deck checks them.
func withSandbox(s schema) schema {
	s["sandbox_permissions"] = opt(str("workspace-write", "danger-full-access"))
	s["justification"] = opt(str())
	return s
}
