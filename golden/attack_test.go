package golden

import (
	"bytes"
	"fmt"
	"image/color"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/golden/loggen"
	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/theme"
)

// attacks is text a hostile file, command or model could put in a session
// log, one kind of attack each.
var attacks = map[string]string{
	"title (OSC 0, BEL)":                       "a\x1b]0;PWNED\x07b",
	"title (OSC 2, ST)":                        "a\x1b]2;PWNED\x1b\\b",
	"icon name (OSC 1)":                        "a\x1b]1;PWNED\x07b",
	"clipboard (OSC 52)":                       "a\x1b]52;c;cHduZWQ=\x07b",
	"palette (OSC 4)":                          "a\x1b]4;1;rgb:ff/00/00\x07b",
	"background (OSC 11)":                      "a\x1b]11;#ff0000\x07b",
	"background query (OSC 11 ?)":              "a\x1b]11;?\x07b",
	"notification (OSC 9)":                     "a\x1b]9;you have mail\x07b",
	"notification (OSC 777)":                   "a\x1b]777;notify;t;b\x07b",
	"working directory (OSC 7)":                "a\x1b]7;file:///etc\x07b",
	"hyperlink (OSC 8)":                        "a\x1b]8;;https://evil.example\x07click\x1b]8;;\x07b",
	"erase and rewrite the line":               "visible\x1b[2K\x1b[1Ghidden",
	"clear the screen":                         "a\x1b[H\x1b[2Jb",
	"move the cursor":                          "a\x1b[10;10Hb\x1b[5Ac\x1b[3D",
	"save and restore the cursor":              "a\x1b7b\x1b8c",
	"reverse index":                            "a\x1bMb",
	"scroll region":                            "a\x1b[1;3rb",
	"alternate screen":                         "a\x1b[?1049hb",
	"bracketed paste":                          "a\x1b[?2004hb",
	"mouse reporting":                          "a\x1b[?1000h\x1b[?1006hb",
	"synchronized output":                      "a\x1b[?2026hb",
	"hide the cursor":                          "a\x1b[?25lb",
	"keypad mode":                              "a\x1b=b",
	"kitty keyboard":                           "a\x1b[>1ub",
	"full reset (RIS)":                         "a\x1bcb",
	"cursor position report (DSR)":             "a\x1b[6nb",
	"device attributes (DA)":                   "a\x1b[cb\x1b[>c",
	"window title report":                      "a\x1b[21tb",
	"resize the window":                        "a\x1b[8;100;200tb",
	"request status string (DCS)":              "a\x1bP$qm\x1b\\b",
	"termcap query (XTGETTCAP)":                "a\x1bP+q544e\x1b\\b",
	"sixel (DCS)":                              "a\x1bPq#0;2;0;0;0#0~~\x1b\\b",
	"kitty graphics (APC)":                     "a\x1b_Gf=100;AAAA\x1b\\b",
	"privacy message (PM)":                     "a\x1b^payload\x1b\\b",
	"start of string (SOS)":                    "a\x1bXpayload\x1b\\b",
	"C1 CSI as a code point":                   "a\u009b2Jb\u009b?1049h",
	"C1 OSC as a code point":                   "a\u009d0;PWNED\u009cb",
	"C1 DCS as a code point":                   "a\u0090$qm\u009cb",
	"C1 NEL as a code point":                   "a\u0085b",
	"conceal":                                  "a\x1b[8msecret\x1b[0mb",
	"blink":                                    "a\x1b[5mblink\x1b[0mb",
	"bidi override (Trojan Source)":            "access = \"user\u202e \u2066// admin\u2069 \u2066\"",
	"zero width and BOM":                       "ze\u200bro\u200dwidth\ufeff",
	"controls":                                 "nul\x00 bel\x07 bs\b del\x7f esc\x1b",
	"split across lines":                       "start\x1b]0;PW\nNED\x07end",
	"unterminated OSC":                         "a\x1b]0;PWNED and the rest of the line",
	"unterminated CSI":                         "a\x1b[",
	"33 parameters (CSI)":                      "a\x1b[" + strings.Repeat("1;", 32) + "1mb",
	"300 parameters and an intermediate (CSI)": "a\x1b[" + strings.Repeat("1;", 299) + "1$mb",
	"invisible code points":                    "a\U000E0041\U000E0042\u180E\u2062\u206A\uFFF9\U0001D173\U00013430\U0001BCA0\u3164\u115F\u2800\uFE0F\uFE0Fb",
	"300 parameters (DCS)":                     "a\x1bP" + strings.Repeat("1;", 299) + "1q#0\x1b\\b",
	// For the exported page and Markdown: markup that must stay text.
	"close the block, open a script": "</pre></div><script>alert(1)</script>",
	"javascript link (Markdown)":     "[click](javascript:alert(1)) <javascript:alert(2)>",
	"javascript link (HTML)":         `<a href="javascript:alert(1)">click</a>`,
	"remote image":                   "![t](https://evil.example/t.png) <img src=x onerror=alert(1)>",
	"style sheet":                    "<style>body{display:none}</style><link rel=stylesheet href=//evil.example/x.css>",
	"autolink and mention":           "https://evil.example www.evil.example @everyone #1",
	"close a fence":                  "```\n</details><script>alert(1)</script>\n~~~",
	// For the Markdown: blocks that must stay text (each after a line of its own).
	"setext heading":  "\na forged heading\n===",
	"indented code":   "\n\n    indented code",
	"link definition": "[x]\n\n[x]: https://evil.example",
	"footnote":        "[^1]\n\n[^1]: https://evil.example",
	"table":           "\n| a | b |\n|---|---|\n| 1 | 2 |",
	"HTML block":      "\n<div>\n\nx</div>",
	"display math":    "\n$$\nx\n$$",
}

