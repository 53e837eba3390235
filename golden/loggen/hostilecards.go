package loggen

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// Hostile cards other than replies and prompts, each drawn from Markdown or
// highlighted code of megabytes (issue 23): a log of one such card, written
// once into dir as MarkdownCard(dir, kind, mb).
var MarkdownCardKinds = []string{"plan", "failed-bash", "web-answer", "web-page", "unknown-tool", "codex-exec"}

// MarkdownCard is a log of one card of kind (MarkdownCardKinds) whose text
// is about mb megabytes:
//   - plan: the harness's exit_plan_mode, its review's Markdown (a generic card's content);
//   - failed-bash: a failed bash command, its output shown in a console fence;
//   - web-answer: a web search's answer (Markdown);
//   - web-page: a fetched page (Markdown);
//   - unknown-tool: a tool deck does not know, its result Markdown;
//   - codex-exec: a Codex exec cell deck cannot read, its script shown as
//     JavaScript.
func MarkdownCard(dir, kind string, mb int) (string, error) {
	return hostileLog(dir, fmt.Sprintf("card-%s-%dMB.jsonl", kind, mb), func(f *os.File) error {
		w := bufio.NewWriter(f)
		var err error
		if kind == "codex-exec" {
			err = codexExec(w, mb)
		} else {
			err = harnessCard(w, kind, mb)
		}
		if err != nil {
			return err
		}
		return w.Flush()
	})
}

// harnessCard writes a harness log of one call and its result.
func harnessCard(w *bufio.Writer, kind string, mb int) error {
	var name string
	var args obj
	result := "done"
	var meta obj
	isError := false
	switch kind {
	case "plan":
		name, args = "exit_plan_mode", obj{"plan", "# The plan\n\nIn short."}
		result = "# The plan\n\n" + MarkdownText(mb) // the review's content is the card's
	case "failed-bash":
		name, args, result, isError = "bash", obj{"command", "make", "description", "build"}, CodeText(mb), true
	case "web-answer":
		name, args = "web_search", obj{"query", "q"}
		meta = obj{"sources", []obj{{"url", "https://example.com/", "title", "a source"}}, "truncated", false, "answer", MarkdownText(mb)}
	case "web-page":
		name, args, result = "web_fetch", obj{"url", "https://example.com/"}, "Fetched https://example.com/ (HTTP 200)\n"+MarkdownText(mb)
		meta = obj{"url", "https://example.com/", "statusCode", 200, "truncated", false}
	case "unknown-tool":
		name, args, result = "summarise_everything", obj{"what", "all"}, MarkdownText(mb)
	default:
		return fmt.Errorf("no hostile card of kind %q", kind)
	}
	rawArgs, err := Marshal(args)
	if err != nil {
		return err
	}
	content := []obj{{"type", "tool-result", "toolCallId", "c1", "content", []obj{{"type", "text", "text", result}}, "isError", isError}}
	data := obj{"turn", 1, "step", 1, "message", obj{"source", obj{"kind", "tool", "callId", "c1"}, "content", content, "role", "user", "id", "r1"}}
	if meta != nil {
		data = append(data, "meta", meta)
	}
	lines := []obj{
		{"type", "tool/call", "seq", 1, "time", 1, "data", obj{"turn", 1, "step", 1, "callId", "c1", "name", name, "arguments", string(rawArgs)}},
		{"type", "tool/result", "seq", 2, "time", 2, "data", data},
	}
	if _, err := w.WriteString(HostileHeader); err != nil {
		return err
	}
	return writeLines(w, lines)
}

// codexExec writes a Codex rollout of one exec cell whose script deck
// cannot read (a loop), of about mb megabytes.
func codexExec(w *bufio.Writer, mb int) error {
	script := "for (const f of [\"a.txt\", \"b.txt\"]) {\n  const r = await tools.exec_command({cmd: `wc -l ${f}`});\n  text(r.output);\n}\n" + CodeText(mb)
	ts := "2026-09-18T09:00:00.000Z"
	lines := []obj{
		{"timestamp", ts, "type", "session_meta", "payload", obj{"id", "019d5a1e-7c2b-7e10-9f3a-5c1d2e3f4a5b", "timestamp", ts, "cwd", "/w", "originator", "codex_cli_rs", "cli_version", "0.154.0", "source", "cli", "model_provider", "openai"}},
		{"timestamp", ts, "type", "turn_context", "payload", obj{"turn_id", "t1", "cwd", "/w", "approval_policy", "on-request", "sandbox_policy", obj{"type", "workspace-write"}, "model", "m", "effort", "medium", "summary", "auto"}},
		{"timestamp", ts, "type", "event_msg", "payload", obj{"type", "turn_started", "turn_id", "t1", "model_context_window", 272000}},
		{"timestamp", ts, "type", "response_item", "payload", obj{"type", "custom_tool_call", "status", "completed", "call_id", "call_x", "name", "exec", "input", script}},
		{"timestamp", ts, "type", "response_item", "payload", obj{"type", "custom_tool_call_output", "call_id", "call_x", "output", []obj{{"type", "input_text", "text", "Script completed\nWall time 0.3 seconds\nOutput:\n3 a.txt\n5 b.txt\n"}}}},
	}
	return writeLines(w, lines)
}

func writeLines(w *bufio.Writer, lines []obj) error {
	for _, l := range lines {
		b, err := Marshal(l)
		if err != nil {
			return err
		}
		if _, err := w.Write(append(b, '\n')); err != nil {
			return err
		}
	}
	return nil
}

// MarkdownText is about mb megabytes of Markdown as a tool writes it:
// headings, paragraphs, lists and fenced code.
func MarkdownText(mb int) string {
	unit := "## A section\n\nSome **prose** with `code` in it: a paragraph long enough to wrap once or twice at a width of a hundred columns.\n\n" +
		"- a list item\n- and another\n\n```go\nfunc f(x int) int { return x * 2 } // a comment\n```\n\n"
	return strings.Repeat(unit, mb<<20/len(unit)+1)
}

// CodeText is about mb megabytes of JavaScript, a short line after another.
func CodeText(mb int) string {
	unit := "const total = items.map((x) => x.price * 2).reduce((a, b) => a + b, 0); // sum \"them\"\n"
	return strings.Repeat(unit, mb<<20/len(unit)+1)
}
