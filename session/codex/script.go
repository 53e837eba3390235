package codex

import (
	"strconv"
	"strings"
)

// Codex's code mode runs tools from a JavaScript cell: the model calls the
// `exec` tool with a script, and the script calls the nested tools as
// `await tools.exec_command({cmd: "…", workdir: "…"})` or
// `await tools.apply_patch("*** Begin Patch…")`. deck reads a script's
// calls when every one of them is one of those two with an argument written
// as a literal; any other script is shown as it came.

// scriptCall is one nested tool call a script makes.
type scriptCall struct {
	tool string         // exec_command or apply_patch
	args map[string]any // exec_command's object literal
	text string         // apply_patch's string literal
}

// maxScriptCalls bounds the cards one script makes: a script of a million
// literal calls is shown as it came, not as a million cards.
const maxScriptCalls = 64

// scriptTools are the nested tools deck shows as their own cards.
var scriptTools = map[string]bool{"exec_command": true, "shell_command": true, "apply_patch": true}

// readScript finds a script's tool calls, skipping strings and comments.
// ok is false when it makes none, or one deck cannot read.
func readScript(src string) (calls []scriptCall, ok bool) {
	src = strings.TrimPrefix(src, "\ufeff")
	p := &jsScanner{src: src}
	for p.i < len(p.src) {
		switch c := p.src[p.i]; {
		case c == '"' || c == '\'' || c == '`':
			if _, ok := p.stringLit(); !ok {
				return nil, false
			}
		case strings.HasPrefix(p.src[p.i:], "//"):
			p.skipTo("\n")
		case strings.HasPrefix(p.src[p.i:], "/*"):
			p.skipTo("*/")
		case p.word("tools"):
			call, ok := p.toolCall()
			if !ok {
				return nil, false
			}
			calls = append(calls, call)
			if len(calls) > maxScriptCalls {
				return nil, false
			}
		case isIdent(c):
			for p.i < len(p.src) && isIdent(p.src[p.i]) {
				p.i++
			}
		default:
			p.i++
		}
	}
	return calls, len(calls) > 0
}

// maxLiteralDepth bounds how deep a literal's arrays and objects nest: the
// scanner recurses a level each, and 20 million `[` overflowed its stack,
// which no recover catches. A script nesting deeper is shown as it came.
const maxLiteralDepth = 64

// jsScanner reads just enough JavaScript to find literal tool calls.
type jsScanner struct {
	src   string
	i     int
	depth int // the arrays and objects value is inside
}

