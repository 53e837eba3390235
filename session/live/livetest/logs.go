package livetest

import (
	"errors"
	"fmt"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// readLog reads a harness session log as the host serves it: one event per
// seq, packed delta rows expanded to one assistant/chunk each, no header.
func readLog(path string) (string, []jsontext.Value, error) {
	var id string
	var events []jsontext.Value
	add := func(seq int64, ev jsontext.Value) error {
		if seq != int64(len(events)) {
			return fmt.Errorf("seq %d where %d was due", seq, len(events))
		}
		events = append(events, ev)
		return nil
	}
	err := readLines(path, func(line []byte) error {
		var row struct {
			Type  string         `json:"type"`
			ID    string         `json:"id"`
			Seq   *int64         `json:"seq"`
			Seq0  int64          `json:"seq0"`
			Time0 int64          `json:"time0"`
			Data  jsontext.Value `json:"data"`
		}
		if err := jsonline.Unmarshal(line, &row); err != nil {
			return err
		}
		switch {
		case row.Type == "session":
			id = row.ID
			return nil
		case row.Type == "text-chunks" || row.Type == "reasoning-chunks":
			chunks, err := expand(row.Type, row.Seq0, row.Time0, row.Data)
			for i, ev := range chunks {
				if err := add(row.Seq0+int64(i), ev); err != nil {
					return err
				}
			}
			return err
		case row.Seq == nil:
			return fmt.Errorf("a %s row without seq", row.Type)
		}
		return add(*row.Seq, line)
	})
	if err == nil && id == "" {
		err = errors.New("no session header")
	}
	return id, events, err
}

// expand unpacks a run of deltas: delta i has seq seq0+i and time
// time0 plus the first i gaps.
func expand(kind string, seq0, time0 int64, data jsontext.Value) ([]jsontext.Value, error) {
	var d struct {
		Turn  int      `json:"turn"`
		Step  int      `json:"step"`
		Index int      `json:"index"`
		Dt    []int64  `json:"dt"`
		Texts []string `json:"texts"`
	}
	if err := jsonline.Unmarshal(data, &d); err != nil {
		return nil, err
	}
	if len(d.Dt) != len(d.Texts)-1 {
		return nil, fmt.Errorf("a %s row with %d texts and %d gaps", kind, len(d.Texts), len(d.Dt))
	}
	delta := "text-delta"
	if kind == "reasoning-chunks" {
		delta = "reasoning-delta"
	}
	type chunk struct {
		Type  string `json:"type"`
		Index int    `json:"index"`
		Text  string `json:"text"`
	}
	type chunkData struct {
		Turn  int   `json:"turn"`
		Step  int   `json:"step"`
		Chunk chunk `json:"chunk"`
	}
	type event struct {
		Type string    `json:"type"`
		Seq  int64     `json:"seq"`
		Time int64     `json:"time"`
		Data chunkData `json:"data"`
	}
	var out []jsontext.Value
	t := time0
	for i, text := range d.Texts {
		if i > 0 {
			t += d.Dt[i-1]
		}
		ev, err := compact(event{Type: "assistant/chunk", Seq: seq0 + int64(i), Time: t,
			Data: chunkData{Turn: d.Turn, Step: d.Step, Chunk: chunk{Type: delta, Index: d.Index, Text: text}}})
		if err != nil {
			return nil, err
		}
		out = append(out, ev)
	}
	return out, nil
}

// compact encodes v as the host does: no HTML escaping, no newline.
func compact(v any) (jsontext.Value, error) {
	return json.Marshal(v)
}