// hostileLog is a harness log that puts every attack in every kind of card:
// messages, reasoning, each tool card, events, notices, the title.
func hostileLog(t *testing.T) []byte {
	var b bytes.Buffer
	seq := 0
	line := func(v map[string]any) {
		if _, ok := v["seq"]; !ok && v["type"] != "session" && !strings.HasSuffix(v["type"].(string), "-chunks") {
			v["seq"], v["time"] = seq, 1796000000000+seq
			seq++
		}
		j, err := loggen.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(j)
		b.WriteByte('\n')
	}
	ev := func(typ string, data map[string]any) { line(map[string]any{"type": typ, "data": data}) }
	text := func(s string) []any { return []any{map[string]any{"type": "text", "text": s}} }
	result := func(id, content string, isErr bool, meta any) {
		d := map[string]any{"turn": 1, "step": 1, "message": map[string]any{"source": map[string]any{"kind": "tool", "callId": id},
			"content": []any{map[string]any{"type": "tool-result", "toolCallId": id, "content": text(content), "isError": isErr}}}}
		if meta != nil {
			d["meta"] = meta
		}
		ev("tool/result", d)
	}
	call := func(id, name string, args map[string]any) {
		a, _ := loggen.Marshal(args)
		ev("tool/call", map[string]any{"turn": 1, "step": 1, "callId": id, "name": name, "arguments": string(a)})
	}
	all := ""
	for name, a := range attacks {
		all += name + ": " + a + "\n"
	}
	line(map[string]any{"type": "session", "version": 0, "id": "hostile", "createdAt": 1796000000000, "cwd": "/w" + attacks["33 parameters (CSI)"], "delegationDepth": 0})
	ev("session/title", map[string]any{"title": attacks["title (OSC 0, BEL)"] + attacks["clipboard (OSC 52)"] + attacks["33 parameters (CSI)"]})
	ev("request/context", map[string]any{"provider": "p", "model": "m" + attacks["33 parameters (CSI)"] + attacks["300 parameters (DCS)"]})
	ev("turn/start", map[string]any{"turn": 1})
	ev("user/message", map[string]any{"content": text(all), "source": map[string]any{"kind": "user"}})
	ev("user/message", map[string]any{"content": text(all), "source": map[string]any{"kind": "plugin", "plugin": "x\x1b]0;PWNED\x07"}})
	// a reply whose escape is split across streamed chunks, left streaming
	ev("assistant/chunk", map[string]any{"turn": 1, "step": 1, "chunk": map[string]any{"type": "block-start", "index": 0, "blockType": "reasoning"}})
	line(map[string]any{"type": "reasoning-chunks", "seq0": seq, "time0": 1796000000500, "data": map[string]any{"turn": 1, "step": 1, "index": 0, "dt": []int{1, 1}, "texts": []string{"think \x1b]0;PW", "NED\x07 \x1b[?10", "49h done"}}})
	seq += 3
	ev("assistant/message", map[string]any{"turn": 1, "step": 2, "message": map[string]any{"content": []any{
		map[string]any{"type": "reasoning", "text": all}, map[string]any{"type": "text", "text": "# " + attacks["hyperlink (OSC 8)"] + "\n\n" + all + "\n```sh\n" + all + "```\n"}}}})
	var lines []any
	for i, name := range sortedKeys(attacks) {
		lines = append(lines, map[string]any{"number": i + 1, "text": attacks[name]})
	}
	call("r", "read", map[string]any{"file_path": "evil\x1b]0;PWNED\x07.go"})
	result("r", "<path>/w/evil.go</path>\n<type>file</type>\n<content>\nx\n</content>", false,
		map[string]any{"path": "/w/evil\x1b]0;PWNED\x07.go", "offset": 1, "lines": lines, "totalLines": len(lines), "lang": "go"})
	call("e", "edit", map[string]any{"file_path": "/w/evil.go", "old_string": all, "new_string": all + "x"})
	result("e", "ok", false, map[string]any{"diffs": []any{map[string]any{"path": "/w/evil\x1b[2J.go", "oldText": all, "newText": strings.ToUpper(all)}}})
	call("w", "write", map[string]any{"file_path": "new\x1b]52;c;eA==\x07.txt", "content": all})
	result("w", "ok", false, map[string]any{"diffs": []any{}})
	call("b", "bash", map[string]any{"command": "cat evil" + attacks["alternate screen"], "description": all, "workdir": "sub\x1b]7;file:///\x07"})
	result("b", all+"\n[exit code: 3]", false, nil)
	call("b2", "bash", map[string]any{"command": "kill", "description": "x"})
	result("b2", "x\n[killed by signal: SIG\x1b]0;PWNED\x07TERM]", false, nil)
	call("g", "grep", map[string]any{"pattern": attacks["clipboard (OSC 52)"]})
	result("g", "x", false, map[string]any{"shape": "matches", "truncated": true, "total": 9,
		"files": []any{map[string]any{"path": "evil\x1b[6n.go", "matches": []any{map[string]any{"lineNumber": 1, "line": all}}}}})
	call("gl", "glob", map[string]any{"pattern": "*"})
	result("gl", "x", false, map[string]any{"shape": "paths", "truncated": false, "total": 1, "paths": []any{attacks["move the cursor"]}})
	call("ws", "web_search", map[string]any{"query": attacks["title (OSC 2, ST)"]})
	result("ws", "x", false, map[string]any{"truncated": true, "answer": all,
		"sources": []any{map[string]any{"url": "https://e.example/\x1b]0;PWNED\x07", "title": all, "snippet": all, "publishedAt": "\x1b[?25l2026"}}})
	call("wf", "web_fetch", map[string]any{"url": "https://e.example/" + attacks["hyperlink (OSC 8)"]})
	result("wf", "Fetched x (HTTP 200)\n\n"+all, false, map[string]any{"url": "https://e.example/\x1b]0;PWNED\x07", "statusCode": 200, "truncated": true})
	call("u", "mcp__evil\x1b]0;PWNED\x07", map[string]any{"x": all})
	result("u", all, false, nil)
	call("f", "read", map[string]any{"file_path": "x"})
	result("f", "Error: "+all, true, nil)
	ev("approval/asked", map[string]any{"id": "ap", "toolName": "bash", "callId": "b", "reason": all})
	ev("todo/write", map[string]any{"todos": []any{map[string]any{"content": all, "status": "in_progress"}}})
	ev("command/run", map[string]any{"commandId": "c", "name": attacks["clipboard (OSC 52)"], "args": all})
	ev("command/done", map[string]any{"commandId": "c", "kind": "error", "text": all})
	ev("llm/retry", map[string]any{"retry": 1, "delayMs": 1, "failure": map[string]any{"message": all}})
	// 0.2's additions: a nested call's title and meta, an external
	// subagent, an offload of nothing deck saw, a title model and effort, a
	// move to another folder and a call made there
	ev("tool/ptc-dispatch", map[string]any{"parentCallId": "u", "rootCallId": "u", "subCallId": "s\x1b]0;PWNED\x07", "name": "bash",
		"arguments": map[string]any{"command": all}, "content": []any{}, "isError": false,
		"meta": map[string]any{"cwd": "/w/" + attacks["working directory (OSC 7)"], "path": "/w/" + attacks["cursor position report (DSR)"]}})
	ev("subagent/catalog", map[string]any{"version": 2, "childId": "x" + attacks["title (OSC 0, BEL)"], "childCreatedAt": 1, "mode": "external", "label": all})
	ev("subagent/catalog", map[string]any{"version": 3, "childId": "y", "childCreatedAt": 1, "mode": attacks["clipboard (OSC 52)"]})
	ev("image/offload", map[string]any{"targets": []any{map[string]any{"seq": 99999, "imageIndexes": []any{0, 1}}}})
	ev("session/title-llm-request", map[string]any{"route": map[string]any{"provider": "p", "model": "t" + attacks["33 parameters (CSI)"]},
		"reasoningEffort": attacks["clipboard (OSC 52)"], "messageSeqs": []any{}, "messages": []any{}, "system": "s", "maxTokens": 1, "titleProvider": "p"})
	ev("working-directory/change", map[string]any{"cwd": "/w/sub" + attacks["working directory (OSC 7)"]})
	call("r2", "read", map[string]any{"file_path": "a" + attacks["title (OSC 0, BEL)"] + ".go"})
	result("r2", "Error: "+all, true, nil)
	ev("future/\x1b]0;PWNED\x07", map[string]any{})
	b.WriteString("not json " + attacks["clipboard (OSC 52)"] + attacks["alternate screen"] + "\n")
	ev("turn/end", map[string]any{"turn": 1, "reason": map[string]any{"kind": "error", "error": map[string]any{"message": all, "code": "\x1b[2J"}}})
	ev("turn/start", map[string]any{"turn": 2})
	ev("turn/end", map[string]any{"turn": 2, "reason": map[string]any{"kind": hostileReason}})
	return b.Bytes()
}

