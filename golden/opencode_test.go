package golden

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/opencode"
)

// openCodeStore is a real opencode store (testdata/opencode/README.md).
const openCodeStore = "testdata/opencode/stunning-memory-opencode.db"

// TestOpenCodeGolden pins opencode's session at 80 and 120 columns, plain
// and in colour, read as `deck PATH` reads the store (its newest session)
// and by its id; it reads without a notice, every call with its result.
func TestOpenCodeGolden(t *testing.T) {
	s := open(t, openCodeStore)
	byID := open(t, openCodeStore+"#ses_04ca851f7ffevKrKMHW3RsPK1U")
	if s.Format != session.FormatOpenCode || byID.Header.ID != s.Header.ID || len(byID.Entries) != len(s.Entries) {
		t.Fatalf("read as %q; by id %q", s.Format, byID.Header.ID)
	}
	pinAgent(t, session.FormatOpenCode, true, []agentLog{{fixture: fixture{"", openCodeStore}}})
}

// Every tool the store's session calls is drawn as the card of its kind:
// a search, a read, a diff, a terminal; the question has no card of its
// own.
func TestOpenCodeToolsHaveTheirCards(t *testing.T) {
	want := map[string]string{"glob": "search", "read": "read", "write": "diff", "bash": "terminal", "question": "generic"}
	checkCards(t, []fixture{{"store", openCodeStore}}, want, func(c *session.ToolCall) (string, bool) {
		if c.View == nil {
			return "no card", true
		}
		return c.View.Card(), true
	})
}

// FuzzOpenCodeRecords is the structured fuzzer (fuzz_test.go) over
// opencode's records: the corpus store's session written a record a line
// ({"m": message} or {"p": part}), so that the mutator, which rewrites a
// line that is JSON, reaches every string in them; each input is decoded
// as the store's session and drawn.
func FuzzOpenCodeRecords(f *testing.F) {
	info, recs, err := opencode.ReadRecords(openCodeStore, "")
	if err != nil {
		f.Fatal(err)
	}
	var log bytes.Buffer
	for _, r := range recs {
		fmt.Fprintf(&log, "{\"m\":%s}\n", r.Data)
		for _, p := range r.Parts {
			fmt.Fprintf(&log, "{\"p\":%s}\n", p)
		}
	}
	lines := bytes.SplitAfter(log.Bytes(), []byte("\n"))
	var logs [][]byte
	for i := 0; i < len(lines); i += maxFuzzLines {
		logs = append(logs, bytes.Join(lines[i:min(len(lines), i+maxFuzzLines)], nil))
	}
	fuzzRecords(f, logs, func(b *session.Builder, _ int, in []byte) {
		opencode.Decode(b, info, recordsOf(in), nil)
	})
}

// recordsOf reads the fuzzer's lines back into records: a line that is no
// longer {"m": …} or {"p": …} is a part as it is, which the decoder says
// it cannot read.
func recordsOf(in []byte) []opencode.Record {
	var out []opencode.Record
	for _, line := range bytes.Split(in, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var w struct {
			M jsontext.Value `json:"m"`
			P jsontext.Value `json:"p"`
		}
		_ = json.Unmarshal(line, &w)
		switch {
		case len(w.M) > 0 || len(out) == 0:
			data := []byte(w.M)
			if len(data) == 0 {
				data = line
			}
			out = append(out, opencode.Record{ID: fmt.Sprint("msg_", len(out)), Data: data})
		case len(w.P) > 0:
			out[len(out)-1].Parts = append(out[len(out)-1].Parts, w.P)
		default:
			out[len(out)-1].Parts = append(out[len(out)-1].Parts, line)
		}
	}
	return out
}
