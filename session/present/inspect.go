package present

import (
	"bytes"
	"strconv"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// The web client's generic record view (detail-model-shared.ts's
// inspection items, as the zsagi1368 fork of the harness keeps it; what it
// yields pinned by 1394225561/deepseek-harness's details-models test): a
// JSON value a tool returns as an open record (a teammate, a team task, a
// Cordis provider) becomes items, each its title, description and state
// from the keys that name them, its other scalars as labelled fields in
// the order the tool wrote them, and each nested record or list as items
// one level deeper under its label.

// record is a JSON object with its members in the order they were
// written; a name written twice keeps its first place and its last value,
// as JSON.parse does.
type record struct {
	keys []string
	vals []any
	raw  []byte // its text, for a record shown as JSON
}

func (r *record) get(key string) (any, bool) {
	for i, k := range r.keys {
		if k == key {
			return r.vals[i], true
		}
	}
	return nil, false
}

// at is the value of key, nil when it has none.
func (r *record) at(key string) any {
	v, _ := r.get(key)
	return v
}

// list is a JSON array and its text.
type list struct {
	items []any
	raw   []byte
}

// readOrdered reads one whole JSON value, its objects as records: strings
// as string, numbers as jsonline.Number, true/false, nil for null.
func readOrdered(text string) (any, bool) {
	in := []byte(text)
	dec := jsontext.NewDecoder(bytes.NewReader(in), jsonline.Options)
	v, err := orderedValue(dec, in)
	if err != nil {
		return nil, false
	}
	if _, err := dec.ReadToken(); err == nil { // a second value after the first
		return nil, false
	}
	return v, jsonline.Valid(in)
}

func orderedValue(dec *jsontext.Decoder, in []byte) (any, error) {
	start := dec.InputOffset()
	tok, err := dec.ReadToken()
	if err != nil {
		return nil, err
	}
	// the value's text starts at its opening bracket, after the blanks,
	// comma or colon before it
	from := start + int64(bytes.IndexAny(in[start:], "{["))
	switch tok.Kind() {
	case '{':
		r := &record{}
		var at map[string]int
		for dec.PeekKind() != '}' {
			name, err := dec.ReadToken()
			if err != nil {
				return nil, err
			}
			key := name.String()
			v, err := orderedValue(dec, in)
			if err != nil {
				return nil, err
			}
			if i, seen := at[key]; seen {
				r.vals[i] = v
				continue
			}
			if at == nil {
				at = map[string]int{}
			}
			at[key] = len(r.keys)
			r.keys, r.vals = append(r.keys, key), append(r.vals, v)
		}
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
		r.raw = in[from:dec.InputOffset()]
		return r, nil
	case '[':
		l := &list{}
		for dec.PeekKind() != ']' {
			v, err := orderedValue(dec, in)
			if err != nil {
				return nil, err
			}
			l.items = append(l.items, v)
		}
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
		l.raw = in[from:dec.InputOffset()]
		return l, nil
	case '"':
		return tok.String(), nil
	case '0':
		return jsonline.Number(tok.String()), nil
	case 't', 'f':
		return tok.Bool(), nil
	}
	return nil, nil
}

// recordWords are the client's labels for the fields it knows; any other
// is labelled with its own name.
var recordWords = map[string]string{
	"id": "ID", "revision": "Revision", "platform": "Platform", "provider": "Provider", "model": "Model",
	"role": "Role", "context": "Context", "ownerName": "Owner", "ready": "Ready", "blockedBy": "Dependencies",
	"writeScopes": "Write scopes", "writeScopeWarnings": "Warnings", "diagnostics": "Diagnostics",
	"methods": "Methods", "inputSchema": "Input schema", "outputSchema": "Output schema",
	"currentPackageId": "Current package", "nextPackageId": "Next package", "latestRun": "Latest run",
	"packages": "Packages", "registrations": "Registrations", "props": "Props", "data": "Data",
	"source": "Source", "arguments": "IN", "content": "Content", "message": "Message", "messageId": "Message ID",
	"status": "Status", "root": "Root", "pid": "Process ID", "type": "Type", "time": "Time",
	"seq": "Event sequence", "turn": "Turn", "step": "Step", "callId": "Call ID", "agentsStarted": "Agents started",
	"output": "OUT", "result": "Result",
}

func recordLabel(key string) string {
	if w, ok := recordWords[key]; ok {
		return w
	}
	return key
}

// The keys whose text titles a record, and describes it, first found first.
var (
	titleKeys       = []string{"subject", "title", "name", "pluginId", "packageId", "id", "summary"}
	descriptionKeys = []string{"description", "purpose"}
)

const (
	maxRecordItems = 40 // of a list, the client's; the rest counted
	maxRecordDepth = 4  // records deeper are shown as their JSON
)

// scalarText is a value that is no record or list, in the client's words.
func scalarText(v any) string {
	switch v := v.(type) {
	case nil:
		return "None"
	case bool:
		if v {
			return "Yes"
		}
		return "No"
	case string:
		return v
	case jsonline.Number:
		if f, err := strconv.ParseFloat(string(v), 64); err == nil {
			return JSNumber(f) // as JavaScript writes it back
		}
		return string(v)
	}
	return ""
}

// jsonCode is a record or list's own text, indented to be read.
func jsonCode(raw []byte) string {
	v := jsontext.Value(bytes.Clone(raw))
	if err := v.Indent(jsontext.WithIndent("  ")); err != nil {
		return string(raw)
	}
	return string(v)
}

// recordItems are v's items: level is how many records and lists hold
// it (the client's depth), at how deep it is drawn.
func recordItems(v any, level, at int) []session.DetailItem {
	switch x := v.(type) {
	case *record:
		if level > maxRecordDepth {
			return []session.DetailItem{{Code: jsonCode(x.raw), Depth: at}}
		}
		return recordItem(x, level, at)
	case *list:
		if level > maxRecordDepth {
			return []session.DetailItem{{Code: jsonCode(x.raw), Depth: at}}
		}
		var items []session.DetailItem
		for _, e := range x.items[:min(len(x.items), maxRecordItems)] {
			items = append(items, recordItems(e, level+1, at)...)
		}
		if n := len(x.items) - maxRecordItems; n > 0 {
			items = append(items, session.DetailItem{Description: plural(n, "more item", "more items"), Depth: at})
		}
		if len(items) == 0 {
			return []session.DetailItem{{Description: noResults, Depth: at}}
		}
		return items
	}
	return []session.DetailItem{{Description: scalarText(v), Depth: at}}
}

// firstText is the first of keys whose value is text, and that key.
func firstText(r *record, keys []string) (string, string) {
	for _, k := range keys {
		if v, ok := r.get(k); ok {
			if s, ok := v.(string); ok && s != "" {
				return k, s
			}
		}
	}
	return "", ""
}

// recordItem is a record's own item, then its nested fields' items, each
// under an item titled with the field's label.
func recordItem(r *record, level, at int) []session.DetailItem {
	titleKey, title := firstText(r, titleKeys)
	descKey, desc := firstText(r, descriptionKeys)
	it := session.DetailItem{Title: title, Description: desc, Depth: at}
	if s, ok := r.at("status").(string); ok {
		it.Badge = statusWord(s)
		if title == "" {
			it.Title = "Result"
		}
	}
	var nested []session.DetailItem
	group := func(key string, items ...session.DetailItem) {
		nested = append(nested, session.DetailItem{Title: recordLabel(key), Depth: at + 1})
		nested = append(nested, items...)
	}
	for i, key := range r.keys {
		v := r.vals[i]
		if key == titleKey || key == descKey {
			continue
		}
		if s, ok := v.(string); ok && key == "status" {
			continue
		} else if ok && key == "arguments" { // a call's arguments, as the JSON text it sent
			if args, ok := readOrdered(s); ok {
				if a, ok := args.(*record); ok {
					group(key, recordItems(a, level+1, at+2)...)
					continue
				}
			}
		}
		if key == "inputSchema" || key == "outputSchema" {
			group(key, session.DetailItem{Code: valueJSON(v), Depth: at + 2})
			continue
		}
		switch x := v.(type) {
		case *list:
			if len(x.items) > 0 {
				group(key, recordItems(x, level+1, at+2)...)
			}
		case *record:
			group(key, recordItems(x, level+1, at+2)...)
		default:
			it.Fields = append(it.Fields, session.DetailField{Label: recordLabel(key), Value: scalarText(v)})
		}
	}
	return append([]session.DetailItem{it}, nested...)
}

// valueJSON is any value as JSON text to read (a schema).
func valueJSON(v any) string {
	switch x := v.(type) {
	case *record:
		return jsonCode(x.raw)
	case *list:
		return jsonCode(x.raw)
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(x)
	case string:
		b, _ := jsonline.Marshal(x)
		return string(b)
	}
	return scalarText(v)
}
