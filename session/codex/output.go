package codex

import (
	"bytes"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// output is a tool's output, read out of whichever form it took:
//
//   - a JSON string {"output", "metadata": {exit_code, duration_seconds}}
//     (shell in the early eras);
//   - a header "Exit code: N / Wall time: X seconds / Output:" (shell_command,
//     apply_patch), or "Chunk ID / Wall time / Process exited with code N |
//     Process running with session ID N / Original token count / Output:"
//     (exec_command, write_stdin), or those status lines alone;
//   - an array of content items (images, MCP results), or an object
//     {content, success};
//   - plain text.
type output struct {
	body    string                 // the output, without its status lines
	images  []session.ContentBlock // the images an array of items held
	exit    *int                   // the exit code, when stated
	seconds float64                // the wall time, when stated
	timed   bool
	running string // the session of a process still running
	failed  bool   // the writer said the call failed (success: false)
	total   int    // "Total output lines: N": the body lost lines in its middle
}

// maxOutputDepth bounds how many {content, success} objects are read one in
// another: each is read whole again at every level (10,000 of them, a
// 120 KB line, took 3.6 s and 650 MB). The innermost is its output as text.
const maxOutputDepth = 4

func parseOutput(raw jsontext.Value) output { return parseOutputAt(raw, 0) }

// parseOutputAt reads an output inside depth {content, success} objects.
func parseOutputAt(raw jsontext.Value, depth int) output {
	raw = bytes.TrimSpace(raw)
	if s, ok := stringOf(raw); ok {
		return parseText(s)
	}
	if len(raw) == 0 || string(raw) == "null" {
		return output{}
	}
	switch raw[0] {
	case '[':
		if o, ok := items(raw); ok {
			return o
		}
	case '{':
		var obj struct {
			Content jsontext.Value `json:"content"`
			Success *bool          `json:"success"`
		}
		if depth < maxOutputDepth && jsonline.Unmarshal(raw, &obj) == nil && len(obj.Content) > 0 {
			o := parseOutputAt(obj.Content, depth+1)
			o.failed = obj.Success != nil && !*obj.Success
			return o
		}
		if o, ok := structured(raw); ok {
			return o
		}
	}
	return output{body: string(raw)}
}

// parseText reads an output string.
func parseText(s string) output {
	switch {
	case strings.HasPrefix(s, "{"):
		if o, ok := structured([]byte(s)); ok {
			return o
		}
	case strings.HasPrefix(s, "[{"): // content items written as text (MCP results)
		if o, ok := items([]byte(s)); ok {
			return o
		}
	}
	if o, ok := header(s); ok {
		return o
	}
	return output{body: s}
}

// items reads an array of content items (text, images), each with a
// type deck knows; ok is false for any other array.
func items(raw []byte) (output, bool) {
	var items []struct {
		Type     string  `json:"type"`
		Text     *string `json:"text"`
		ImageURL string  `json:"image_url"`
		MimeType string  `json:"mimeType"`
	}
	if jsonline.Unmarshal(raw, &items) != nil || len(items) == 0 {
		return output{}, false
	}
	var o output
	var texts []string
	for _, it := range items {
		switch {
		case it.Text != nil && (it.Type == "text" || it.Type == "input_text" || it.Type == "output_text"):
			texts = append(texts, *it.Text)
		case it.Type == "input_image":
			o.images = append(o.images, session.ContentBlock{Type: "image", Alt: imageAlt(it.ImageURL)})
		case it.Type == "image":
			o.images = append(o.images, session.ContentBlock{Type: "image", Alt: it.MimeType})
		default:
			return output{}, false
		}
	}
	o.body = strings.Join(texts, "\n")
	return o, true
}

// structured reads {"output": "…", "metadata": {exit_code, duration_seconds}}.
func structured(raw []byte) (output, bool) {
	var v struct {
		Output   *string `json:"output"`
		Metadata *struct {
			ExitCode jsonline.Number `json:"exit_code"`
			Duration jsonline.Number `json:"duration_seconds"`
		} `json:"metadata"`
	}
	if jsonline.Unmarshal(raw, &v) != nil || v.Output == nil || v.Metadata == nil {
		return output{}, false
	}
	o := output{body: *v.Output}
	if n, ok := jsonline.Int(v.Metadata.ExitCode); ok && n >= math.MinInt32 && n <= math.MaxInt32 {
		c := int(n)
		o.exit = &c
	}
	if f, err := strconv.ParseFloat(string(v.Metadata.Duration), 64); err == nil {
		o.setSeconds(f)
	}
	// a cut output opens with its line count
	if m := totalHead.FindStringSubmatch(o.body); m != nil {
		o.total, _ = strconv.Atoi(m[1])
		o.body = o.body[len(m[0]):]
	}
	return o, true
}

func (o *output) setSeconds(f float64) {
	if f >= 0 && f < 1e9 {
		o.seconds, o.timed = f, true
	}
}

var (
	totalHead  = regexp.MustCompile(`^Total output lines: (\d{1,9})\n\n`)
	statusLine = regexp.MustCompile(`^(Exit code|Wall time|Process exited with code|Process running with session ID|Chunk ID|Original token count|Total output lines|Command):? (.*)$`)
)

// header reads the status lines before "Output:", or a text that is
// status lines alone. ok is false when a line is not one.
func header(s string) (output, bool) {
	var o output
	status := false
	for rest := s; rest != ""; {
		line, after, found := strings.Cut(rest, "\n")
		line = strings.TrimSuffix(line, "\r")
		if line == "Output:" {
			o.body = after
			return o, status
		}
		m := statusLine.FindStringSubmatch(line)
		if m == nil {
			return output{}, false
		}
		value := m[2]
		switch m[1] {
		case "Exit code", "Process exited with code":
			n, err := strconv.Atoi(value)
			if err != nil {
				return output{}, false
			}
			o.exit, status = &n, true
		case "Wall time":
			f, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSuffix(value, " seconds"), " second"), 64)
			if err != nil {
				return output{}, false
			}
			o.setSeconds(f)
			status = true
		case "Process running with session ID":
			o.running, status = strings.TrimSpace(value), true
		case "Total output lines":
			o.total, _ = strconv.Atoi(value)
		}
		if !found {
			break
		}
		rest = after
	}
	return o, status
}

// result is the output as a tool result.
func (o output) result() *session.ToolResult {
	content := []session.ContentBlock{{Type: "text", Text: o.body}}
	if o.body == "" && len(o.images) > 0 {
		content = nil
	}
	return &session.ToolResult{Content: append(content, o.images...), IsError: o.failed}
}

// end is when a call that started at start ended: after the wall time the
// output states, else when its output was written.
func (o output) end(start, now int64) int64 {
	if o.timed && start > 0 {
		return start + int64(math.Round(o.seconds*1000))
	}
	return now
}