func isIdent(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// word reports the identifier w at the scanner, and moves past it.
func (p *jsScanner) word(w string) bool {
	end := p.i + len(w)
	if !strings.HasPrefix(p.src[p.i:], w) || (p.i > 0 && (isIdent(p.src[p.i-1]) || p.src[p.i-1] == '.')) || end < len(p.src) && isIdent(p.src[end]) {
		return false
	}
	p.i = end
	return true
}

func (p *jsScanner) skipTo(end string) {
	if j := strings.Index(p.src[p.i:], end); j >= 0 {
		p.i += j + len(end)
		return
	}
	p.i = len(p.src)
}

func (p *jsScanner) space() {
	for p.i < len(p.src) && strings.IndexByte(" \t\r\n", p.src[p.i]) >= 0 {
		p.i++
	}
}

func (p *jsScanner) eat(c byte) bool {
	p.space()
	if p.i < len(p.src) && p.src[p.i] == c {
		p.i++
		return true
	}
	return false
}

// toolCall reads `.name(literal)` after `tools`.
func (p *jsScanner) toolCall() (scriptCall, bool) {
	if !p.eat('.') {
		return scriptCall{}, false
	}
	p.space()
	start := p.i
	for p.i < len(p.src) && isIdent(p.src[p.i]) {
		p.i++
	}
	c := scriptCall{tool: p.src[start:p.i]}
	if !scriptTools[c.tool] || !p.eat('(') {
		return scriptCall{}, false
	}
	p.space()
	v, ok := p.value()
	if !ok || !p.eat(')') {
		return scriptCall{}, false
	}
	switch x := v.(type) {
	case string:
		c.text = x
		return c, c.tool == "apply_patch"
	case map[string]any:
		c.args = x
		if c.tool == "apply_patch" { // {input: patch}
			c.text, ok = x["input"].(string)
			return c, ok
		}
		if c.tool == "shell_command" { // {command, workdir}: a command like exec_command's
			cmd, isString := x["command"].(string)
			c.tool, x["cmd"], ok = "exec_command", cmd, isString
			return c, ok
		}
		_, ok = x["cmd"].(string)
		return c, ok
	}
	return scriptCall{}, false
}

// value reads a literal: a string, a number, true, false, null, an array
// or an object of literals.
func (p *jsScanner) value() (any, bool) {
	p.space()
	if p.i >= len(p.src) {
		return nil, false
	}
	switch c := p.src[p.i]; {
	case c == '"' || c == '\'' || c == '`':
		return p.stringLit()
	case (c == '{' || c == '[') && p.depth == maxLiteralDepth:
		return nil, false
	case c == '{':
		p.depth++
		defer func() { p.depth-- }()
		return p.object()
	case c == '[':
		p.depth++
		defer func() { p.depth-- }()
		p.i++
		var list []any
		for !p.eat(']') {
			v, ok := p.value()
			if !ok {
				return nil, false
			}
			list = append(list, v)
			if !p.eat(',') && !p.peek(']') {
				return nil, false
			}
		}
		return list, true
	case c == '-' || c >= '0' && c <= '9':
		start := p.i
		p.i++
		for p.i < len(p.src) && (isIdent(p.src[p.i]) || p.src[p.i] == '.') {
			p.i++
		}
		f, err := strconv.ParseFloat(p.src[start:p.i], 64)
		return f, err == nil
	}
	for _, w := range []struct {
		word string
		v    any
	}{{"true", true}, {"false", false}, {"null", nil}} {
		if p.word(w.word) {
			return w.v, true
		}
	}
	return nil, false
}

func (p *jsScanner) peek(c byte) bool {
	p.space()
	return p.i < len(p.src) && p.src[p.i] == c
}

// object reads {key: literal, …}; a key is a name or a string.
func (p *jsScanner) object() (map[string]any, bool) {
	p.i++ // {
	out := map[string]any{}
	for !p.eat('}') {
		p.space()
		var key string
		switch {
		case p.i >= len(p.src):
			return nil, false
		case p.src[p.i] == '"' || p.src[p.i] == '\'':
			k, ok := p.stringLit()
			if !ok {
				return nil, false
			}
			key = k
		default:
			start := p.i
			for p.i < len(p.src) && isIdent(p.src[p.i]) {
				p.i++
			}
			key = p.src[start:p.i]
		}
		if key == "" || !p.eat(':') {
			return nil, false // a shorthand or spread property: a variable, not a literal
		}
		v, ok := p.value()
		if !ok {
			return nil, false
		}
		out[key] = v
		if !p.eat(',') && !p.peek('}') {
			return nil, false
		}
	}
	return out, true
}

// stringLit reads a quoted string or a template with no substitution.
func (p *jsScanner) stringLit() (string, bool) {
	q := p.src[p.i]
	p.i++
	var b strings.Builder
	for p.i < len(p.src) {
		c := p.src[p.i]
		switch {
		case c == q:
			p.i++
			return b.String(), true
		case c == '\n' && q != '`':
			return "", false
		case q == '`' && strings.HasPrefix(p.src[p.i:], "${"):
			return "", false // a value made when the script ran
		case c == '\\' && p.i+1 < len(p.src):
			p.i++
			e := p.src[p.i]
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case '0':
				b.WriteByte(0)
			case '\n': // a line continuation
			case 'u', 'x':
				n := 4
				if e == 'x' {
					n = 2
				}
				if p.i+n >= len(p.src) {
					return "", false
				}
				r, err := strconv.ParseUint(p.src[p.i+1:p.i+1+n], 16, 32)
				if err != nil {
					return "", false
				}
				b.WriteRune(rune(r))
				p.i += n
			default:
				b.WriteByte(e)
			}
		default:
			b.WriteByte(c)
		}
		p.i++
	}
	return "", false
}

// scriptResult is an exec cell's result: "Script completed" (or failed,
// terminated, "running with cell ID N"), its wall time, then its output.
type scriptResult struct {
	status  string // completed, failed, terminated, running; "" when the text has no such head
	cell    string // running: the cell a wait call resumes
	seconds float64
	timed   bool
	output  string
}

// parseScriptResult reads an exec output's head.
func parseScriptResult(text string) scriptResult {
	var r scriptResult
	rest := text
	for rest != "" {
		line, after, _ := strings.Cut(rest, "\n")
		line = strings.TrimSpace(line)
		switch {
		case line == "Output:":
			r.output = after
			return r
		case strings.HasPrefix(line, "Script running"):
			r.status = "running"
			if f := strings.Fields(line); len(f) > 0 {
				r.cell = f[len(f)-1]
			}
		case strings.HasPrefix(line, "Script "):
			r.status = strings.TrimSuffix(strings.Fields(line)[1], ".")
		case strings.HasPrefix(line, "Wall time"):
			words := strings.Fields(strings.TrimLeft(strings.TrimPrefix(line, "Wall time"), ": "))
			if len(words) == 0 {
				return scriptResult{output: text}
			}
			f, err := strconv.ParseFloat(words[0], 64)
			if err == nil && f >= 0 && f < 1e9 {
				r.seconds, r.timed = f, true
			}
		default:
			return scriptResult{output: text}
		}
		rest = after
	}
	return r
}
