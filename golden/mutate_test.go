package golden

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/theme"
	"github.com/go-json-experiment/json/jsontext"
)

// hostileText is the dictionary the structured fuzzer draws from: the
// escape grammar (CSI of 0–300 parameters with intermediates, OSC, DCS,
// APC, PM and SOS terminated or not, C1 bytes), broken UTF-8, bidi,
// invisible and wide characters, paths an editor reads as commands, nested
// Markdown, backslash runs and numeric character references.
var hostileText = func() []string {
	d := []string{
		"\x1b]0;title\x07", "\x1b]2;title\x1b\\", "\x1b]52;c;cHduZWQ=\x07", "\x1b]8;;javascript:alert(1)\x1b\\link\x1b]8;;\x1b\\",
		"\x1b]11;?\x07", "\x1b]", "\x1bP1$r\x1b\\", "\x1bPq#0;2;0;0;0~\x1b\\", "\x1bP", "\x1b_apc\x1b\\", "\x1b^pm\x1b\\", "\x1bXsos\x1b\\", "\x1b_",
		"\x1b[6n", "\x1b[c", "\x1b[?1049h", "\x1b[2J", "\x1b[H", "\x1b[201~", "\x1b[200~", "\x1b[?2004l", "\x1b[38;2;1;2;3m", "\x1b[30;40m", "\x1b[37;47;7m", "\x1b[8m",
		"\x1b[38;5;16;48;5;16m", "\x1b[38:2::1:2:3m", "\x1b[", "\x1b", "\x1b7", "\x1bc", "\x9b31m", "\x9d0;t\x9c", "\x90q\x9c", "\x85", "\x07", "\x08\x08", "\r", "\x00", "\x7f",
		"\xff", "\xc3", "\xe2\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80",
		"\u202e", "\u2066", "\u2069", "\u200b", "\u200d", "\ufeff", "\U000e0041\U000e007f", "\u180e", "\u2061", "\u206a", "\ufff9", "\U0001d173", "\U00013430", "\U0001bca0",
		"\u3164", "\u115f", "\u2800", "\ufe0f", "1\ufe0f\u20e3", "🇺🇸", "👩\u200d💻", "漢字", "\u0301\u0301\u0301", "\t\t",
		"+:!touch pwned", "-c", "--", "../../etc/passwd", "~/.ssh/id_rsa",
		"</pre><script>alert(1)</script>", "[x](javascript:alert(1))", "<img src=x onerror=alert(1)>",
		"&#x202E;", "&#x1b;[31m", "&#27;", "&#x7f;", "&#xE0041;", "&#0;",
		"```go\nfunc main() {}\n```", "```\n", "\"" + strings.Repeat("\\", 48), strings.Repeat("\\", 200),
		strings.Repeat("> ", 60) + "deep", strings.Repeat("- ", 60) + "deep", strings.Repeat("  ", 40) + "- x", strings.Repeat("*", 300), strings.Repeat("[", 200),
		"\n\n\n", strings.Repeat("x", 5000), strings.Repeat("漢", 300),
	}
	for _, n := range []int{0, 1, 16, 32, 33, 64, 300} {
		params := strings.Repeat("1;", n) + "1"
		d = append(d, "\x1b["+params+"m", "\x1b["+params+" q", "\x1bP"+params+"$qm\x1b\\", "\x1b[?"+params+"$p")
	}
	return d
}()

// choices reads the fuzzer's decisions from its bytes; when they run out,
// every further choice is to leave things alone.
type choices struct {
	b []byte
	i int
}

func (c *choices) next() byte {
	if c.i >= len(c.b) {
		return 0xff
	}
	c.i++
	return c.b[c.i-1]
}

// raw is up to 16 of the fuzzer's own bytes, as text.
func (c *choices) raw() string {
	n := int(c.next() % 17)
	var s []byte
	for range n {
		if c.i >= len(c.b) {
			break
		}
		s = append(s, c.next())
	}
	return string(s)
}

