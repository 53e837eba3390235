package present

import (
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// The file tools of @deepseek-ai/dsh-tool-fs: read, write, edit, list,
// read_image (packages/fs/tool-fs/src).

func init() {
	register([]string{"read"}, presenter{
		schema: schema{"file_path": req(str()), "offset": opt(number), "limit": opt(number)},
		call:   ReadCall,
		result: ReadResult,
	})
	register([]string{"write"}, presenter{
		schema: withSandbox(schema{"file_path": req(str()), "content": req(str())}),
		call: func(a Args) session.CallView {
			return session.DiffCallView{Title: "Write " + a.Str("file_path"), Diffs: writeDiff(a), Locations: []session.FileLocation{{Path: a.Str("file_path")}}}
		},
		result: func(a Args, r *session.ToolResult) session.ResultView {
			if r.IsError {
				return nil
			}
			diffs, ok := diffsFromMeta(r.Meta)
			if !ok { // a new file, an identical overwrite, an old log: the whole file
				diffs = writeDiff(a)
			}
			diffs = asWritten(diffs, r, a)
			return session.DiffResultView{Title: "Write " + a.Str("file_path"), Diffs: wholeWrites(diffs, r)}
		},
	})
	register([]string{"edit"}, presenter{
		schema: withSandbox(schema{"file_path": req(str()), "old_string": req(str()), "new_string": req(str()), "replace_all": opt(boolean)}),
		call: func(a Args) session.CallView {
			var old *string
			if s := a.Str("old_string"); s != "" {
				old = &s
			}
			return session.DiffCallView{
				Title:     "Edit " + a.Str("file_path"),
				Diffs:     []session.FileDiff{{Path: a.Str("file_path"), OldText: old, NewText: a.Str("new_string")}},
				Locations: []session.FileLocation{{Path: a.Str("file_path")}},
			}
		},
		result: func(a Args, r *session.ToolResult) session.ResultView {
			if r.IsError {
				return nil
			}
			diffs, ok := diffsFromMeta(r.Meta)
			if !ok {
				return nil
			}
			return session.DiffResultView{Title: "Edit " + a.Str("file_path"), Diffs: asWritten(diffs, r, a)}
		},
	})
	register([]string{"list"}, presenter{
		schema: schema{"path": opt(str())},
		call: func(a Args) session.CallView {
			p := "."
			if a.Has("path") {
				p = a.Str("path")
			}
			return session.GenericCallView{Title: "List " + p, Kind: "read", Locations: []session.FileLocation{{Path: p}}}
		},
	})
	register([]string{"read_image"}, presenter{
		schema: schema{"file_path": req(str())},
		call: func(a Args) session.CallView {
			return session.GenericCallView{Title: "Read image " + a.Str("file_path"), Kind: "read", Locations: []session.FileLocation{{Path: a.Str("file_path")}}}
		},
		result: readImageResult,
	})
}

func writeDiff(a Args) []session.FileDiff {
	return []session.FileDiff{{Path: a.Str("file_path"), OldText: nil, NewText: a.Str("content")}}
}

// ReadCall titles a read with its window: "Read f (5 - 8)", "Read f (from
// line 7)", or just "Read f".
func ReadCall(a Args) session.CallView {
	offset, hasOffset := a.Num("offset")
	limit, hasLimit := a.Num("limit")
	start := 1.0
	if hasOffset {
		start = offset
	}
	window := ""
	switch {
	case hasLimit && limit > 0:
		window = " (" + JSNumber(start) + " - " + JSNumber(start+limit-1) + ")"
	case hasOffset:
		window = " (from line " + JSNumber(offset) + ")"
	}
	return session.GenericCallView{
		Title:     "Read " + a.Str("file_path") + window,
		Kind:      "read",
		Locations: []session.FileLocation{{Path: a.Str("file_path"), Line: int(start)}},
	}
}

// ReadResult is the read card, from the result's meta; it declines on an
// error, on meta that does not narrow, and on text that is not the envelope.
func ReadResult(_ Args, r *session.ToolResult) session.ResultView {
	if r.IsError {
		return nil
	}
	v, ok := readResultMeta(r.Meta)
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
	v.Content = []session.ContentBlock{{Type: "text", Text: body}}
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
func diffsFromMeta(meta any) ([]session.FileDiff, bool) {
	m, ok := jsonline.AsObject(meta)
	if !ok {
		return nil, false
	}
	list, ok := m["diffs"].([]any)
	if !ok || len(list) == 0 {
		return nil, false
	}
	out := make([]session.FileDiff, 0, len(list))
	for _, item := range list {
		d, ok := jsonline.AsObject(item)
		if !ok {
			return nil, false
		}
		path, ok1 := d["path"].(string)
		newText, ok2 := d["newText"].(string)
		old, present := d["oldText"]
		if !ok1 || !ok2 || !present {
			return nil, false
		}
		fd := session.FileDiff{Path: path, NewText: newText}
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

// asWritten names the file the result recorded it changed (meta.path, the
// 0.2 harness's) by the path the call gave it, as the web client's diff
// card does: the same file, as the model wrote it ("../lib/x.go", not the
// absolute path it resolved to). Another file's diff keeps its own path.
func asWritten(diffs []session.FileDiff, r *session.ToolResult, a Args) []session.FileDiff {
	recorded, given := RecordedPath(r.Meta, "path"), a.Str("file_path")
	if recorded == "" || blank(given) {
		return diffs
	}
	for i := range diffs {
		if diffs[i].Path == recorded {
			diffs[i].Path = given
		}
	}
	return diffs
}

// wholeWrites marks a write's diffs whose oldText is null as whole content:
// null is a new file or an overwrite, and only the tool's "Created file"
// says which.
func wholeWrites(diffs []session.FileDiff, r *session.ToolResult) []session.FileDiff {
	created := writeOutcome(r) == "Created file"
	for i := range diffs {
		diffs[i].Whole = diffs[i].OldText == nil && !created
	}
	return diffs
}

// writeOutcome is what a write's result says it did to the file: "Created
// file" or "Updated file", a line of its own in the tool's envelope
// (<path>…</path>, <type>file</type>, <content>, then the outcome), never
// words inside the path; "" when it says neither.
func writeOutcome(r *session.ToolResult) string {
	if r == nil {
		return ""
	}
	for line := range strings.Lines(session.TextOf(r.Content)) {
		if l := strings.TrimSpace(line); l == "Created file" || l == "Updated file" {
			return l
		}
	}
	return ""
}
