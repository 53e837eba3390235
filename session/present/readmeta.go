package present

import (
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// readResultMeta narrows a read result's meta into the read card's data,
// by the harness's rules (readMetaFromMeta): a JSON object (not null, not an
// array) whose path is a string, offset an integer ≥ 1, totalLines an integer
// ≥ 0, lines an array of {number: integer ≥ 1, text: string} whose numbers
// strictly increase from above offset − 1 and never pass totalLines, and lang
// absent or a string. Anything else is not a read card. It never panics.
//
// One deliberate difference: JavaScript takes any integral double (1e300) as
// an integer; deck takes integers only up to 2^53 − 1, the exact range.
func readResultMeta(meta any) (session.ReadResultView, bool) {
	var v session.ReadResultView
	m, ok := jsonline.AsObject(meta)
	if !ok {
		return v, false
	}
	path, ok := m["path"].(string)
	if !ok {
		return v, false
	}
	offset, ok := jsonline.Int(m["offset"])
	if !ok || offset < 1 {
		return v, false
	}
	total, ok := jsonline.Int(m["totalLines"])
	if !ok || total < 0 {
		return v, false
	}
	list, ok := m["lines"].([]any)
	if !ok {
		return v, false
	}
	lines := make([]session.ReadFileLine, 0, len(list))
	previous := offset - 1
	for _, item := range list {
		l, ok := jsonline.AsObject(item)
		if !ok {
			return v, false
		}
		n, ok := jsonline.Int(l["number"])
		if !ok || n < 1 || n <= previous || n > total {
			return v, false
		}
		text, ok := l["text"].(string)
		if !ok {
			return v, false
		}
		lines = append(lines, session.ReadFileLine{Number: int(n), Text: text})
		previous = n
	}
	lang, present := m["lang"]
	if present {
		s, ok := lang.(string)
		if !ok {
			return v, false
		}
		v.Lang = s
	}
	v.Path, v.Offset, v.TotalLines, v.Lines = path, int(offset), int(total), lines
	return v, true
}
