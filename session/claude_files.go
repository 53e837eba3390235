package session

import (
	"strings"

	"github.com/deck-tui/deck/session/internal/jsonline"
)

// The file tools' results: reads, edits and writes, numbered with the
// session's file lines and remembered for the diffs after them.

// readResult is a Read's card: the window from toolUseResult.file, or the
// numbered lines of the result text when that is all there is.
func (d *claudeDecoder) readResult(a Args, obj map[string]any, text string) ResultView {
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
			lines := claudeLines(content, start)
			v := ReadView(path, lines, int(total))
			d.files.Read(v)
			if start == 1 && len(lines) == int(total) {
				d.remember(path, content)
			}
			return v
		}
		return nil // an image, a notebook, a PDF: the generic card
	}
	if lines, ok := NumberedLines(text); ok {
		v := ReadView(path, lines, 0)
		d.files.Read(v)
		return v
	}
	return nil
}

// claudeLines numbers a read's text as Claude Code counts it: a final
// newline ends one more, empty, line.
func claudeLines(text string, first int) []ReadFileLine {
	if text == "" {
		return nil
	}
	rows := strings.Split(text, "\n")
	out := make([]ReadFileLine, len(rows))
	for i, r := range rows {
		out[i] = ReadFileLine{Number: first + i, Text: r}
	}
	return out
}

// editResult is an Edit's or MultiEdit's card: the structured patch's
// hunks, which say where they start; else the replacements asked for,
// placed by what the session knows of the file.
func (d *claudeDecoder) editResult(c *ToolCall, a Args, obj map[string]any) ResultView {
	path := a.Str("file_path")
	if p, ok := obj["filePath"].(string); ok && p != "" {
		path = p
	}
	diffs, starts := claudePatch(path, obj["structuredPatch"])
	if len(diffs) == 0 {
		diffs = claudeEditDiffs(a)
		starts = d.files.Number(diffs)
	}
	d.files.Apply(diffs, starts)
	d.editWhole(path, a, obj)
	c.DiffStarts = starts
	return DiffResultView{Diffs: diffs}
}

// writeResult is a Write's card: a new file whole; an overwrite as the
// patch, or as the old text (Claude Code's, else the session's) diffed
// against the new; failing all of those, the new text whole, said so.
func (d *claudeDecoder) writeResult(c *ToolCall, a Args, obj map[string]any, text string) ResultView {
	path, content := a.Str("file_path"), a.Str("content")
	if p, ok := obj["filePath"].(string); ok && p != "" {
		path = p
	}
	if s, ok := obj["content"].(string); ok {
		content = s
	}
	known, isKnown := d.whole[d.files.key(path)]
	original, hasOriginal := obj["originalFile"].(string)
	hasOriginal = hasOriginal && len(original) <= claudeMaxWhole // too big to diff
	diffs, starts := claudePatch(path, obj["structuredPatch"])
	title := ""
	switch {
	case len(diffs) > 0:
	case obj["type"] == "create" || strings.HasPrefix(text, "File created successfully"):
		diffs, starts = TextHunks(path, nil, content)
	case hasOriginal:
		diffs, starts = TextHunks(path, &original, content)
	case isKnown:
		diffs, starts = TextHunks(path, &known, content)
	default:
		diffs, starts = TextHunks(path, nil, content)
		title = "Write " + path + " (replaced; its old text is not in the log)"
	}
	d.files.Apply(diffs, starts)
	d.remember(path, content)
	c.DiffStarts = starts
	return DiffResultView{Title: title, Diffs: diffs}
}

// claudePatch reads a structuredPatch: hunks {oldStart, oldLines, newStart,
// newLines, lines[" ctx", "-old", "+new"]}, one diff each, starting where
// the hunk says. Anything that is not a hunk is skipped.
func claudePatch(path string, v any) ([]FileDiff, []int) {
	list, _ := v.([]any)
	var diffs []FileDiff
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
		d := FileDiff{Path: path, NewText: strings.Join(newLines, "\n")}
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
func (d *claudeDecoder) editWhole(path string, a Args, obj map[string]any) {
	key := d.files.key(path)
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

// claudeMaxWhole bounds the text kept of one file: a diff against a huge
// file is not worth the memory.
const claudeMaxWhole = 1 << 20

// remember keeps a file's whole text, for the diffs of later writes.
func (d *claudeDecoder) remember(path, text string) {
	key := d.files.key(path)
	if len(text) > claudeMaxWhole {
		delete(d.whole, key)
		return
	}
	d.whole[key] = text
}
