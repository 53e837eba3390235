package session

import "strings"

// The file tools of @deepseek-ai/dsh-tool-fs: read, write, edit, list,
// read_image (packages/fs/tool-fs/src).

func init() {
	register([]string{"read"}, presenter{
		schema: schema{"file_path": req("string"), "offset": opt("number"), "limit": opt("number")},
		call:   readCall,
		result: readResult,
	})
	register([]string{"write"}, presenter{
		schema: schema{"file_path": req("string"), "content": req("string")},
		call: func(a args) CallView {
			return DiffCallView{Title: "Write " + a.str("file_path"), Diffs: writeDiff(a), Locations: []FileLocation{{Path: a.str("file_path")}}}
		},
		result: func(a args, r *ToolResult) ResultView {
			if r.IsError {
				return nil
			}
			diffs, ok := diffsFromMeta(r.Meta)
			if !ok { // a new file, an identical overwrite, an old log: the whole file
				diffs = writeDiff(a)
			}
			return DiffResultView{Title: "Write " + a.str("file_path"), Diffs: diffs}
		},
	})
	register([]string{"edit"}, presenter{
		schema: schema{"file_path": req("string"), "old_string": req("string"), "new_string": req("string"), "replace_all": opt("boolean")},
		call: func(a args) CallView {
			var old *string
			if s := a.str("old_string"); s != "" {
				old = &s
			}
			return DiffCallView{
				Title:     "Edit " + a.str("file_path"),
				Diffs:     []FileDiff{{Path: a.str("file_path"), OldText: old, NewText: a.str("new_string")}},
				Locations: []FileLocation{{Path: a.str("file_path")}},
			}
		},
		result: func(a args, r *ToolResult) ResultView {
			if r.IsError {
				return nil
			}
			diffs, ok := diffsFromMeta(r.Meta)
			if !ok {
				return nil
			}
			return DiffResultView{Title: "Edit " + a.str("file_path"), Diffs: diffs}
		},
	})
	register([]string{"list"}, presenter{
		schema: schema{"path": opt("string")},
		call: func(a args) CallView {
			p := "."
			if a.has("path") {
				p = a.str("path")
			}
			return GenericCallView{Title: "List " + p, Kind: "read", Locations: []FileLocation{{Path: p}}}
		},
	})
	register([]string{"read_image"}, presenter{
		schema: schema{"file_path": req("string")},
		call: func(a args) CallView {
			return GenericCallView{Title: "Read image " + a.str("file_path"), Kind: "read", Locations: []FileLocation{{Path: a.str("file_path")}}}
		},
	})
}

func writeDiff(a args) []FileDiff {
	return []FileDiff{{Path: a.str("file_path"), OldText: nil, NewText: a.str("content")}}
}

// readCall titles a read with its window: "Read f (5 - 8)", "Read f (from
// line 7)", or just "Read f".
func readCall(a args) CallView {
	offset, hasOffset := a.num("offset")
	limit, hasLimit := a.num("limit")
	start := 1.0
	if hasOffset {
		start = offset
	}
	window := ""
	switch {
	case hasLimit && limit > 0:
		window = " (" + jsNumber(start) + " - " + jsNumber(start+limit-1) + ")"
	case hasOffset:
		window = " (from line " + jsNumber(offset) + ")"
	}
	return GenericCallView{
		Title:     "Read " + a.str("file_path") + window,
		Kind:      "read",
		Locations: []FileLocation{{Path: a.str("file_path"), Line: int(start)}},
	}
}

// readResult is the read card, from the result's meta; it declines on an
// error, on meta that does not narrow, and on text that is not the envelope.
func readResult(_ args, r *ToolResult) ResultView {
	if r.IsError {
		return nil
	}
	v, ok := ReadMetaFromMeta(r.Meta)
	if !ok {
		return nil
	}
	text, ok := singleText(r)
	if !ok {
		return nil
	}
	body, ok := readEnvelope(text)
	if !ok {
		return nil
	}
	v.Content = []ContentBlock{{Type: "text", Text: body}}
	return v
}

// readEnvelope returns what is inside the read tool's envelope
// "<path>…</path>\n<type>file</type>\n<content>\n…\n</content>": the path on
// one line, the body anything up to the final "\n</content>".
func readEnvelope(text string) (string, bool) {
	const head, tail = "<type>file</type>\n<content>\n", "\n</content>"
	nl := strings.IndexByte(text, '\n')
	if nl < 0 {
		return "", false
	}
	first, rest := text[:nl], text[nl+1:]
	if len(first) < len("<path></path>") || !strings.HasPrefix(first, "<path>") || !strings.HasSuffix(first, "</path>") {
		return "", false
	}
	if !strings.HasPrefix(rest, head) {
		return "", false
	}
	rest = rest[len(head):]
	if !strings.HasSuffix(rest, tail) {
		return "", false
	}
	return rest[:len(rest)-len(tail)], true
}

// diffsFromMeta narrows {diffs: FileDiff[]} all or nothing: a non-empty
// array whose every entry has a string path, a string or null oldText and a
// string newText.
func diffsFromMeta(meta any) ([]FileDiff, bool) {
	m, ok := object(meta)
	if !ok {
		return nil, false
	}
	list, ok := m["diffs"].([]any)
	if !ok || len(list) == 0 {
		return nil, false
	}
	out := make([]FileDiff, 0, len(list))
	for _, item := range list {
		d, ok := object(item)
		if !ok {
			return nil, false
		}
		path, ok1 := d["path"].(string)
		newText, ok2 := d["newText"].(string)
		old, present := d["oldText"]
		if !ok1 || !ok2 || !present {
			return nil, false
		}
		fd := FileDiff{Path: path, NewText: newText}
		switch o := old.(type) {
		case nil:
		case string:
			fd.OldText = &o
		default:
			return nil, false
		}
		out = append(out, fd)
	}
	return out, true
}