// hostileReason is why the hostile log's second turn ended: markup, a
// Markdown table's pipe and link, and escapes, for every output that shows a
// turn's end (the stats card, the exports' table of turns).
var hostileReason = "</td></tr></table><script>alert(1)</script> | [x](javascript:alert(1)) \x1b]0;PWNED\x07" + attacks["clipboard (OSC 52)"]

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := range keys { // insertion sort: tiny
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

// onlySGR fails when output holds any escape sequence but deck's own
// colours and styles (SGR), or any C0/C1 control but newline.
func onlySGR(t *testing.T, out string) {
	t.Helper()
	if bad := notSGR(out); bad != "" {
		t.Fatalf("an escape sequence other than SGR, or a control, reached the output: %q", bad)
	}
}

// Every attack, in every kind of card, leaves the terminal as it was: no
// title, clipboard, mode, palette or cursor change, no reply to a query,
// and the screen shows exactly the plain rendering.
// cursorReport is the terminal's answer to a cursor position query, last.
var cursorReport = regexp.MustCompile(`\x1b\[\d+;\d+R$`)

func TestAttacksDoNotReachTheTerminal(t *testing.T) {
	s, err := source.ReadAll(bytes.NewReader(hostileLog(t)))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{40, 100} {
		out := strings.Join(transcript(s, cards.Options{Width: w, Theme: theme.Dark(), Expanded: true}), "\n")
		onlySGR(t, out)
		want := strings.Split(plain(out), "\n")

		emu := vt.NewEmulator(w, len(want)+1)
		var mu sync.Mutex
		var touched []string
		note := func(what string) func() {
			return func() { mu.Lock(); touched = append(touched, what); mu.Unlock() }
		}
		emu.SetCallbacks(vt.Callbacks{
			Title:            func(string) { note("title")() },
			IconName:         func(string) { note("icon name")() },
			AltScreen:        func(bool) { note("alternate screen")() },
			CursorVisibility: func(bool) { note("cursor visibility")() },
			WorkingDirectory: func(string) { note("working directory")() },
			EnableMode:       func(m ansi.Mode) { note(fmt.Sprintf("mode %v on", m))() },
			DisableMode:      func(m ansi.Mode) { note(fmt.Sprintf("mode %v off", m))() },
			Bell:             note("bell"),
			BackgroundColor:  func(color.Color) { note("background colour")() },
		})
		emu.RegisterOscHandler(52, func([]byte) bool { note("clipboard")(); return true })
		// Replies are read until the answer to a cursor position query
		// written after the output: everything before it is what the
		// output itself made the terminal say. (Closing the emulator
		// while it is being read is a data race inside x/vt.)
		var replies bytes.Buffer
		done := make(chan struct{})
		go func() {
			defer close(done)
			b := make([]byte, 256)
			for !cursorReport.Match(replies.Bytes()) {
				n, err := emu.Read(b)
				replies.Write(b[:n])
				if err != nil {
					return
				}
			}
			replies.Truncate(cursorReport.FindIndex(replies.Bytes())[0])
		}()
		emu.Write([]byte(strings.ReplaceAll(out, "\n", "\r\n")))
		emu.Write([]byte("\x1b[6n"))
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("width %d: the terminal never answered the cursor query", w)
		}
		emu.Close()
		if len(touched) > 0 {
			t.Errorf("width %d: the output touched the terminal: %v", w, touched)
		}
		if replies.Len() > 0 {
			t.Errorf("width %d: the output made the terminal reply %q", w, replies.String())
		}
		got := strings.Split(emu.String(), "\n")
		for i := range want {
			if g := strings.TrimRight(got[i], " "); g != want[i] {
				t.Fatalf("width %d, row %d: the screen shows\n%q\nwhere the plain rendering is\n%q", w, i+1, g, want[i])
			}
		}
		if c := emu.CursorPosition(); c.Y != len(want)-1 {
			t.Errorf("width %d: the cursor ended on row %d, not after the last row %d", w, c.Y, len(want)-1)
		}
	}
}
