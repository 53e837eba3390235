package harness

import (
	"errors"
	"fmt"
	"sync"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// record is one line of a harness log: the header, an event, or a packed row
// of chunk events. Numbers stay jsonline.Number so a bad one (1e400) is reported
// for that field instead of failing the whole line.
type record struct {
	Type      string          `json:"type"`
	Seq       jsonline.Number `json:"seq"`
	Time      jsonline.Number `json:"time"`
	Data      jsontext.Value  `json:"data"`
	SurfaceOp jsontext.Value  `json:"surfaceOp"`
	Ignorable bool            `json:"ignorable"` // a reader that does not know the type may skip it
	// SourceEventSeqs are the earlier events a surface event cites
	SourceEventSeqs eventSeqs `json:"sourceEventSeqs"`

	// packed chunk rows
	Seq0  jsonline.Number `json:"seq0"`
	Time0 jsonline.Number `json:"time0"`

	// the header line
	Version         jsonline.Number `json:"version"`
	ID              string          `json:"id"`
	CreatedAt       jsonline.Number `json:"createdAt"`
	Cwd             string          `json:"cwd"`
	ParentSession   string          `json:"parentSession"`
	Origin          string          `json:"origin"`
	DelegationDepth jsonline.Number `json:"delegationDepth"`
	AgentPreset     string          `json:"agentPreset"`
	SeedLength      jsonline.Number `json:"seedLength"` // v0/v1: how many leading events a fork inherited
	IsSeeded        *bool           `json:"isSeeded"`   // v2 on: whether it was forked (nil when unsaid)
	SSHTarget       jsontext.Value  `json:"sshTarget"`  // CoHarness's v6 on: the machine it ran on

	// the data as the fast path (fast.go) decoded it into its shape
	pre any
	// the tool-call arguments it carries, parsed with it (parsedArgsOf)
	args []parsedArgs

	// the render intent a live host attached to the event (Reader.WriteEvent)
	hostView    []byte
	hostViewFor string // "call" or "result"
}

// records are records applied and done with (ApplyPrepared): a log of a
// million events is a million records of some 480 bytes.
var records = sync.Pool{New: func() any { return new(record) }}

// release puts a record no one holds back in the pool, holding nothing.
func (r *record) release() {
	*r = record{}
	records.Put(r)
}

// parseRecord decodes one line, or says in a few words why it is not an event.
func parseRecord(line []byte) (*record, error) {
	var r record
	if err := jsonline.Decode(line, "an event", &r); err != nil {
		return nil, err
	}
	if r.Type == "" {
		return nil, errors.New("not an event: no \"type\"")
	}
	return &r, nil
}

// chunkRow is the data of a packed row: a run of text, reasoning or tool-call
// deltas of one block, stored as one line.
type chunkRow struct {
	Turn  jsonline.Number   `json:"turn"`
	Step  jsonline.Number   `json:"step"`
	Index jsonline.Number   `json:"index"`
	Dt    []jsonline.Number `json:"dt"`
	Texts []string          `json:"texts"`
	Args  []string          `json:"args"`
	ID    *string           `json:"id"`
	Name  *string           `json:"name"`
}

// expandRow turns a packed row back into its assistant/chunk events. Member k
// has seq seq0+k; times are cumulative: each dt is the gap to the next member.
func expandRow(r *record) ([]chunkEvent, error) {
	row, ok := r.pre.(*chunkRow)
	if !ok {
		row = new(chunkRow)
		if err := jsonline.Unmarshal(r.Data, row); err != nil {
			return nil, fmt.Errorf("bad %s row: %s", r.Type, jsonline.Short(err))
		}
	}
	members := row.Texts
	kind := "text-delta"
	switch r.Type {
	case "reasoning-chunks":
		kind = "reasoning-delta"
	case "tool-call-chunks":
		kind = "tool-call-delta"
		members = row.Args
		if row.ID == nil {
			return nil, errors.New("bad tool-call-chunks row: no id")
		}
	}
	if len(members) == 0 {
		return nil, fmt.Errorf("bad %s row: no members", r.Type)
	}
	if len(row.Dt) != len(members)-1 {
		return nil, fmt.Errorf("bad %s row: %d members but %d time gaps", r.Type, len(members), len(row.Dt))
	}
	seq0, ok1 := jsonline.Int(r.Seq0)
	t, ok2 := jsonline.Int(r.Time0)
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("bad %s row: seq0 or time0 is not an integer", r.Type)
	}
	out := make([]chunkEvent, len(members))
	for k, m := range members {
		if k > 0 {
			t += jsonline.Num(row.Dt[k-1])
		}
		c := chunk{Type: kind, Index: row.Index, Text: m}
		if kind == "tool-call-delta" {
			c = chunk{Type: kind, Index: row.Index, ID: *row.ID, ArgumentsDelta: m}
			if row.Name != nil {
				c.Name = *row.Name
			}
		}
		out[k] = chunkEvent{Seq: seq0 + int64(k), Time: t, Turn: jsonline.Num(row.Turn), Step: jsonline.Num(row.Step), Chunk: c}
	}
	return out, nil
}

// chunk is one streamed piece of an assistant message (the harness's
// StreamChunk).
type chunk struct {
	Type           string                `json:"type"`
	Index          jsonline.Number       `json:"index"`
	BlockType      string                `json:"blockType"`
	Text           string                `json:"text"`
	ID             string                `json:"id"`
	Name           string                `json:"name"`
	ArgumentsDelta string                `json:"argumentsDelta"`
	Block          *session.ContentBlock `json:"block"`
	Usage          *usageData            `json:"usage"`
	Reason         jsontext.Value        `json:"reason"`
}

// chunkEvent is an assistant/chunk event, from its own line or a packed row.
type chunkEvent struct {
	Seq, Time  int64
	Turn, Step int64
	Chunk      chunk
}

type usageData struct {
	InputTokens      jsonline.Number `json:"inputTokens"`
	OutputTokens     jsonline.Number `json:"outputTokens"`
	CacheReadTokens  jsonline.Number `json:"cacheReadTokens"`
	CacheWriteTokens jsonline.Number `json:"cacheWriteTokens"`
	ReasoningTokens  jsonline.Number `json:"reasoningTokens"`
}

// tokens is the usage as the model counts it; none for a nil one.
func (d *usageData) tokens() session.TokenUsage {
	if d == nil {
		return session.TokenUsage{}
	}
	return session.TokenUsage{
		Input: jsonline.Num(d.InputTokens), Output: jsonline.Num(d.OutputTokens),
		CacheRead: jsonline.Num(d.CacheReadTokens), CacheWrite: jsonline.Num(d.CacheWriteTokens),
		Reasoning: jsonline.Num(d.ReasoningTokens),
		Recorded:  session.Recorded(d.CacheReadTokens+d.CacheWriteTokens != "", d.ReasoningTokens != ""),
	}
}
