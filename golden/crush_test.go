package golden

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/crush"
	"github.com/deck-tui/deck/theme"
)

// crushStore is a real Crush store (testdata/crush/README.md): a project's
// .crush/crush.db with two sessions.
const crushStore = "testdata/crush/calcman-crush.db"

// crushSessions are its sessions: the newest, as `deck PATH` reads the
// store, and the other by its id.
var crushSessions = []fixture{
	{"calculator", crushStore},
	{"guidelines", crushStore + "#f1c755dc-c4a5-41c1-812a-497901900cc2"},
}

// TestCrushGolden pins Crush's sessions at 80 and 120 columns, plain and in
// colour; each reads without a notice, every call whose input the model
// finished with its result (the newest ends as the store was copied, the
// model writing a call).
func TestCrushGolden(t *testing.T) {
	for _, f := range crushSessions {
		t.Run(f.name, func(t *testing.T) {
			s := open(t, f.path)
			if s.Format != session.FormatCrush {
				t.Fatalf("read as %q", s.Format)
			}
			if n := s.NoticeCount(); n != 0 {
				t.Errorf("%d notices: %v", n, s.Notices()[0].Text)
			}
			for _, e := range s.Entries {
				if c, ok := e.(*session.ToolCall); ok && !c.Streaming && (c.Result == nil || c.View == nil) {
					t.Errorf("call %s (%s) has no result", c.CallID, c.Name)
				}
			}
			for _, w := range []int{80, 120} {
				out := render(s, w, theme.Dark())
				t.Run(widthName(w, "plain"), func(t *testing.T) { golden.RequireEqual(t, plain(out)) })
				t.Run(widthName(w, "dark"), func(t *testing.T) { golden.RequireEqual(t, out) })
			}
		})
	}
}

// crushLine is a message as FuzzCrushRecords writes it: its parts as
// JSON, not the string the store keeps, so the mutator reaches them.
type crushLine struct {
	ID       string         `json:"id"`
	Role     string         `json:"role"`
	Parts    jsontext.Value `json:"parts"`
	Created  int64          `json:"created_at"`
	Finished int64          `json:"finished_at"`
	Summary  bool           `json:"is_summary_message"`
}

// crushFuzzMessages is how many messages an input holds: fewer than a
// log's lines, since a Crush message holds what several lines of another
// log do (an edit's metadata keeps the whole file twice).
const crushFuzzMessages = 8

// FuzzCrushRecords is the structured fuzzer (fuzz_test.go) over Crush's
// records: the corpus store's sessions written a message a line, so that
// the mutator, which rewrites a line that is JSON, reaches every string in
// them (the tool calls' input and the results' metadata, JSON inside JSON
// strings, too); each input is decoded as its session and drawn.
func FuzzCrushRecords(f *testing.F) {
	var logs [][]byte
	var infos []crush.Info
	for _, id := range []string{"", "f1c755dc-c4a5-41c1-812a-497901900cc2"} {
		info, recs, err := crush.ReadRecords(crushStore, id)
		if err != nil {
			f.Fatal(err)
		}
		var lines [][]byte
		for _, r := range recs {
			line, err := json.Marshal(crushLine{r.ID, r.Role, seedParts(f, r.Parts), r.Created, r.Finished, r.Summary})
			if err != nil {
				f.Fatal(err)
			}
			lines = append(lines, append(line, '\n'))
		}
		for i := 0; i < len(lines); i += crushFuzzMessages {
			logs = append(logs, bytes.Join(lines[i:min(len(lines), i+crushFuzzMessages)], nil))
			infos = append(infos, info)
		}
	}
	for i := range logs {
		f.Add(uint8(i), uint8(80), false, []byte{})
		f.Add(uint8(i), uint8(40), true, []byte{0, 7, 1, 40, 2, 120, 3, 9, 200, 5, 0, 33})
	}
	f.Fuzz(func(t *testing.T, which, width uint8, collapsed bool, decisions []byte) {
		i := int(which) % len(logs)
		in := mutateLog(logs[i], &choices{b: decisions})
		b := session.NewBuilder()
		crush.Decode(b, infos[i], crushRecordsOf(in), nil)
		b.Finish()
		checkDrawn(t, b.Session, int(width)%200+1, !collapsed)
	})
}

// maxSeedResult is how much of a tool's result a seed keeps: the corpus's
// fetched page (35 KB, 49 code blocks with no language, each of which
// glamour looks up against every lexer's file names) takes the fuzzer's
// instrumented worker past its time to answer.
const maxSeedResult = 8 << 10

// seedParts are a message's parts as a seed holds them: a longer result's
// content cut at a line's end.
func seedParts(f *testing.F, raw []byte) jsontext.Value {
	var parts []map[string]any
	if json.Unmarshal(raw, &parts) != nil {
		return raw
	}
	for _, p := range parts {
		data, _ := p["data"].(map[string]any)
		if c, ok := data["content"].(string); ok && p["type"] == "tool_result" && len(c) > maxSeedResult {
			data["content"] = c[:strings.LastIndexByte(c[:maxSeedResult], '\n')+1]
		}
	}
	out, err := json.Marshal(parts)
	if err != nil {
		f.Fatal(err)
	}
	return out
}

// crushRecordsOf reads the fuzzer's lines back into records: a line that
// is no longer a message is a message of that line's parts, which the
// decoder says it cannot read.
func crushRecordsOf(in []byte) []crush.Record {
	var out []crush.Record
	for i, line := range bytes.Split(in, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var l crushLine
		if json.Unmarshal(line, &l) != nil {
			l = crushLine{ID: "m" + strconv.Itoa(i), Role: "user", Parts: line}
		}
		out = append(out, crush.Record{ID: l.ID, Role: l.Role, Parts: l.Parts, Created: l.Created, Finished: l.Finished, Summary: l.Summary})
	}
	return out
}
