package claude

import (
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
)

// The file tools' results: reads, edits and writes, numbered with the
// session's file lines and remembered for the diffs after them.

// readResult is a Read's card: the window from toolUseResult.file, or the
// numbered lines of the result text when that is all there is.
func (d *Decoder) readResult(a present.Args, obj map[string]any, text string) session.ResultView {
	path := a.Str("file_path")
	if f, ok := jsonline.AsObject(obj["file"]); ok {
		if content, ok := f["content"].(string); ok {
			if p, ok := f["filePath"].(string); ok && p != "" {
				path = p
			}
			start := 1
			if n, ok := jsonline.Int(f["startLine"]); ok && n > 0 {
				start = int(n)
			}
			total, _ := jsonline.Int(f["totalLines"])
			lines := numberedFrom(content, start)
			v := present.ReadView(path, lines, int(total))
			d.files.Read(v)
			if start == 1 && len(lines) == int(total) {
				d.remember(path, content)
			}
			return v
		}
		return nil // an image, a notebook, a PDF: the generic card
	}
	if lines, ok := present.NumberedLines(text); ok {
		v := present.ReadView(path, lines, 0)
		d.files.Read(v)
		return v
	}
	return nil
}

// numberedFrom numbers a read's text as Claude Code counts it: a final
// newline ends one more, empty, line.
func numberedFrom(text string, first int) []session.ReadFileLine {
	if text == "" {
		return nil
	}
	rows := strings.Split(text, "\n")
	out := make([]session.ReadFileLine, len(rows))
	for i, r := range rows {
		out[i] = session.ReadFileLine{Number: first + i, Text: r}
	}
	return out
}

// editResult is an Edit's or MultiEdit's card: the structured patch's
// hunks, which say where they start; else the replacements asked for,
// placed by what the session knows of the file.
func (d *Decoder) editResult(c *session.ToolCall, a present.Args, obj map[string]any) session.ResultView {
	path := a.Str("file_path")
	if p, ok := obj["filePath"].(string); ok && p != "" {
		path = p
	}
	diffs, starts := patch(path, obj["structuredPatch"])
	if len(diffs) == 0 {
		diffs = editDiffs(a)
		starts = d.files.Number(diffs)
	}
	d.files.Apply(diffs, starts)
	d.editWhole(path, a, obj)
	c.DiffStarts = starts
	return session.DiffResultView{Diffs: diffs}
}

// writeResult is a Write's card: a new file whole; an overwrite as the
// patch, or as the old text (Claude Code's, else the session's) diffed
// against the new; failing all of those, the new text whole, said so.
func (d *Decoder) writeResult(c *session.ToolCall, a present.Args, obj map[string]any, text string) session.ResultView {
	path, content := a.Str("file_path"), a.Str("content")
	if p, ok := obj["filePath"].(string); ok && p != "" {
		path = p
	}
	if s, ok := obj["content"].(string); ok {
		content = s
	}
	known, isKnown := d.whole[d.files.Key(path)]
	original, hasOriginal := obj["originalFile"].(string)
	hasOriginal = hasOriginal && len(original) <= maxWhole // too big to diff
	diffs, starts := patch(path, obj["structuredPatch"])
	title := ""
	switch {
	case len(diffs) > 0:
	case obj["type"] == "create" || strings.HasPrefix(text, "File created successfully"):
		diffs, starts = present.TextHunks(path, nil, content)
	case hasOriginal:
		diffs, starts = present.TextHunks(path, &original, content)
	case isKnown:
		diffs, starts = present.TextHunks(path, &known, content)
	default:
		diffs, starts = present.TextHunks(path, nil, content)
		title = "Write " + path + " (replaced; its old text is not in the log)"
	}
	d.files.Apply(diffs, starts)
	d.remember(path, content)
	c.DiffStarts = starts
	return session.DiffResultView{Title: title, Diffs: diffs}
}

// patch reads a structuredPatch: hunks {oldStart, oldLines, newStart,
// newLines, lines[" ctx", "-old", "+new"]}, one diff each, starting where
// the hunk says. Anything that is not a hunk is skipped.
func patch(path string, v any) ([]session.FileDiff, []int) {
	list, _ := v.([]any)
	var diffs []session.FileDiff
	var starts []int
	for _, item := range list {
		h, ok := jsonline.AsObject(item)
		if !ok {
			continue
		}
		rows, ok := h["lines"].([]any)
		if !ok {
			continue
		}
		var oldLines, newLines []string
		for _, row := range rows {
			l, _ := row.(string)
			switch {
			case strings.HasPrefix(l, "-"):
				oldLines = append(oldLines, l[1:])
			case strings.HasPrefix(l, "+"):
				newLines = append(newLines, l[1:])
			case strings.HasPrefix(l, `\`): // "\ No newline at end of file"
			default:
				l = strings.TrimPrefix(l, " ")
				oldLines = append(oldLines, l)
				newLines = append(newLines, l)
			}
		}
		start, _ := jsonline.Int(h["oldStart"])
		count, _ := jsonline.Int(h["oldLines"])
		d := session.FileDiff{Path: path, NewText: strings.Join(newLines, "\n")}
		switch {
		case len(oldLines) > 0:
			o := strings.Join(oldLines, "\n")
			d.OldText = &o
		case start > 0 || count > 0: // an insertion into a file that has lines
			empty := ""
			d.OldText = &empty
		}
		if count == 0 && start > 0 {
			start++ // nothing old: the hunk adds after line start
		}
		diffs = append(diffs, d)
		starts = append(starts, int(max(start, 0)))
	}
	return diffs, starts
}

// editWhole keeps the whole text of an edited file when it is known (the
// original Claude Code logged, or the session's), by making the same
// replacements; else the file's text is no longer known.
func (d *Decoder) editWhole(path string, a present.Args, obj map[string]any) {
	key := d.files.Key(path)
	text, ok := d.whole[key]
	for _, k := range []string{"originalFile", "originalFileContents"} {
		if s, isStr := obj[k].(string); isStr {
			text, ok = s, true
		}
	}
	delete(d.whole, key)
	if !ok {
		return
	}
	edits, _ := a["edits"].([]any)
	if edits == nil {
		edits = []any{map[string]any(a)}
	}
	for _, item := range edits {
		e, isObj := jsonline.AsObject(item)
		if !isObj {
			return
		}
		old, _ := e["old_string"].(string)
		repl, _ := e["new_string"].(string)
		if old == "" || !strings.Contains(text, old) {
			return
		}
		if e["replace_all"] == true {
			text = strings.ReplaceAll(text, old, repl)
		} else {
			text = strings.Replace(text, old, repl, 1)
		}
	}
	d.remember(path, text)
}

// maxWhole bounds the text kept of one file: a diff against a huge
// file is not worth the memory.
const maxWhole = 1 << 20

// remember keeps a file's whole text, for the diffs of later writes.
func (d *Decoder) remember(path, text string) {
	key := d.files.Key(path)
	if len(text) > maxWhole {
		delete(d.whole, key)
		return
	}
	d.whole[key] = text
}