// mutateString rewrites one string value of a log as c decides.
func mutateString(s string, c *choices, depth int) string {
	word := func() string { return hostileText[int(c.next())%len(hostileText)] }
	switch c.next() % 10 {
	case 0:
		return word()
	case 1:
		return s + word()
	case 2:
		return word() + s
	case 3:
		i := int(c.next()) * len(s) / 256
		return s[:i] + word() + s[i:]
	case 4:
		return s + c.raw()
	case 5: // a string that holds JSON (a tool's arguments): mutate inside it
		if depth < 3 && strings.HasPrefix(strings.TrimSpace(s), "{") {
			if out, err := mutateJSON([]byte(s), c, depth+1); err == nil {
				return string(out)
			}
		}
	}
	return s
}

// mutateJSON re-encodes one JSON value with its string values (not its
// object names) rewritten as c decides. Numbers and structure stay, so the
// log still reads as its format and the hostile text reaches the cards.
func mutateJSON(in []byte, c *choices, depth int) ([]byte, error) {
	dec := jsontext.NewDecoder(bytes.NewReader(in), jsontext.AllowInvalidUTF8(true), jsontext.AllowDuplicateNames(true))
	var out bytes.Buffer
	enc := jsontext.NewEncoder(&out, jsontext.AllowInvalidUTF8(true), jsontext.AllowDuplicateNames(true))
	for {
		tok, err := dec.ReadToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		kind, _ := dec.StackIndex(dec.StackDepth())
		isName := kind == '{' && dec.StackDepth() > 0 && tokenIsName(dec)
		if tok.Kind() == '"' && !isName {
			tok = jsontext.String(mutateString(tok.String(), c, depth))
		}
		if err := enc.WriteToken(tok); err != nil {
			return nil, fmt.Errorf("re-encoding: %w", err)
		}
	}
	return bytes.TrimSuffix(out.Bytes(), []byte("\n")), nil
}

// tokenIsName says the token just read is an object's member name: the
// object then holds an odd count of tokens.
func tokenIsName(dec *jsontext.Decoder) bool {
	_, n := dec.StackIndex(dec.StackDepth())
	return n%2 == 1
}

// mutateLog rewrites every line of a JSONL log that is JSON; a line that is
// not stays as it is.
func mutateLog(log []byte, c *choices) []byte {
	var out bytes.Buffer
	for line := range bytes.Lines(log) {
		body := bytes.TrimRight(line, "\r\n")
		if m, err := mutateJSON(body, c, 0); err == nil {
			body = m
		}
		out.Write(body)
		out.WriteByte('\n')
	}
	return out.Bytes()
}

// With no choices the mutator changes nothing a reader sees, and with some
// it reaches the cards: the fuzzers test what they say they test.
func TestMutatorKeepsTheShapeAndReachesTheCards(t *testing.T) {
	for _, path := range []string{"testdata/harness/fs-read/session.jsonl", "testdata/corpus/codex/madshn_localpush__rollout-2026-02-23T13-19-38-019c8a70-dda7-7f33-98ea-f30553347322.jsonl"} {
		log, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		want := open(t, path)
		same, err := source.ReadAll(bytes.NewReader(mutateLog(log, &choices{})))
		if err != nil {
			t.Fatal(err)
		}
		if a, b := render(same, 100, theme.Dark()), render(want, 100, theme.Dark()); a != b {
			t.Errorf("%s: unmutated, it draws differently:\n%s", path, a)
		}
		han := byte(slices.Index(hostileText, "漢字"))
		every := bytes.Repeat([]byte{1, han}, 4000) // every string gains 漢字
		hostile, err := source.ReadAll(bytes.NewReader(mutateLog(log, &choices{b: every})))
		if err != nil {
			t.Fatal(err)
		}
		if out := render(hostile, 100, theme.Dark()); strings.Count(out, "漢字") < 5 {
			t.Errorf("%s: the words the mutator added never reached the cards:\n%s", path, out)
		}
	}
}
