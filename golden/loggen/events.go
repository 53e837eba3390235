package loggen

import (
	"fmt"
	"math/rand/v2"
	"regexp"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// obj is one JSON object of the log: names and values in turn, written in
// this order (the harness writes "type" first, and readers may rely on it).
type obj []any

func (o obj) MarshalJSONTo(enc *jsontext.Encoder) error {
	if err := enc.WriteToken(jsontext.BeginObject); err != nil {
		return err
	}
	for i := 0; i+1 < len(o); i += 2 {
		if err := json.MarshalEncode(enc, o[i]); err != nil {
			return err
		}
		if err := json.MarshalEncode(enc, o[i+1]); err != nil {
			return err
		}
	}
	return enc.WriteToken(jsontext.EndObject)
}

// gen writes one session's events, numbering and timing them.
type gen struct {
	out   *sink
	files []string
	root  string
	rng   *rand.Rand
	seq   int64
	now   int64
	calls int
	// what a tree's session changes (tree.go); the zero values write the
	// one session Generate writes
	id, cwd string
	light   bool   // short turns: a file's first lines, a short test run
	plant   string // a word the first prompt says too
}

// sessionID and dir are the header's, Generate's when not set.
func (g *gen) sessionID() string {
	if g.id == "" {
		return "7e1d0c9a-0b7f-4c55-9d0e-5a1b2c3d4e5f"
	}
	return g.id
}

func (g *gen) dir() string {
	if g.cwd == "" {
		return cwd
	}
	return g.cwd
}

const (
	cwd      = "/home/dev/src/go"
	provider = "deepseek-official"
	model    = "deepseek-v4-pro"
)

func (g *gen) tick(ms int64) int64 {
	g.now += ms
	return g.now
}

// event writes one event line.
func (g *gen) event(typ string, data obj, extra ...any) {
	g.out.line(append(obj{"type", typ, "seq", g.seq, "time", g.tick(7), "data", data}, extra...))
	g.seq++
}

func (g *gen) header() {
	g.out.line(obj{"type", "session", "version", 0, "id", g.sessionID(),
		"createdAt", g.now - 4000, "cwd", g.dir(), "delegationDepth", 0})
}

var tokenRE = regexp.MustCompile(`\s*[\w']+|\s*[^\w\s]|\s+`)

// packed writes a packed chunk row standing for one chunk event per piece,
// as the harness compacts a stream.
func (g *gen) packed(kind string, turn, step, index int, pieces []string, ids obj) {
	dts := make([]int64, max(len(pieces)-1, 0))
	var sum int64
	for i := range dts {
		dts[i] = 17 + int64(i*7%23)
		sum += dts[i]
	}
	data := append(obj{"turn", turn, "step", step, "index", index}, ids...)
	data = append(data, "dt", dts)
	if kind == "tool-call-chunks" {
		data = append(data, "args", pieces)
	} else {
		data = append(data, "texts", pieces)
	}
	g.out.line(obj{"type", kind, "seq0", g.seq, "time0", g.tick(9), "data", data})
	g.seq += int64(len(pieces))
	g.tick(sum)
}

// call is one tool call of a step and what it returns.
type call struct {
	name   string
	args   obj
	result string
	meta   any
	failed bool
	took   int64
}

// block is a reasoning or text block of a step.
type block struct{ kind, text string }

// step writes one model step: its streamed blocks, the message that commits
// them, then its calls and their results (parallel calls all start before
// any result).
func (g *gen) step(turn, step int, blocks []block, calls []call) {
	chunk := func(c obj) { g.event("assistant/chunk", obj{"turn", turn, "step", step, "chunk", c}) }
	g.event("step/start", obj{"turn", turn, "step", step})
	var content []obj
	index := 0
	for _, b := range blocks {
		chunk(obj{"type", "block-start", "index", index, "blockType", b.kind})
		kind := "text-chunks"
		if b.kind == "reasoning" {
			kind = "reasoning-chunks"
		}
		g.packed(kind, turn, step, index, tokenRE.FindAllString(b.text, -1), nil)
		chunk(obj{"type", "block-end", "index", index, "block", obj{"type", b.kind, "text", b.text}})
		content = append(content, obj{"type", b.kind, "text", b.text})
		index++
	}
	ids := make([]string, len(calls))
	for i, c := range calls {
		g.calls++
		ids[i] = fmt.Sprintf("call_%05d", g.calls)
		args, _ := Marshal(c.args)
		chunk(obj{"type", "block-start", "index", index, "blockType", "tool-call"})
		g.packed("tool-call-chunks", turn, step, index, argPieces(string(args)), obj{"id", ids[i], "name", c.name})
		chunk(obj{"type", "block-end", "index", index, "block", obj{"type", "tool-call", "id", ids[i], "name", c.name, "arguments", string(args)}})
		content = append(content, obj{"type", "tool-call", "id", ids[i], "name", c.name, "arguments", string(args)})
		index++
	}
	usage := obj{"inputTokens", 1200 + g.rng.IntN(30000), "outputTokens", 90 + g.rng.IntN(900), "cacheReadTokens", 2816}
	chunk(obj{"type", "usage", "usage", usage})
	finish := "stop"
	if len(calls) > 0 {
		finish = "tool-calls"
	}
	chunk(obj{"type", "finish", "reason", obj{"kind", finish}})
	g.event("assistant/message", obj{"turn", turn, "step", step, "usage", usage, "message", obj{
		"role", "assistant", "content", content, "id", fmt.Sprintf("a-%d", g.seq),
		"source", obj{"kind", "model", "provider", provider, "model", model}}}, "surfaceOp", "append")
	for i, c := range calls {
		args, _ := Marshal(c.args)
		g.event("tool/call", obj{"turn", turn, "step", step, "callId", ids[i], "name", c.name, "arguments", string(args)})
	}
	for i, c := range calls {
		g.tick(c.took)
		res := obj{"turn", turn, "step", step, "message", obj{
			"source", obj{"kind", "tool", "callId", ids[i]},
			"content", []obj{{"type", "tool-result", "toolCallId", ids[i],
				"content", []obj{{"type", "text", "text", c.result}}, "isError", c.failed}},
			"role", "user", "id", fmt.Sprintf("r-%d", g.seq)}}
		if c.meta != nil {
			res = append(res, "meta", c.meta)
		}
		g.event("tool/result", res, "surfaceOp", "append")
	}
	g.event("step/end", obj{"turn", turn, "step", step})
}

// argPieces splits a call's arguments as a model streams them: an empty
// first piece, then a few characters at a time.
func argPieces(args string) []string {
	pieces := []string{""}
	for len(args) > 0 {
		n := min(9, len(args))
		for n < len(args) && !runeStart(args[n]) {
			n++
		}
		pieces = append(pieces, args[:n])
		args = args[n:]
	}
	return pieces
}

func runeStart(b byte) bool { return b&0xC0 != 0x80 }
