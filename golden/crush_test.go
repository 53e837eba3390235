package golden

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/crush"
)

// crushStore is a real Crush store (testdata/crush/README.md): a project's
// .crush/crush.db with two sessions.
const crushStore = "testdata/crush/calcman-crush.db"

// crushSessions are its sessions: the newest, as `deck PATH` reads the
// store, and the other by its id.
var crushSessions = agentLogs([]fixture{
	{"calculator", crushStore},
	{"guidelines", crushStore + "#f1c755dc-c4a5-41c1-812a-497901900cc2"},
})

// TestCrushGolden pins Crush's sessions at 80 and 120 columns, plain and in
// colour; each reads without a notice, every call whose input the model
// finished with its result (the newest ends as the store was copied, the
// model writing a call).
func TestCrushGolden(t *testing.T) {
	pinAgent(t, session.FormatCrush, true, crushSessions)
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
	fuzzRecords(f, logs, func(b *session.Builder, i int, in []byte) {
		crush.Decode(b, infos[i], crushRecordsOf(in), nil)
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
