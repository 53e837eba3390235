package harness_test

import (
	"fmt"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// Five messages on the model's surface: seqs 1, 2 and 3 in turn 1 (with a
// compaction's start at 4, which is no message), 6 in turn 2.
const fiveMessages = headerV5 + `{"type":"turn/start","seq":0,"time":1,"data":{"turn":1}}
{"type":"user/message","seq":1,"time":2,"data":{"content":[{"type":"text","text":"go"}],"source":{"kind":"user"},"role":"user","id":"u1"},"surfaceOp":"append"}
{"type":"assistant/message","seq":2,"time":3,"data":{"turn":1,"step":1,"message":{"role":"assistant","content":[{"type":"tool-call","id":"c1","name":"bash","arguments":"{}"}]}},"surfaceOp":"append"}
{"type":"tool/result","seq":3,"time":4,"data":{"turn":1,"step":1,"message":{"role":"tool","toolCallId":"c1","content":[{"type":"text","text":"ok"}],"id":"r1"}},"sourceEventSeqs":[2],"surfaceOp":"append"}
{"type":"compaction/start","seq":4,"time":5,"data":{"compactionId":"k"}}
{"type":"turn/start","seq":5,"time":6,"data":{"turn":2}}
{"type":"user/message","seq":6,"time":7,"data":{"content":[{"type":"text","text":"more"}],"source":{"kind":"user"},"role":"user","id":"u2"},"surfaceOp":"append"}
`

// summary is a compaction summary at seq 7 with this surfaceOp and these
// sourceEventSeqs (none when "").
func summary(seq int, op, cited string) string {
	line := fmt.Sprintf(`{"type":"user/message","seq":%d,"time":9,"data":{"content":[{"type":"text","text":"so far"}],"source":{"kind":"compact-checkpoint"},"role":"user","id":"s%d"},"surfaceOp":%s`, seq, seq, op)
	if cited != "" {
		line += `,"sourceEventSeqs":` + cited
	}
	return line + "}\n"
}

func summaries(t *testing.T, log string) []session.Replaced {
	t.Helper()
	s := sessiontest.ReadString(log)
	sessiontest.NoNotices(t, s)
	var out []session.Replaced
	for _, m := range sessiontest.Of[*session.UserMessage](s) {
		if m.Role == session.RoleSummary {
			out = append(out, m.Replaces)
		}
	}
	return out
}

// A summary names what it replaces: the messages its sourceEventSeqs cite,
// in plain numbers or [start, end] pairs alike (a compaction's own events
// are cited too, and are no message). A citation deck cannot read is
// ignored, and then the surfaceOp's range says, in either spelling.
func TestASummaryNamesTheMessagesItReplaces(t *testing.T) {
	turn1 := session.Replaced{Messages: 3, FirstTurn: 1, LastTurn: 1}
	all := session.Replaced{Messages: 4, FirstTurn: 1, LastTurn: 2}
	// the ranges say more than the citations, so which one spoke shows
	v3op, v2op := `{"op":"replace","startSeq":1,"endSeq":6}`, `{"op":"replace","start":1,"end":6}`
	for cited, want := range map[string]session.Replaced{
		`[1,2,3,4]`:              turn1,
		`[[1,4]]`:                turn1,
		`[1,[2,3],4]`:            turn1,
		`[[3,1]]`:                all, // a backward pair: ignored, so the range says
		`[1,[2,3,4]]`:            all, // not a pair
		`"1-4"`:                  all,
		`[-1]`:                   all,
		`[[0,9007199254740991]]`: all, // a pair over every seq costs one range
		``:                       all,
	} {
		got := summaries(t, fiveMessages+summary(7, v3op, cited))
		if len(got) != 1 || got[0] != want {
			t.Errorf("sourceEventSeqs %s: %+v, want %+v", cited, got, want)
		}
	}
	if got := summaries(t, fiveMessages+summary(7, v2op, "")); len(got) != 1 || got[0] != all {
		t.Errorf("the v2 spelling's range: %+v, want %+v", got, all)
	}
}

// The messages a summary replaced leave the surface: a second summary that
// cites the first and the message after it replaces two messages, not the
// first summary's three again.
func TestReplacedMessagesLeaveTheSurface(t *testing.T) {
	log := fiveMessages + summary(7, `{"op":"replace","startSeq":1,"endSeq":3}`, `[[1,4]]`) +
		summary(8, `{"op":"replace","startSeq":6,"endSeq":7}`, `[[1,7]]`)
	got := summaries(t, log)
	want := []session.Replaced{{Messages: 3, FirstTurn: 1, LastTurn: 1}, {Messages: 2, FirstTurn: 2, LastTurn: 2}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("summaries %+v, want %+v", got, want)
	}
}
